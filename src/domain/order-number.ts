/**
 * The number a person reads for an order: a quote is "Quote #N" with N the quote's own
 * number, the one the buyer sees on their quote (quotes.id: views/quotes, quotes.show.title), never
 * "Order #67"; any other order (an accepted quote included: accepting clears the quote flag) is
 * "Order #id". One function, so the order search, the order page and the customer's page agree.
 */

export type DisplayNumber = {
  kind: 'quote' | 'order';
  number: number;
  /** The i18n key of the title, with {{id}} = number. */
  key: 'quotes.show.title' | 'order.title';
};

/** Why: staff and buyer must call a quote by the same number. */
export function orderDisplayNumber(o: {
  id: number;
  status: string;
  quote?: boolean | null;
  quoteId?: number | null;
}): DisplayNumber {
  const isQuote = !!o.quote || o.status === 'quote';
  if (isQuote && o.quoteId != null) return { kind: 'quote', number: o.quoteId, key: 'quotes.show.title' };
  return { kind: 'order', number: o.id, key: 'order.title' };
}
