/** Cart reads: which order is the visitor's cart, its line count, and its full state. */
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  lineItemOptions,
  optionChoices,
  orderApprovals,
  orderLineItems,
  orderPromotions,
  orders,
  productOptions,
  products,
  promotions,
} from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { decodeFields, decodeRow } from '../../db/json-rows.ts';

/**
 * THE visitor's cart, defined once (the cart, its header count, the shipping estimate and checkout
 * all ask here): a signed-in user's cart is their newest order in status 'cart'; an anonymous
 * visitor's is the one their session remembers, and only while it is still an anonymous cart.
 * A signed-in user never reaches an anonymous cart: it merged into theirs at sign-in.
 */
export type CartRef = { userId?: number | null; cartOrderId?: number | null };

/** Who is asking → CartRef (routes pass req.user?.id and req.session.cartOrderId). */
export function visitorCartRef(who: { userId?: number | null; sessionCartId?: number | null }): CartRef {
  return who.userId ? { userId: who.userId } : { cartOrderId: who.sessionCartId ?? null };
}

/** The visitor's cart id as a query (one row or none); null when the visitor can have none. */
function visitorCartQuery(db: DbOrTx, ref: CartRef) {
  if (ref.userId) {
    return db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, ref.userId), eq(orders.status, 'cart')))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
  }
  if (!ref.cartOrderId) return null;
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, ref.cartOrderId), eq(orders.status, 'cart'), isNull(orders.userId)))
    .limit(1);
}

export async function findCartId(db: DbOrTx, ref: CartRef): Promise<number | null> {
  const query = visitorCartQuery(db, ref);
  if (!query) return null;
  const [row] = await query;
  return row?.id ?? null;
}

/**
 * The header's cart badge in one query: items in the cart (Σ quantity of product lines) and whether
 * the cart waits for an approver (the header then offers no Checkout). Asked on every page a visitor
 * with a cart or an account opens, so prepared (src/db/prepared.ts).
 */
export async function cartBadge(db: DbOrTx, ref: CartRef): Promise<{ count: number; locked: boolean }> {
  if (!ref.userId && !ref.cartOrderId) return { count: 0, locked: false };
  const badge = (d: Db, cart: () => ReturnType<typeof visitorCartQuery>) =>
    d
      .select({
        n: sql<number>`coalesce(sum(${orderLineItems.quantity}), 0)::int`,
        locked: sql<boolean>`exists (select 1 from ${orderApprovals} a where a.order_id in (${cart()}) and a.status = 'pending')`,
      })
      .from(orderLineItems)
      .where(and(inArray(orderLineItems.orderId, cart()!), inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES])));
  const [row] = ref.userId
    ? await prepared(db as Db, 'cart_badge_user', (d, name) =>
        badge(d, () => visitorCartQuery(d, { userId: sql.placeholder('id') as unknown as number })).prepare(name),
      ).execute({ id: ref.userId })
    : await prepared(db as Db, 'cart_badge_session', (d, name) =>
        badge(d, () => visitorCartQuery(d, { cartOrderId: sql.placeholder('id') as unknown as number })).prepare(name),
      ).execute({ id: ref.cartOrderId });
  const count = Number(row?.n ?? 0);
  return { count, locked: count > 0 && row?.locked === true };
}

export type CartOrderRow = typeof orders.$inferSelect;
/**
 * A line as the cart works on it (`owing` is the database's, derived from unpaid_total: never read
 * here; the back-order columns are placement's and the back office's).
 */
export type CartLineRow = Omit<
  typeof orderLineItems.$inferSelect,
  'owing' | 'backorderedQuantity' | 'backorderShipOn' | 'backorderShippedAt'
> & {
  image: string | null;
  productTitle: string | null;
  productStockcode: string | null;
  /** The product may be back-ordered (features/cart/backorders.ts looks further only then). */
  allowBackorder?: boolean;
};
export type CartLineOptionRow = {
  lineItemId: number;
  optionId: number;
  choiceId: number;
  optionType: number;
  quantity: number;
  optionName: string;
  choiceName: string;
};
export type CartPromotionRow = { id: number; name: string; code: string | null; configuration: unknown };

export type CartRows = {
  order: CartOrderRow;
  lines: CartLineRow[];
  options: CartLineOptionRow[];
  promotions: CartPromotionRow[];
};

export async function loadCartRows(db: DbOrTx, orderId: number): Promise<CartRows | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const lineRows = await db
    .select({
      line: orderLineItems,
      image: products.primaryImage,
      productTitle: products.title,
      productStockcode: products.stockcode,
      allowBackorder: products.allowBackorder,
    })
    .from(orderLineItems)
    .leftJoin(products, eq(products.id, orderLineItems.productId))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const lines = lineRows.map((r) => ({
    ...r.line,
    image: r.image,
    productTitle: r.productTitle,
    productStockcode: r.productStockcode,
    allowBackorder: r.allowBackorder === true,
  }));
  const ids = lines.map((l) => l.id);
  const options = await lineOptions(db, ids);
  const promos = await db
    .select({
      id: promotions.id,
      name: promotions.name,
      code: promotions.code,
      configuration: promotions.configuration,
    })
    .from(orderPromotions)
    .innerJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
    .where(eq(orderPromotions.orderId, orderId))
    .orderBy(asc(promotions.id));
  return { order, lines, options, promotions: promos };
}

/** The visitor's cart id as a scalar subquery (null when the visitor can have none); the same cart as visitorCartQuery. */
function visitorCartIdSql(ref: CartRef): SQL | null {
  if (ref.userId) {
    return sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${ref.userId} and ${orders.status} = ${'cart'} order by ${orders.createdAt} desc, ${orders.id} desc limit 1)`;
  }
  if (!ref.cartOrderId) return null;
  return sql`(select ${orders.id} from ${orders} where ${orders.id} = ${ref.cartOrderId} and ${orders.status} = ${'cart'} and ${orders.userId} is null limit 1)`;
}

type Json = Record<string, unknown>;

/**
 * loadCartRows of the visitor's cart in ONE statement (one round trip, one snapshot): the order,
 * its lines with what the page shows of their products, the lines' chosen options and the
 * promotions applied, as JSON decoded to exactly the rows the query builder returns
 * (src/db/json-rows.ts). Null when the visitor has no cart.
 */
export async function visitorCartRows(db: DbOrTx, ref: CartRef): Promise<CartRows | null> {
  const cartId = visitorCartIdSql(ref);
  if (!cartId) return null;
  const { rows } = await db.execute<{
    order: Json | null;
    lines: {
      line: Json;
      image: string | null;
      productTitle: string | null;
      productStockcode: string | null;
      allowBackorder?: boolean | null;
    }[];
    options: Json[];
    promotions: Json[];
  }>(sql`with c as (select ${cartId} as id) select
    (select to_json(o) from ${orders} o where o.id = (select id from c)) as "order",
    (select coalesce(json_agg(json_build_object('line', to_json(l), 'image', p.primary_image, 'productTitle', p.title, 'productStockcode', p.stockcode, 'allowBackorder', p.allow_backorder) order by l.sort, l.id), '[]')
       from ${orderLineItems} l left join ${products} p on p.id = l.product_id where l.order_id = (select id from c)) as lines,
    (select coalesce(json_agg(json_build_object('lineItemId', o.line_item_id, 'optionId', o.option_id, 'choiceId', o.choice_id, 'optionType', o.option_type,
        'quantity', o.quantity, 'optionName', po.name, 'choiceName', oc.name) order by o.id), '[]')
       from ${lineItemOptions} o join ${orderLineItems} l on l.id = o.line_item_id join ${productOptions} po on po.id = o.option_id join ${optionChoices} oc on oc.id = o.choice_id
       where l.order_id = (select id from c)) as options,
    (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'code', p.code, 'configuration', p.configuration) order by p.id), '[]')
       from ${orderPromotions} op join ${promotions} p on p.id = op.promotion_id where op.order_id = (select id from c)) as promotions`);
  const [row] = rows;
  if (!row?.order) return null;
  return {
    order: decodeRow(orders, row.order),
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
    promotions: row.promotions.map((x) =>
      decodeFields(
        { id: promotions.id, name: promotions.name, code: promotions.code, configuration: promotions.configuration },
        x,
      ),
    ),
  };
}

/** Promotions in force at `now`: the active flag set and `now` inside [starts_at, ends_at). */
export function activePromotions(db: DbOrTx, now: Date) {
  return db.select().from(promotions).where(promotionsInForce(now)).orderBy(asc(promotions.id));
}

/** The condition of activePromotions, for a statement that reads more (src/features/cart/cart-read.ts). */
export function promotionsInForce(now: Date) {
  return and(
    eq(promotions.active, true),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
  )!;
}

/** The chosen options of the cart's lines, for the page (one statement). */
export async function lineOptions(tx: DbOrTx, lineIds: number[]): Promise<CartRows['options']> {
  if (!lineIds.length) return [];
  return tx
    .select({
      lineItemId: lineItemOptions.lineItemId,
      optionId: lineItemOptions.optionId,
      choiceId: lineItemOptions.choiceId,
      optionType: lineItemOptions.optionType,
      quantity: lineItemOptions.quantity,
      optionName: productOptions.name,
      choiceName: optionChoices.name,
    })
    .from(lineItemOptions)
    .innerJoin(productOptions, eq(productOptions.id, lineItemOptions.optionId))
    .innerJoin(optionChoices, eq(optionChoices.id, lineItemOptions.choiceId))
    .where(inArray(lineItemOptions.lineItemId, lineIds))
    .orderBy(asc(lineItemOptions.id));
}
