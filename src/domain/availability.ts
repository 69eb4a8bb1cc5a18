/**
 * Whether a product (with its chosen options) can be added to the cart, and why not (spec §4, §5).
 *
 * Rules, in order:
 *   1. A resupply date after `now` means the product can be ordered ahead: it shows that date and
 *      lifts "out of stock" and "coming soon", even with nothing on hand.
 *   2. Otherwise the first that applies disables add-to-cart: out of stock (availability
 *      'out_of_stock', or an 'in_stock' product that tracks stock with nothing on hand), then
 *      coming soon, then call for availability. Stock on hand only speaks for products sold from
 *      stock: a product flagged coming soon or call-for-availability naturally has none, and its
 *      flag says more to the shopper than "out of stock" would.
 *   3. 'call' disables add-to-cart even with a future resupply date.
 *   3b. A product that allows back orders is not disabled by being out of stock: it is back-ordered
 *      (`backorder`), and the units no warehouse has ship when they arrive (src/domain/back-order.ts).
 *   4. A computed price of 0 or less disables it too. The availability reason is reported first
 *      because it tells the shopper more than "no price" does.
 */

export type Availability = 'in_stock' | 'out_of_stock' | 'coming_soon' | 'call';
export type AddToCartReason = 'price' | 'out_of_stock' | 'coming_soon' | 'call';

export interface AddToCartInput {
  priceCents: number;
  availability: Availability;
  /** ISO date or date-time; a date alone means midnight UTC of that day. */
  resupplyDate?: string | null;
  stockOnHand: number;
  /** False for services and non-stock items, which never run out. Default true. */
  tracksStock?: boolean;
  /** The product may be ordered on back order when out of stock. Default false. */
  allowBackorder?: boolean;
  now: Date;
}

export interface AddToCartState {
  enabled: boolean;
  reason: AddToCartReason | null;
  /** The resupply date to show, only when it is in the future. */
  resupplyDate: string | null;
  /** Present (true) only when out of stock and ordered on back order instead. */
  backorder?: true;
}

/** Why: an unparseable date counts as no date, never as a future one. */
function timeOf(s: string | null | undefined): number | null {
  if (typeof s !== 'string' || s.trim() === '') return null;
  const t = Date.parse(s.trim());
  return Number.isNaN(t) ? null : t;
}

/** Why: a configured product shows the latest resupply date among its chosen options; null when none parses. */
export function latestResupplyDate(dates: readonly (string | null | undefined)[]): string | null {
  let best: string | null = null;
  let bestTime = -Infinity;
  for (const d of dates) {
    const t = timeOf(d);
    if (t !== null && t > bestTime) {
      best = (d as string).trim();
      bestTime = t;
    }
  }
  return best;
}

/** Why: one decision for the product page button, shared by the server render and the options island. */
export function addToCartState(input: AddToCartInput): AddToCartState {
  const t = timeOf(input.resupplyDate);
  const future = t !== null && t > input.now.getTime();
  const resupplyDate = future ? (input.resupplyDate as string).trim() : null;

  let reason: AddToCartReason | null = null;
  const noStock = input.tracksStock !== false && !(input.stockOnHand > 0);
  const outOfStock = input.availability === 'out_of_stock' || (input.availability === 'in_stock' && noStock);
  const backorder = !future && outOfStock && input.allowBackorder === true;
  if (!future && outOfStock && !backorder) reason = 'out_of_stock';
  else if (!future && input.availability === 'coming_soon') reason = 'coming_soon';
  else if (input.availability === 'call') reason = 'call';
  else if (!(input.priceCents > 0)) reason = 'price';

  return { enabled: reason === null, reason, resupplyDate, ...(backorder ? { backorder: true as const } : {}) };
}
