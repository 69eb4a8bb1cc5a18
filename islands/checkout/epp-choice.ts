/**
 * What the payment tab keeps of the EPP choice and sends with the placement. Apart from the EPP
 * part's component (epp-payment.tsx), which the payment tab loads only when a card pays, so the
 * checkout's first chunk stays small.
 */
export type EppPayChoice = { percentDown: number; months: number; plan: 'standard' | 'promo'; eppFee: string | null };
export type EppPayState = EppPayChoice | 'pending' | null;

/** The placement body's EPP fields (none when not paying by EPP). */
export function eppFields(state: EppPayState): Record<string, unknown> {
  if (!state || state === 'pending') return {};
  return {
    epp: 1,
    epp_percent_down: state.percentDown,
    epp_months: state.months,
    epp_plan: state.plan,
    ...(state.eppFee ? { epp_fee: state.eppFee } : {}),
  };
}
