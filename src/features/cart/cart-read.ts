/**
 * The cart's one read before a write, sent with the transaction's BEGIN (src/db/opened-transaction.ts):
 *   1. the visitor's cart row, locked, with its channel's rate;
 *   2. (its own snapshot, so after the lock) every line with what the page shows of its product,
 *      the lines' chosen options, the promotions in force, and — when adding — what pricing
 *      needs of the product (src/features/cart/pricing.ts pricingFactsJson).
 * Same rows as lockVisitorCart, cartLines, lineOptions and activePromotions read one by one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { decodeFields, decodeRow } from '../../db/json-rows.ts';
import { channels, lineItemOptions, optionChoices, orderLineItems, orders, productOptions, promotions } from '../../db/schema/index.ts';
import { pricingFactsFrom, pricingFactsJson, type PricingChannel, type PricingFacts } from './pricing.ts';
import { promotionsInForce, type CartLineRow, type CartRef, type CartRows } from './queries.ts';
import { visitorCartWhere, type LockedCart } from './totals.ts';

type Json = Record<string, unknown>;

export type CartRead = {
  cart: LockedCart | null;
  lines: CartLineRow[];
  options: CartRows['options'];
  inForce: (typeof promotions.$inferSelect)[];
  pricing?: PricingFacts;
};

/** The two statements (none when the visitor can have no cart). `pricing`: the product being added. */
export function cartReadStatements(ref: CartRef, now: Date, pricing?: { channel: PricingChannel; productId: number }): SQL[] {
  const where = visitorCartWhere(ref) ?? sql`false`;
  const newest = sql`order by ${orders.createdAt} desc, ${orders.id} desc limit 1`;
  const cartId = sql`(select ${orders.id} from ${orders} where ${where} ${newest})`;
  const lock = sql`select to_json(${orders}) as "order", ${channels.midMarketRate}::text as rate from ${orders}
    inner join ${channels} on ${channels.id} = ${orders.channelId} where ${where} ${newest} for update of ${orders}`;
  const read = sql`select
    (select coalesce(json_agg(json_build_object('line', to_json(l), 'image', p.primary_image, 'productTitle', p.title, 'productStockcode', p.stockcode) order by l.sort, l.id), '[]')
       from ${orderLineItems} l left join products p on p.id = l.product_id where l.order_id = ${cartId}) as lines,
    (select coalesce(json_agg(json_build_object('lineItemId', o.line_item_id, 'optionId', o.option_id, 'choiceId', o.choice_id, 'optionType', o.option_type,
        'quantity', o.quantity, 'optionName', po.name, 'choiceName', oc.name) order by o.id), '[]')
       from ${lineItemOptions} o join ${orderLineItems} l on l.id = o.line_item_id join ${productOptions} po on po.id = o.option_id join ${optionChoices} oc on oc.id = o.choice_id
       where l.order_id = ${cartId}) as options,
    (select coalesce(json_agg(to_json(${promotions}) order by ${promotions.id}), '[]') from ${promotions} where ${promotionsInForce(now)}) as promotions
    ${pricing ? sql`, ${pricingFactsJson(pricing.channel, pricing.productId)} as pricing` : sql``}`;
  return [lock, read];
}

/** The rows of cartReadStatements decoded (as drizzle selects of the same tables return them). */
export function cartReadFrom(results: Json[][], channel: PricingChannel): CartRead {
  const [lockRow] = results[0];
  const [row] = results[1] as { lines: { line: Json; image: string | null; productTitle: string | null; productStockcode: string | null }[]; options: Json[]; promotions: Json[]; pricing?: never }[];
  return {
    cart: lockRow ? { order: decodeRow(orders, lockRow.order as Json), rate: lockRow.rate as string } : null,
    lines: row.lines.map((x) => ({ ...decodeRow(orderLineItems, x.line), image: x.image, productTitle: x.productTitle, productStockcode: x.productStockcode })),
    options: row.options.map((x) => decodeFields({ lineItemId: lineItemOptions.lineItemId, optionId: lineItemOptions.optionId, choiceId: lineItemOptions.choiceId, optionType: lineItemOptions.optionType, quantity: lineItemOptions.quantity, optionName: productOptions.name, choiceName: optionChoices.name }, x)),
    inForce: row.promotions.map((x) => decodeRow(promotions, x)),
    ...(row.pricing ? { pricing: pricingFactsFrom(row.pricing, channel) } : {}),
  };
}
