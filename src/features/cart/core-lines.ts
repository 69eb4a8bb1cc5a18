/**
 * Core deposit lines kept in step with their parts (domain/core-lines.ts): each part with a core
 * charge has one deposit line of its own (order_line_items.core_of_line_id), at the channel's core
 * charge and the part's quantity; a deposit whose part left the cart goes with it (the foreign
 * key cascades), one whose part no longer has a core is removed. Run when a part with a core is
 * added and by checkout before the order's tax and totals, so the cart, checkout and placement
 * agree.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { channelPrices, channels, orderLineItems, orders, products } from '../../db/schema/index.ts';
import { DISCOUNT_LINE_TYPES } from '../../domain/constants.ts';
import { coreDepositLabel, coreDepositLines } from '../../domain/core-lines.ts';
import { coreChargeCents } from '../../domain/cores.ts';
import { fromCents } from '../../domain/money.ts';
import { priceFactColumns } from './price-columns.ts';

/** Why: a deposit line is only ever what its part says; writes only what differs. */
export async function syncCoreLines(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [o] = await tx
    .select({
      locale: orders.locale,
      channelId: orders.channelId,
      currencyId: channels.currencyId,
      midMarketRate: channels.midMarketRate,
    })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(orders.id, orderId));
  if (!o) return false;
  const parts = await tx
    .select({
      id: orderLineItems.id,
      title: orderLineItems.title,
      quantity: orderLineItems.quantity,
      sort: orderLineItems.sort,
      productId: orderLineItems.productId,
      lineCurrency: orderLineItems.currencyId,
      coreCharge: products.coreCharge,
      channelCoreCharge: channelPrices.coreCharge,
      currencyId: priceFactColumns.currencyId,
      currencyRate: priceFactColumns.currencyRate,
    })
    .from(orderLineItems)
    .innerJoin(products, eq(products.id, orderLineItems.productId))
    .leftJoin(channelPrices, and(eq(channelPrices.productId, products.id), eq(channelPrices.channelId, o.channelId)))
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        isNull(orderLineItems.coreOfLineId),
        inArray(orderLineItems.lineType, [...DISCOUNT_LINE_TYPES]),
      ),
    );
  const want = coreDepositLines(
    parts.map((p) => ({
      key: p,
      title: p.title,
      quantity: p.quantity,
      coreUnitCents: coreChargeCents(p, { currencyId: o.currencyId, midMarketRate: o.midMarketRate }),
    })),
    coreDepositLabel(o.locale),
  );
  const have = await tx
    .select()
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), isNotNull(orderLineItems.coreOfLineId)));
  const stale = have.filter((h) => !want.some((w) => w.coreOf.id === h.coreOfLineId)).map((h) => h.id);
  if (stale.length) await tx.delete(orderLineItems).where(inArray(orderLineItems.id, stale));
  let wrote = stale.length > 0;
  for (const w of want) {
    const unitPrice = fromCents(w.unitCents);
    const total = fromCents(w.unitCents * w.quantity);
    const figures = { title: w.title, quantity: w.quantity, unitPrice, total, totalDiscounted: total };
    const h = have.find((x) => x.coreOfLineId === w.coreOf.id);
    if (!h) {
      wrote = true;
      await tx.insert(orderLineItems).values({
        orderId,
        lineType: 0,
        productId: w.coreOf.productId,
        coreOfLineId: w.coreOf.id,
        currencyId: w.coreOf.lineCurrency,
        sort: w.coreOf.sort,
        unpaidTotal: total,
        ...figures,
      });
    } else if (h.title !== w.title || h.quantity !== w.quantity || h.unitPrice !== unitPrice) {
      wrote = true;
      await tx
        .update(orderLineItems)
        .set({ ...figures, discount: '0', unpaidTotal: total })
        .where(eq(orderLineItems.id, h.id));
    }
  }
  return wrote;
}
