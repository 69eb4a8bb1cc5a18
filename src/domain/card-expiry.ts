/**
 * THE reading of a typed card expiry: "12/29", "12 / 2029", "1229", "122029", "1-29" and
 * "1/29" all mean December or January of that year. Checkout, saved cards and the staff payment
 * form ask here, so a person may type the digits with or without the slash in any language.
 */
export type CardExpiry = { month: number; year: number };

export function parseCardExpiry(typed: string): CardExpiry | null {
  const s = String(typed ?? '').trim();
  const m = /^(\d{1,2})\s*[/\-.\s]\s*(\d{2}|\d{4})$/.exec(s) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(s);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Why: a card is good through the last day of its expiry month. */
export function cardExpired(e: CardExpiry, now: Date): boolean {
  return Date.UTC(e.year, e.month, 1) <= now.getTime();
}

/** Which card field a provider's error code belongs beside. */
export const CARD_ERROR_FIELD: Record<string, 'number' | 'exp' | 'cvc'> = {
  invalid_card: 'number',
  expired_card: 'exp',
  incorrect_cvc: 'cvc',
};
