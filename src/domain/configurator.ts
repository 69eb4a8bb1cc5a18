/**
 * Product configuration (spec §4 "Product options", §5): which options are
 * reachable, which choices are active, the configured unit price and stock code.
 * One truth for the product page island (live subtotal, stock code) and for the
 * server (the price a cart line really gets).
 *
 * Options form a tree: an option with parentChoiceId is shown only while that
 * choice is active. A single-choice option (type 0) always has exactly one active
 * choice: the one asked for if it is valid, else its default, else its first. A
 * quantity option (type 1) gives each choice a quantity 0..35; a choice with a
 * quantity above 0 is active. Options that stop being reachable are dropped
 * (hidden and unchecked), so their price and stock-code segments disappear too.
 */
import { clampOptionQuantity } from './quantity.ts';
import { buildStockCode, type StockCodeSelection } from './stock-code.ts';

export type ConfigChoice = {
  id: number;
  name: string;
  stockCodeValue: string;
  /** Added price in the display currency, in cents (per unit for quantity options). */
  priceCents: number;
  isDefault: boolean;
};

export type ConfigOption = {
  id: number;
  name: string;
  /** 0 = pick one; 1 = each choice takes a quantity 0..35. */
  optionType: number;
  parentChoiceId: number | null;
  stockCodePosition: number;
  sort: number;
  choices: ConfigChoice[];
};

/** What a client asks for: the chosen choice of single options, quantities of quantity options. */
export type RequestedSelection = { optionId: number; choiceId: number; quantity?: number };

export type ActiveSelection = { optionId: number; choiceId: number; optionType: number; quantity: number };

export type Configuration = {
  /** Every active choice, in option order (sort, then id). */
  selections: ActiveSelection[];
  /** Options currently shown. */
  visibleOptionIds: number[];
  /** Sum of the active choices' prices (times quantity for quantity options), in cents. */
  optionsCents: number;
};

const byOrder = (a: ConfigOption, b: ConfigOption) => a.sort - b.sort || a.id - b.id;

export function configure(
  options: readonly ConfigOption[],
  requested: readonly RequestedSelection[] = [],
): Configuration {
  const asked = new Map<number, RequestedSelection[]>();
  for (const r of requested) asked.set(r.optionId, [...(asked.get(r.optionId) ?? []), r]);

  const children = new Map<number | null, ConfigOption[]>();
  for (const o of options) children.set(o.parentChoiceId, [...(children.get(o.parentChoiceId) ?? []), o]);
  for (const list of children.values()) list.sort(byOrder);

  const selections: ActiveSelection[] = [];
  const visible: number[] = [];
  // Depth-first from the roots: an option is visited only when its parent choice is active.
  const visit = (option: ConfigOption) => {
    visible.push(option.id);
    const wanted = asked.get(option.id) ?? [];
    const active: ActiveSelection[] = [];
    if (option.optionType === 1) {
      for (const c of option.choices) {
        const q = clampOptionQuantity(wanted.find((w) => w.choiceId === c.id)?.quantity ?? 0, 1);
        if (q > 0) active.push({ optionId: option.id, choiceId: c.id, optionType: 1, quantity: q });
      }
    } else if (option.choices.length) {
      const valid = wanted.map((w) => option.choices.find((c) => c.id === w.choiceId)).find(Boolean);
      const choice = valid ?? option.choices.find((c) => c.isDefault) ?? option.choices[0];
      active.push({ optionId: option.id, choiceId: choice.id, optionType: option.optionType, quantity: 1 });
    }
    selections.push(...active);
    for (const a of active) for (const child of children.get(a.choiceId) ?? []) visit(child);
  };
  for (const root of children.get(null) ?? []) visit(root);

  const choiceById = new Map(options.flatMap((o) => o.choices.map((c) => [c.id, c] as const)));
  const optionsCents = selections.reduce(
    (sum, s) => sum + (choiceById.get(s.choiceId)?.priceCents ?? 0) * s.quantity,
    0,
  );
  return { selections, visibleOptionIds: visible, optionsCents };
}

/**
 * The configured stock code: base plus one segment per active choice, ordered by
 * the option's stock_code_position (then option order). Quantity options carry
 * their quantity in the segment (see stock-code.ts).
 */
export function configuredStockCode(base: string, options: readonly ConfigOption[], config: Configuration): string {
  const optionById = new Map(options.map((o) => [o.id, o]));
  const choiceById = new Map(options.flatMap((o) => o.choices.map((c) => [c.id, c] as const)));
  const ordered = [...config.selections].sort((a, b) => {
    const oa = optionById.get(a.optionId)!;
    const ob = optionById.get(b.optionId)!;
    return oa.stockCodePosition - ob.stockCodePosition || byOrder(oa, ob) || a.choiceId - b.choiceId;
  });
  const segments: StockCodeSelection[] = ordered.map((s) => ({
    stockCodeValue: choiceById.get(s.choiceId)!.stockCodeValue,
    optionType: s.optionType,
    quantity: s.quantity,
  }));
  return buildStockCode(base, segments);
}
