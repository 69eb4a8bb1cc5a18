/**
 * A cart's figures, recomputed inside the write's transaction from rows already in memory
 * (settlePlan, pure: settle-plan.ts), and what changed written in ONE statement (settleStatement: data-modifying
 * CTEs): the lines whose figures moved (an UPDATE from a VALUES list), product lines taken out of
 * the cart, new product lines with their options, the promotion lines and order_promotions only
 * when the promotions in force or their amounts changed, the order row only when its totals moved.
 * The result is the cart as it now stands (settledRows), so the caller answers without reading it
 * back. With the cart's one read (cart-read.ts) a quantity change is begin + read, then this
 * statement with the commit: two round trips, whatever the number of lines.
 *
 * The rules (spec §3, §5, §9): line total = unit × quantity − line discount (the organisation's
 * percent); promotions in force become type-5 lines worth −(what the ledger let them take: their
 * value converted to the cart currency (domain/promotions.ts ledgerPromotion), capped at the goods
 * they apply to (parts only, or all), plus the shipping a free-shipping one takes off); one that took
 * nothing has no line; each
 * is spread over the product lines by largest remainder (total_discounted); the order's subtotal,
 * discount and total come from domain priceOrder (shipping and tax are always paid).
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { decodeRow } from '../../db/json-rows.ts';
import { channels, orderLineItems, orders, products } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { notFound } from '../../domain/errors.ts';
import { partProductIds } from '../../db/queries/product-parts.ts';
import { activePromotions, type CartLineRow, type CartRef, type CartRows } from './queries.ts';
import { type LockedCart, type NewLineOptions, type SettlePlan, settlePlan } from './settle-plan.ts';

export type { LockedCart };

const lockedColumns = { order: orders, rate: channels.midMarketRate };

/** The visitor's cart (CartRef rules of queries.ts), locked, in one statement; null when there is none. */
export async function lockVisitorCart(tx: DbOrTx, ref: CartRef): Promise<LockedCart | null> {
  const where = visitorCartWhere(ref);
  if (!where) return null;
  const [row] = await tx
    .select(lockedColumns)
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
    .for('update', { of: orders });
  return row ?? null;
}

/** Which orders row is the visitor's cart (newest first when several match); undefined when the visitor can have none. */
export function visitorCartWhere(ref: CartRef): SQL | undefined {
  if (ref.userId) return and(eq(orders.userId, ref.userId), eq(orders.status, 'cart'));
  if (ref.cartOrderId) return and(eq(orders.id, ref.cartOrderId), eq(orders.status, 'cart'), isNull(orders.userId));
  return undefined;
}

/** A cart by its id, locked (callers that already know the id: re-pricing, checkout's tax). */
export async function lockCartById(tx: DbOrTx, orderId: number): Promise<LockedCart | null> {
  const [row] = await tx
    .select(lockedColumns)
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row ?? null;
}

/** Every line of the cart with what the page shows of its product, in display order. */
export async function cartLines(tx: DbOrTx, orderId: number): Promise<CartLineRow[]> {
  const rows = await tx
    .select({
      line: orderLineItems,
      image: products.primaryImage,
      productTitle: products.title,
      productStockcode: products.stockcode,
    })
    .from(orderLineItems)
    .leftJoin(products, eq(products.id, orderLineItems.productId))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  return rows.map((r) => ({
    ...r.line,
    image: r.image,
    productTitle: r.productTitle,
    productStockcode: r.productStockcode,
  }));
}

const lineInsertColumns = sql`order_id, line_type, product_id, promotion_id, title, stockcode, quantity, currency_id, unit_price, discount, total, total_discounted, paid_total, unpaid_total, sort`;
const lineInsertValues = (l: CartLineRow) =>
  sql`(${l.orderId}::int, ${l.lineType}::int, ${l.productId}::int, ${l.promotionId}::int, ${l.title}::text, ${l.stockcode}::text, ${l.quantity}::int, ${l.currencyId}::int, ${l.unitPrice}::numeric, ${l.discount}::numeric, ${l.total}::numeric, ${l.totalDiscounted}::numeric, ${l.paidTotal}::numeric, ${l.unpaidTotal}::numeric, ${l.sort}::int)`;

/**
 * The plan as ONE statement (data-modifying CTEs, so one round trip and all-or-nothing): the
 * changed lines in one UPDATE from a VALUES list, new product lines and their options, the
 * promotion lines and order_promotions when they differ, the order's totals when they moved.
 * It answers one row: `inserted` (the new lines, JSON) and `order` (the updated order, JSON).
 * null when nothing is to be written.
 */
export function settleStatement(plan: SettlePlan): SQL | null {
  const { order } = plan;
  const parts: SQL[] = [];
  if (plan.removedIds.length)
    parts.push(
      sql`removed_lines as (delete from order_line_items where order_id = ${order.id}::int and id in (${sql.join(
        plan.removedIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}) returning id)`,
    );
  if (plan.changed.length) {
    const values = sql.join(
      plan.changed.map(
        ({ id, next }) =>
          sql`(${id}::int, ${next.quantity}::int, ${next.unitPrice}::numeric, ${next.title}::text, ${next.discount}::numeric, ${next.total}::numeric, ${next.totalDiscounted}::numeric, ${next.unpaidTotal}::numeric, ${next.currencyId}::int)`,
      ),
      sql`, `,
    );
    parts.push(sql`changed_lines as (update order_line_items as l set quantity = v.quantity, unit_price = v.unit_price, title = v.title, discount = v.discount, total = v.total,
      total_discounted = v.total_discounted, unpaid_total = v.unpaid_total, currency_id = v.currency_id
      from (values ${values}) as v(id, quantity, unit_price, title, discount, total, total_discounted, unpaid_total, currency_id) where l.id = v.id returning l.id)`);
  }
  const newLines = [...plan.inserts.map((i) => i.line), ...(plan.promo?.lines ?? [])];
  if (plan.promo) {
    const ids = plan.promo.promotionIds;
    if (plan.promo.deleteIds.length)
      parts.push(
        sql`gone_promotion_lines as (delete from order_line_items where id in (${sql.join(
          plan.promo.deleteIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}) returning id)`,
      );
    parts.push(
      sql`gone_promotions as (delete from order_promotions where order_id = ${order.id}::int${
        ids.length
          ? sql` and promotion_id not in (${sql.join(
              ids.map((id) => sql`${id}::int`),
              sql`, `,
            )})`
          : sql``
      } returning promotion_id)`,
    );
    if (ids.length)
      parts.push(
        sql`new_promotions as (insert into order_promotions (order_id, promotion_id) values ${sql.join(
          ids.map((id) => sql`(${order.id}::int, ${id}::int)`),
          sql`, `,
        )} on conflict do nothing returning promotion_id)`,
      );
  }
  if (newLines.length) {
    parts.push(
      sql`inserted as (insert into order_line_items (${lineInsertColumns}) values ${sql.join(newLines.map(lineInsertValues), sql`, `)} returning *)`,
    );
    const options = plan.inserts
      .flatMap((i) => i.options.map((o) => ({ sort: i.line.sort, ...o })))
      .map(
        (o, k) =>
          sql`(${k}::int, ${o.sort}::int, ${o.optionId}::int, ${o.choiceId}::int, ${o.optionType}::int, ${o.quantity}::int)`,
      );
    if (options.length) {
      // A new product line is known by its sort (each new line gets its own, above the stored ones);
      // its options are numbered in the order given, as one insert per option would.
      parts.push(sql`inserted_options as (insert into line_item_options (line_item_id, option_id, choice_id, option_type, quantity)
        select i.id, v.option_id, v.choice_id, v.option_type, v.quantity from inserted i join (values ${sql.join(options, sql`, `)}) as v(k, sort, option_id, choice_id, option_type, quantity)
        on v.sort = i.sort and i.line_type <> ${LINE_TYPES.PROMOTION}::int order by v.k returning id)`);
    }
  }
  if (plan.totals) {
    parts.push(sql`saved_order as (update orders set subtotal = ${plan.totals.subtotal}::numeric, discount = ${plan.totals.discount}::numeric, total = ${plan.totals.total}::numeric,
      updated_at = ${new Date().toISOString()}::timestamptz where id = ${order.id}::int returning *)`);
  }
  if (!parts.length) return null;
  return sql`with ${sql.join(parts, sql`, `)} select
    ${newLines.length ? sql`(select json_agg(to_json(i) order by i.sort, i.id) from inserted i)` : sql`null::json`} as inserted,
    ${plan.totals ? sql`(select to_json(o) from saved_order o)` : sql`null::json`} as "order"`;
}

/** The cart's rows once the statement ran (`row`: its one row, or null when nothing was written). */
export function settledRows(
  plan: SettlePlan,
  row: { inserted: unknown; order: unknown } | null | undefined,
): Omit<CartRows, 'options'> {
  const inserted = ((row?.inserted ?? []) as Record<string, unknown>[]).map((j) => decodeRow(orderLineItems, j));
  const bySort = new Map(inserted.map((l) => [`${l.lineType === LINE_TYPES.PROMOTION ? 'p' : 'l'}${l.sort}`, l]));
  const lines = plan.lines.map((l) => {
    if (l.id > 0) return l;
    const stored = bySort.get(`l${l.sort}`)!;
    return { ...stored, image: l.image, productTitle: l.productTitle, productStockcode: l.productStockcode };
  });
  const promoLines = plan.promo
    ? plan.promo.lines.map((l) => ({
        ...bySort.get(`p${l.sort}`)!,
        image: null,
        productTitle: null,
        productStockcode: null,
      }))
    : plan.keptPromoLines;
  const order = row?.order ? decodeRow(orders, row.order as Record<string, unknown>) : plan.order;
  return {
    order,
    lines: [...lines, ...promoLines].sort((a, b) => a.sort - b.sort || a.id - b.id),
    promotions: plan.promotions,
  };
}

/**
 * Recomputes the cart from `lines` (as they should now be: quantities and unit prices already
 * set in memory, not necessarily written; new product lines with an id ≤ 0 and their options in
 * `newOptions`) and writes what differs from `stored` (the rows as read) in one statement.
 * Returns the cart's rows as they now are in the database.
 */
export async function settleCart(
  tx: DbOrTx,
  cart: LockedCart,
  lines: CartLineRow[],
  stored: CartLineRow[],
  now: Date,
  newOptions?: NewLineOptions,
): Promise<Omit<CartRows, 'options'>> {
  const hasProducts = lines.some((l) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType));
  const inForce = hasProducts ? await activePromotions(tx, now) : [];
  const parts = inForce.some((p) => p.appliesTo !== 'all')
    ? await partProductIds(
        tx,
        lines.map((l) => l.productId ?? 0),
      )
    : new Set<number>();
  const plan = settlePlan(cart, lines, stored, inForce, newOptions, parts);
  const statement = settleStatement(plan);
  const result = statement ? await tx.execute(statement) : null;
  return settledRows(plan, result?.rows[0] as { inserted: unknown; order: unknown } | undefined);
}

/** Recomputes a cart known by id (after writes made elsewhere in the transaction). */
export async function recomputeTotals(tx: DbOrTx, orderId: number, now: Date = new Date()): Promise<void> {
  const cart = await lockCartById(tx, orderId);
  if (!cart) throw notFound();
  const lines = await cartLines(tx, orderId);
  await settleCart(tx, cart, lines, lines, now);
}
