/**
 * A cart's figures, recomputed inside the write's transaction from rows already in memory, writing
 * only what changed: one UPDATE for every line whose figures moved (a VALUES list), the promotion
 * lines only when the promotions in force or their amounts changed, the order row only when its
 * totals moved. The result is the cart as it now stands, so the caller answers without reading it
 * back. A quantity change costs the lock, the lines, the promotions in force, the line update, the
 * order update and the options: six statements, whatever the number of lines.
 *
 * The rules (spec §3, §5, §9): line total = unit × quantity − line discount (the organisation's
 * percent); promotions in force become type-5 lines worth −(first action value, converted to the
 * cart currency); the promotion total is spread over the product lines by largest remainder
 * (total_discounted); the order's subtotal, discount and total come from domain orderTotals
 * (discount and total floored at 0).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { channels, orderLineItems, orderPromotions, orders, products } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES, LINE_TYPES } from '../../domain/constants.ts';
import { notFound } from '../../domain/errors.ts';
import { convert, fromCents, parseCents, toCents } from '../../domain/money.ts';
import { orgDiscountCents, orderTotals, spreadPromotion } from '../../domain/order-totals.ts';
import { activePromotions, lineOptions, type CartLineRow, type CartOrderRow, type CartRef, type CartRows } from './queries.ts';

/** The cart's order row and the channel's rate, locked for the rest of the transaction. */
export type LockedCart = { order: CartOrderRow; rate: string };

const lockedColumns = { order: orders, rate: channels.midMarketRate };

/** The visitor's cart (CartRef rules of queries.ts), locked, in one statement; null when there is none. */
export async function lockVisitorCart(tx: DbOrTx, ref: CartRef): Promise<LockedCart | null> {
  let where: SQL | undefined;
  if (ref.userId) where = and(eq(orders.userId, ref.userId), eq(orders.status, 'cart'));
  else if (ref.cartOrderId) where = and(eq(orders.id, ref.cartOrderId), eq(orders.status, 'cart'), isNull(orders.userId));
  else return null;
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

/** A cart by its id, locked (callers that already know the id: re-pricing, checkout's tax). */
export async function lockCartById(tx: DbOrTx, orderId: number): Promise<LockedCart | null> {
  const [row] = await tx.select(lockedColumns).from(orders).innerJoin(channels, eq(channels.id, orders.channelId)).where(eq(orders.id, orderId)).for('update', { of: orders });
  return row ?? null;
}

/** Every line of the cart with what the page shows of its product, in display order. */
export async function cartLines(tx: DbOrTx, orderId: number): Promise<CartLineRow[]> {
  const rows = await tx
    .select({ line: orderLineItems, image: products.primaryImage, productTitle: products.title, productStockcode: products.stockcode })
    .from(orderLineItems)
    .leftJoin(products, eq(products.id, orderLineItems.productId))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  return rows.map((r) => ({ ...r.line, image: r.image, productTitle: r.productTitle, productStockcode: r.productStockcode }));
}

type LineFigures = Pick<CartLineRow, 'quantity' | 'unitPrice' | 'title' | 'discount' | 'total' | 'totalDiscounted' | 'unpaidTotal' | 'currencyId'>;
const FIGURES = ['quantity', 'unitPrice', 'title', 'discount', 'total', 'totalDiscounted', 'unpaidTotal', 'currencyId'] as const;

/** One UPDATE for every line whose figures changed (nothing when none did). */
async function writeLines(tx: DbOrTx, changed: { id: number; next: LineFigures }[]) {
  if (!changed.length) return;
  const values = sql.join(
    changed.map(({ id, next }) => sql`(${id}::int, ${next.quantity}::int, ${next.unitPrice}::numeric, ${next.title}::text, ${next.discount}::numeric, ${next.total}::numeric, ${next.totalDiscounted}::numeric, ${next.unpaidTotal}::numeric, ${next.currencyId}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update order_line_items as l set quantity = v.quantity, unit_price = v.unit_price, title = v.title, discount = v.discount, total = v.total,
    total_discounted = v.total_discounted, unpaid_total = v.unpaid_total, currency_id = v.currency_id
    from (values ${values}) as v(id, quantity, unit_price, title, discount, total, total_discounted, unpaid_total, currency_id) where l.id = v.id`);
}

/**
 * Recomputes the cart from `lines` (as they should now be: quantities and unit prices already
 * set in memory, not necessarily written) and writes what differs from `stored` (the rows as read).
 * Returns the cart's rows as they now are in the database.
 */
export async function settleCart(tx: DbOrTx, cart: LockedCart, lines: CartLineRow[], stored: CartLineRow[], now: Date): Promise<Omit<CartRows, 'options'>> {
  const { order } = cart;
  const product = lines.filter((l) => (DISCOUNT_LINE_TYPES as readonly number[]).includes(l.lineType));
  const oldPromoLines = stored.filter((l) => l.lineType === LINE_TYPES.PROMOTION);

  // Promotions are USD amounts; a cart in another currency gets them converted at the channel rate.
  const inForce = product.length ? await activePromotions(tx, now) : [];
  const promos = inForce
    .map((p) => ({ promotion: p, cents: convert(parseCents(p.configuration?.[0]?.actions?.[0]?.value) ?? 0, cart.rate) }))
    .filter((p) => p.cents > 0);

  const drafts = product.map((l) => {
    const unit = toCents(l.unitPrice);
    const gross = unit * l.quantity;
    const discount = orgDiscountCents(gross, order.orgDiscount);
    return { line: l, unit, discount, total: gross - discount };
  });
  const totals = orderTotals(
    drafts.map((d) => ({ line_type: d.line.lineType, unit_price_cents: d.unit, quantity: d.line.quantity, discount_cents: d.discount })),
    promos.map((p) => ({ configuration: [{ actions: [{ value: fromCents(p.cents) }] }] })),
    { shippingCents: toCents(order.shipping), taxCents: toCents(order.tax) },
  );
  const shares = spreadPromotion(drafts.map((d) => d.total), totals.promotionTotal);

  const storedById = new Map(stored.map((l) => [l.id, l]));
  const changed: { id: number; next: LineFigures }[] = [];
  const nextLines: CartLineRow[] = drafts.map((d, k) => {
    const totalDiscounted = d.total - shares[k];
    const next: LineFigures = {
      quantity: d.line.quantity,
      unitPrice: d.line.unitPrice,
      title: d.line.title,
      discount: fromCents(d.discount),
      total: fromCents(d.total),
      totalDiscounted: fromCents(totalDiscounted),
      unpaidTotal: fromCents(totalDiscounted - toCents(d.line.paidTotal)),
      currencyId: order.currencyId,
    };
    const was = storedById.get(d.line.id);
    if (!was || FIGURES.some((f) => was[f] !== next[f])) changed.push({ id: d.line.id, next });
    return { ...d.line, ...next };
  });
  await writeLines(tx, changed);

  // Promotion lines: rewritten only when the promotions in force or their amounts differ.
  const sort = product.reduce((m, l) => Math.max(m, l.sort), 0) + 1;
  const wanted = promos.map((p, k) => ({ promotionId: p.promotion.id, unitPrice: fromCents(-p.cents), sort: sort + k }));
  const same = wanted.length === oldPromoLines.length
    && wanted.every((w, k) => {
      const o = oldPromoLines[k];
      return o.promotionId === w.promotionId && o.unitPrice === w.unitPrice && o.sort === w.sort && o.currencyId === order.currencyId && o.title === promos[k].promotion.name;
    });
  let promoLines: CartLineRow[] = oldPromoLines;
  if (!same) {
    if (oldPromoLines.length) {
      await tx.delete(orderLineItems).where(inArray(orderLineItems.id, oldPromoLines.map((l) => l.id)));
      await tx.delete(orderPromotions).where(eq(orderPromotions.orderId, order.id));
    }
    promoLines = [];
    if (promos.length) {
      const inserted = await tx.insert(orderLineItems).values(promos.map((p, k) => ({
        orderId: order.id,
        lineType: LINE_TYPES.PROMOTION,
        productId: null,
        promotionId: p.promotion.id,
        title: p.promotion.name,
        stockcode: null,
        quantity: 1,
        currencyId: order.currencyId,
        unitPrice: fromCents(-p.cents),
        discount: '0.00',
        total: fromCents(-p.cents),
        totalDiscounted: '0.00',
        paidTotal: '0.00',
        unpaidTotal: '0.00',
        sort: sort + k,
      }))).returning();
      await tx.insert(orderPromotions).values(promos.map((p) => ({ orderId: order.id, promotionId: p.promotion.id })));
      promoLines = inserted.map((l) => ({ ...l, image: null, productTitle: null, productStockcode: null }));
    }
  }

  let saved = order;
  const next = { subtotal: fromCents(totals.subtotal), discount: fromCents(totals.discount), total: fromCents(totals.total) };
  if (order.subtotal !== next.subtotal || order.discount !== next.discount || order.total !== next.total) {
    [saved] = await tx.update(orders).set(next).where(eq(orders.id, order.id)).returning();
  }

  const all = [...nextLines, ...promoLines].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const inForceById = new Map(inForce.map((p) => [p.id, p]));
  return {
    order: saved,
    lines: all,
    promotions: promos
      .map((p) => inForceById.get(p.promotion.id)!)
      .map((p) => ({ id: p.id, name: p.name, code: p.code, configuration: p.configuration })),
  };
}


/** Recomputes a cart known by id (after writes made elsewhere in the transaction). */
export async function recomputeTotals(tx: DbOrTx, orderId: number, now: Date = new Date()): Promise<void> {
  const cart = await lockCartById(tx, orderId);
  if (!cart) throw notFound();
  const lines = await cartLines(tx, orderId);
  await settleCart(tx, cart, lines, lines, now);
}
