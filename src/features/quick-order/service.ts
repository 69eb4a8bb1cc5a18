/**
 * Quick order: pasted part numbers and quantities resolved to products with their
 * price and stock in the visitor's channel, then added to the cart all together.
 *
 *   resolveQuickOrder  ONE statement for any number of lines (pricingFactsByStockcode), then the
 *                      pure verdicts of src/domain/quick-order.ts; each product priced by the one
 *                      price authority (priceFromFacts), whose refusal is the line's "not sold" reason
 *   addQuickOrder      the same resolution inside ONE transaction, and only when every line is ok:
 *                      the lines go in through the cart's own addPricedTx (merging, the 999 clamp,
 *                      promotions and totals are the cart's rules); otherwise nothing is added
 *
 * Never sees a request: routes pass the channel, the cart reference and the lines.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import { isAppError } from '../../domain/errors.ts';
import {
  allOk,
  judgeLines,
  partKey,
  partKeys,
  type Found,
  type NotSoldReason,
  type QuickLine,
  type Verdict,
} from '../../domain/quick-order.ts';
import {
  priceFromFacts,
  pricingFactsByStockcode,
  type PricedLine,
  type PricingChannel,
  addPricedTx,
  type AddPricedResult,
  type CartRef,
} from '../cart/index.ts';

/** What a line shows of the product its part number names. */
export type QuickProduct = {
  id: number;
  title: string;
  stockcode: string;
  image: string | null;
  /** One unit (default options included) in the channel currency. */
  unitCents: number;
  currency: string;
  availability: PricedLine['availability'];
};

export type QuickVerdict = Verdict<QuickProduct>;

const NOT_SOLD: readonly string[] = [
  'inactive',
  'price',
  'out_of_stock',
  'coming_soon',
  'call',
] satisfies NotSoldReason[];

type Facts = Awaited<ReturnType<typeof pricingFactsByStockcode>>;

/** The facts and each part number's finding; one database statement. */
async function lookUp(db: DbOrTx, channel: PricingChannel, lines: readonly QuickLine[], now: Date) {
  const facts = await pricingFactsByStockcode(db, channel, partKeys(lines));
  const found = new Map<string, Found<QuickProduct>>();
  for (const [key, f] of facts) {
    const shown = priceFromFacts(
      f.product,
      f.options,
      channel,
      { productId: f.product.id, quantity: 1 },
      { enforce: false, now },
    );
    const product: QuickProduct = {
      id: shown.productId,
      title: shown.title,
      stockcode: shown.baseStockcode,
      image: shown.image,
      unitCents: shown.unitCents,
      currency: shown.currency,
      availability: shown.availability,
    };
    try {
      priceFromFacts(f.product, f.options, channel, { productId: f.product.id, quantity: 1 }, { now });
      found.set(key, { kind: 'ok', product });
    } catch (err) {
      // The price authority's refusal is the reason; anything else is not ours to hide.
      if (!isAppError(err) || !NOT_SOLD.includes(err.code)) throw err;
      found.set(key, { kind: 'not_sold', reason: err.code as NotSoldReason, product });
    }
  }
  return { facts, verdicts: judgeLines(lines, found) };
}

/** Each line's verdict with its product, in the visitor's channel. Writes nothing. */
export async function resolveQuickOrder(
  db: DbOrTx,
  channel: PricingChannel,
  lines: readonly QuickLine[],
  { now = new Date() }: { now?: Date } = {},
): Promise<QuickVerdict[]> {
  return (await lookUp(db, channel, lines, now)).verdicts;
}

export type QuickAddResult =
  | { ok: false; verdicts: QuickVerdict[] }
  | { ok: true; verdicts: QuickVerdict[]; cart: AddPricedResult };

/** Every line priced in this transaction from the facts just read (never a figure from the client). */
function pricedLines(
  facts: Facts,
  channel: PricingChannel,
  verdicts: readonly QuickVerdict[],
  now: Date,
): PricedLine[] {
  return verdicts.map((v) => {
    const f = facts.get(partKey(v.stockcode))!;
    return priceFromFacts(f.product, f.options, channel, { productId: f.product.id, quantity: v.quantity! }, { now });
  });
}

/**
 * All the lines into the visitor's cart in one transaction, or none: when any line is not ok the
 * verdicts come back and the cart is untouched.
 */
export function addQuickOrder(
  db: Db,
  ref: CartRef,
  channel: PricingChannel,
  lines: readonly QuickLine[],
  opts: { now?: Date; locale?: string; showDiscount?: boolean; sessionId?: string | null } = {},
): Promise<QuickAddResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const { facts, verdicts } = await lookUp(tx, channel, lines, now);
    if (!allOk(verdicts)) return { ok: false, verdicts };
    const cart = await addPricedTx(tx, ref, channel, pricedLines(facts, channel, verdicts, now), { ...opts, now });
    return { ok: true, verdicts, cart };
  });
}
