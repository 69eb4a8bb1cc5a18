/**
 * The cart's one read before a write, sent with the transaction's BEGIN (src/db/opened-transaction.ts):
 *   1. the visitor's cart row, locked, with its channel's rate;
 *   2. (its own snapshot, so after the lock) every line with what the page shows of its product,
 *      the lines' chosen options, the promotions in force, which products are parts, whether the cart waits for approval
 *     , and — when adding — what pricing needs of the product
 *      (src/features/cart/pricing.ts pricingFactsJson).
 * Same rows as lockVisitorCart, cartLines, lineOptions and activePromotions read one by one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { decodeFields, decodeRow } from '../../db/json-rows.ts';
import {
  channels,
  lineItemOptions,
  orderApprovals,
  optionChoices,
  orderLineItems,
  orders,
  productOptions,
  promotions,
} from '../../db/schema/index.ts';
import { partIdsJson } from '../../db/queries/product-parts.ts';
import { pricingFactsFrom, pricingFactsJson, type PricingChannel, type PricingFacts } from './pricing.ts';
import { promotionsInForce, type CartLineRow, type CartRef, type CartRows } from './queries.ts';
import { visitorCartWhere, type LockedCart } from './totals.ts';
import { statement, type FirstStatement, type Statement } from '../../db/opened-transaction.ts';

type Json = Record<string, unknown>;

export type CartRead = {
  cart: LockedCart | null;
  lines: CartLineRow[];
  options: CartRows['options'];
  inForce: (typeof promotions.$inferSelect)[];
  /** The cart waits for approval (spending limits): every write refuses it. */
  locked: boolean;
  /** The products of the cart's lines (and the one being added) that are parts (a parts-only promotion's lines). */
  parts: Set<number>;
  pricing?: PricingFacts;
};

/** The two statements. `where`: which order is the visitor's cart; `pricing`: the product being added. */
function cartReadSql(
  where: SQL,
  now: Date,
  pricing?: { channel: Pick<PricingChannel, 'id'>; productId: number | SQL },
): SQL[] {
  const newest = sql`order by ${orders.createdAt} desc, ${orders.id} desc limit 1`;
  const cartId = sql`(select ${orders.id} from ${orders} where ${where} ${newest})`;
  const lock = sql`select to_json(${orders}) as "order", ${channels.midMarketRate}::text as rate from ${orders}
    inner join ${channels} on ${channels.id} = ${orders.channelId} where ${where} ${newest} for update of ${orders}`;
  const read = sql`select
    (select coalesce(json_agg(json_build_object('line', to_json(l), 'image', p.primary_image, 'productTitle', p.title, 'productStockcode', p.stockcode, 'allowBackorder', p.allow_backorder) order by l.sort, l.id), '[]')
       from ${orderLineItems} l left join products p on p.id = l.product_id where l.order_id = ${cartId}) as lines,
    (select coalesce(json_agg(json_build_object('lineItemId', o.line_item_id, 'optionId', o.option_id, 'choiceId', o.choice_id, 'optionType', o.option_type,
        'quantity', o.quantity, 'optionName', po.name, 'choiceName', oc.name) order by o.id), '[]')
       from ${lineItemOptions} o join ${orderLineItems} l on l.id = o.line_item_id join ${productOptions} po on po.id = o.option_id join ${optionChoices} oc on oc.id = o.choice_id
       where l.order_id = ${cartId}) as options,
    (select coalesce(json_agg(to_json(${promotions}) order by ${promotions.id}), '[]') from ${promotions} where ${promotionsInForce(now)}) as promotions,
    exists (select 1 from ${orderApprovals} a where a.order_id = ${cartId} and a.status = 'pending') as locked,
    ${partIdsJson(sql`select l.product_id from ${orderLineItems} l where l.order_id = ${cartId} and l.product_id is not null${pricing ? sql` union select ${pricing.productId}` : sql``}`)} as parts
    ${pricing ? sql`, ${pricingFactsJson(pricing.channel as PricingChannel, pricing.productId as number)} as pricing` : sql``}`;
  return [lock, read];
}

/**
 * The same two statements built once (src/db/opened-transaction.ts: named on a real PostgreSQL, so
 * parsed and planned once per connection), one pair per kind of visitor (signed in: their newest
 * cart; anonymous: the cart their session names) and per use (a change, or an add that also reads
 * the product's pricing). Parameters: the user or cart id, the moment promotions must be in force,
 * and for an add the channel and product.
 */
const built = new Map<string, [Statement, Statement]>();

function statementsFor(signedIn: boolean, adding: boolean): [Statement, Statement] {
  const key = `cart_${signedIn ? 'user' : 'session'}${adding ? '_add' : ''}`;
  let pair = built.get(key);
  if (!pair) {
    // Placeholders stand where each call's values go, typed by the column they meet or by a cast.
    const who = sql.placeholder('who') as unknown as number;
    const where = visitorCartWhere(signedIn ? { userId: who } : { cartOrderId: who })!;
    const now = sql.placeholder('now') as unknown as Date;
    const pricing = adding
      ? {
          channel: { id: sql`${sql.placeholder('channelId')}::int` as unknown as number },
          productId: sql`${sql.placeholder('productId')}::int`,
        }
      : undefined;
    pair = [
      statement(`${key}_lock`, () => cartReadSql(where, now)[0]),
      statement(`${key}_read`, () => cartReadSql(where, now, pricing)[1]),
    ];
    built.set(key, pair);
  }
  return pair;
}

/** The cart's two reads with their values, for openedTransaction. */
export function cartReadCalls(
  ref: CartRef,
  now: Date,
  pricing?: { channel: Pick<PricingChannel, 'id'>; productId: number },
): FirstStatement[] {
  const [lock, read] = statementsFor(!!ref.userId, !!pricing);
  // A visitor who can have no cart asks for cart id null: no row.
  const who = ref.userId ?? ref.cartOrderId ?? null;
  const values = { who, now, ...(pricing ? { channelId: pricing.channel.id, productId: pricing.productId } : {}) };
  return [
    { statement: lock, values },
    { statement: read, values },
  ];
}

/** The rows of cartReadStatements decoded (as drizzle selects of the same tables return them). */
export function cartReadFrom(results: Json[][], channel: PricingChannel): CartRead {
  const [lockRow] = results[0];
  const [row] = results[1] as {
    lines: {
      line: Json;
      image: string | null;
      productTitle: string | null;
      productStockcode: string | null;
      allowBackorder?: boolean | null;
    }[];
    options: Json[];
    promotions: Json[];
    locked: boolean;
    parts: number[] | null;
    pricing?: never;
  }[];
  return {
    cart: lockRow ? { order: decodeRow(orders, lockRow.order as Json), rate: lockRow.rate as string } : null,
    lines: row.lines.map((x) => ({
      ...decodeRow(orderLineItems, x.line),
      image: x.image,
      productTitle: x.productTitle,
      productStockcode: x.productStockcode,
      allowBackorder: x.allowBackorder === true,
    })),
    options: row.options.map((x) =>
      decodeFields(
        {
          lineItemId: lineItemOptions.lineItemId,
          optionId: lineItemOptions.optionId,
          choiceId: lineItemOptions.choiceId,
          optionType: lineItemOptions.optionType,
          quantity: lineItemOptions.quantity,
          optionName: productOptions.name,
          choiceName: optionChoices.name,
        },
        x,
      ),
    ),
    inForce: row.promotions.map((x) => decodeRow(promotions, x)),
    locked: row.locked === true,
    parts: new Set((row.parts ?? []).map(Number)),
    ...(row.pricing ? { pricing: pricingFactsFrom(row.pricing, channel) } : {}),
  };
}
