/**
 * Core deposit lines (pure, shared by the cart, checkout and the screens): a part with a core
 * charge brings a second line of its own, the deposit, so every list of lines and every total adds
 * up without special cases:
 *   title     "Core deposit: <part title>" (the label in the visitor's language)
 *   unit      the core charge for the order's channel (cores.ts coreChargeCents)
 *   quantity  the part's quantity
 *   figures   no organisation discount or promotion takes from it (ledger inScope on
 *             CORE_DEPOSIT_TAG); taxed only when the ship-to taxes deposits (cores.ts coreTaxable)
 */
import { CORE_DEPOSIT_TAG } from './ledger-types.ts';

export { CORE_DEPOSIT_TAG };

/** The English label of the deposit line's title. */
export const CORE_DEPOSIT_LABEL = 'Core deposit';

/** The deposit line's title by language; stored with the line, so worded once (en-us and en-ca share English). */
const DEPOSIT_LABELS: Record<'en' | 'fr' | 'es', string> = {
  en: CORE_DEPOSIT_LABEL,
  fr: 'Consigne',
  es: 'Depósito por casco',
};

export function coreDepositLabel(locale: string): string {
  const language = locale.slice(0, 2);
  return language === 'fr' || language === 'es' ? DEPOSIT_LABELS[language] : DEPOSIT_LABELS.en;
}

/** A part line as the deposit rule needs it: its own key, title, quantity and unit core charge. */
export type CorePart<K> = { key: K; title: string; quantity: number; coreUnitCents: number };

/** A deposit line to show or store beside its part. */
export type CoreDepositLine<K> = { coreOf: K; title: string; unitCents: number; quantity: number; tags: string[] };

/** Why: one wording of the deposit line's title, the label given in the visitor's language. */
export function coreDepositTitle(partTitle: string, label: string = CORE_DEPOSIT_LABEL): string {
  return `${label}: ${partTitle}`;
}

/** Why: only a part with a core charge and a quantity has a deposit; its line follows the part's quantity. */
export function coreDepositLines<K>(
  parts: readonly CorePart<K>[],
  label: string = CORE_DEPOSIT_LABEL,
): CoreDepositLine<K>[] {
  return parts
    .filter((p) => p.coreUnitCents > 0 && p.quantity > 0)
    .map((p) => ({
      coreOf: p.key,
      title: coreDepositTitle(p.title, label),
      unitCents: p.coreUnitCents,
      quantity: p.quantity,
      tags: [CORE_DEPOSIT_TAG],
    }));
}

/** Why: a line is a core deposit by its tag, whatever else it carries. */
export function isCoreDeposit(line: { tags?: readonly string[] }): boolean {
  return line.tags?.includes(CORE_DEPOSIT_TAG) ?? false;
}

/**
 * Why: a deposit line is only ever what its part says: it takes the part's quantity, and leaves
 * with the part (lines carry coreOfLineId: the part's line id, null on every other line).
 */
export function depositsFollowParts<L extends { id: number; quantity: number; coreOfLineId: number | null }>(
  lines: readonly L[],
): L[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return lines.flatMap((l) => {
    if (l.coreOfLineId === null) return [l];
    const part = byId.get(l.coreOfLineId);
    return part ? [{ ...l, quantity: part.quantity }] : [];
  });
}
