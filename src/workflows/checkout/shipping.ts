/**
 * Step 2 of checkout: per-warehouse shipment quotes for the cart, from the rate engine the
 * storefront already uses (src/providers/shipping). Lines ship from the warehouses holding their
 * stock (domain allocateStock: one warehouse when it can fill the order, else split). Every quote
 * is stored; selecting accepts only live quote ids issued for this order, one per warehouse.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders, shipmentQuotes } from '../../db/schema/index.ts';
import { QUOTE_TTL_MINUTES, shippability, type Allocation } from '../../domain/checkout.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { fromCents, toCents } from '../../domain/money.ts';
import type { RateProvider } from '../../providers/shipping/types.ts';
import type { ChannelInfo } from '../../features/channels/index.ts';
import { applyTax } from './tax.ts';
import {
  channelWarehouseList,
  inventoryRows,
  type ChannelWarehouse,
  type InventoryRow,
} from '../../db/queries/channel-stock.ts';
import { freeStockMap } from '../../domain/channel-stock.ts';
import { withBackorders, type BackorderAllocation } from '../../domain/back-order.ts';

type BackorderItem = BackorderAllocation['backordered'][number];
import { toChannel } from '../../features/shipping/index.ts';
import { quoteMethodName, shipmentSelection, type ShipmentSelection } from '../../domain/shipping.ts';
import { addressById, liveQuotes, shipLines, type ShipLine } from './queries.ts';
import { machineDownOf } from '../../features/machine-down/index.ts';
import { fastestPerWarehouse } from '../../domain/machine-down.ts';
import { splitShipmentOf } from '../../db/queries/split-shipment.ts';

export const quoteCutoff = (now: Date) => new Date(now.getTime() - QUOTE_TTL_MINUTES * 60_000);

export type WarehouseQuotes = {
  warehouseId: number;
  name: string;
  city: string;
  items: { lineId: number; title: string; quantity: number }[];
  rates: {
    /** Spec §3 Shipment quote `method`: as a person reads it (carrier and service). */
    quote_id: number;
    method: string;
    carrier: string;
    description: string;
    service_type: string;
    shipment_method: string;
    total: { value: string; currency: string };
    shipment_date: string | null;
    delivery_date: string | null;
    min_days: number | null;
    max_days: number | null;
    residential: boolean;
    tax_duty_fees: { value: string; currency: string };
  }[];
};

export type ShippingAnswer = {
  shippingRequired: boolean;
  warehouses: WarehouseQuotes[];
  short?: { title: string; missing: number }[];
  machineDown?: boolean;
  /** Offered only when something is back-ordered: the buyer's choice (false: all together). */
  splitShipment?: boolean;
};

/**
 * The allocation of an order's lines over the channel's warehouses (src/domain/channel-stock.ts),
 * with current free stock. Quoting and placing the order both plan here; placing passes `lock`
 * to hold the inventory rows it then reserves.
 */
export async function planShipment(
  db: DbOrTx,
  channelId: number,
  lines: ShipLine[],
  opts: { lock?: boolean } = {},
): Promise<{ plan: Allocation; houses: ChannelWarehouse[]; rows: InventoryRow[]; backordered: BackorderItem[] }> {
  const houses = await channelWarehouseList(db, channelId);
  const physical = lines.filter((l) => l.isPhysical);
  const stocked = [...new Set(physical.filter((l) => l.needsStock).map((l) => l.productId))];
  const rows = await inventoryRows(
    db,
    houses.map((w) => w.id),
    stocked,
    opts,
  );
  const stockLines = physical.map((l) => ({
    lineId: l.lineId,
    productId: l.productId,
    quantity: l.quantity,
    needsStock: l.needsStock,
  }));
  const ids = houses.map((w) => w.id);
  const allocation = shippability(stockLines, ids, freeStockMap(rows)).allocation;
  // What no warehouse has of a back-orderable part ships with the order when it arrives.
  const backorderable = new Set(physical.filter((l) => l.allowBackorder).map((l) => l.productId));
  const { allocation: plan, backordered } = withBackorders(allocation, stockLines, ids, (p) => backorderable.has(p));
  return { plan, houses, rows, backordered };
}

type QuoteArgs = {
  userId: number;
  orderId: number;
  addressId: number;
  channel: ChannelInfo;
  currencyRates: Record<string, string>;
  now?: Date;
  titleOf?: (l: ShipLine) => string;
};

type Destination = { country: string; postalCode: string; residential: boolean };
type Quoted = Awaited<ReturnType<typeof quoteWarehouse>>;

export async function quoteShipping(db: Db, provider: RateProvider, args: QuoteArgs): Promise<ShippingAnswer> {
  const titleOf = args.titleOf ?? ((l: ShipLine) => l.title);
  const now = args.now ?? new Date();
  const address = await cartShipTo(db, args);

  const lines = await shipLines(db, args.orderId);
  const physical = lines.filter((l) => l.isPhysical);
  if (!physical.length) return { shippingRequired: false, warehouses: [] };
  const { plan, houses, backordered } = await planShipment(db, args.channel.id, lines);
  if (plan.short.length) {
    return {
      shippingRequired: true,
      warehouses: [],
      short: plan.short.map((s) => {
        const l = lines.find((x) => x.lineId === s.lineId);
        return { title: l ? titleOf(l) : '', missing: s.missing };
      }),
    };
  }
  const destination = { country: address.countryCode, postalCode: address.postalCode, residential: !address.company };
  const byLine = new Map(lines.map((l) => [l.lineId, l]));

  const quoted = await Promise.all(
    plan.warehouses.map((w) =>
      quoteWarehouse(provider, args, {
        house: houses.find((h) => h.id === w.warehouseId)!,
        items: w.items,
        byLine,
        destination,
        now,
      }),
    ),
  );

  // Back-ordered units: the buyer chooses between one parcel later and two (same shipping price).
  const splitChoice = backordered.length ? { splitShipment: await splitShipmentOf(db, args.orderId) } : {};
  // Machine down: only each warehouse's fastest quote is stored, so only it can be chosen.
  const { machineDown } = await machineDownOf(db, args.orderId);
  const offered = machineDown ? fastestPerWarehouse(quoted) : quoted;

  return db.transaction(async (tx) => {
    // Re-quoting supersedes every quote issued before (and the selection made from them).
    await tx.delete(shipmentQuotes).where(eq(shipmentQuotes.orderId, args.orderId));
    await tx
      .update(orders)
      .set({ shipping: '0', shipmentQuoteId: null, shipmentMethod: null, shipFromWarehouseId: null })
      .where(eq(orders.id, args.orderId));
    await applyTax(tx, args.orderId, now);
    const out: WarehouseQuotes[] = [];
    for (const q of offered) {
      const rows = await storeQuotes(tx, args, q, now);
      out.push(warehouseQuotes(q, rows, (lineId) => titleOf(byLine.get(lineId)!)));
    }
    return { shippingRequired: true, warehouses: out, machineDown, ...splitChoice };
  });
}

/** The cart's ship-to address: the order must be the user's cart and this its saved shipping address. */
async function cartShipTo(db: Db, args: QuoteArgs) {
  const [order] = await db
    .select({ userId: orders.userId, status: orders.status, shipTo: orders.shipToAddressId })
    .from(orders)
    .where(eq(orders.id, args.orderId))
    .limit(1);
  if (!order || order.userId !== args.userId || order.status !== 'cart') throw notFound('Your cart was not found.');
  if (order.shipTo !== args.addressId)
    throw invalid('Save this address as the shipping address first.', {
      addressId: 'Save this address as the shipping address first.',
    });
  const address = await addressById(db, args.addressId);
  if (!address) throw notFound('That address does not exist.');
  return address;
}

/** One warehouse's rates for its parcels, in the channel's currency. */
async function quoteWarehouse(
  provider: RateProvider,
  args: QuoteArgs,
  w: {
    house: ChannelWarehouse;
    items: Allocation['warehouses'][number]['items'];
    byLine: Map<number, ShipLine>;
    destination: Destination;
    now: Date;
  },
) {
  const { house } = w;
  const parcels = w.items.map((i) => {
    const l = w.byLine.get(i.lineId)!;
    return {
      weightKg: l.weightKg,
      lengthCm: l.lengthCm,
      widthCm: l.widthCm,
      heightCm: l.heightCm,
      quantity: i.quantity,
    };
  });
  const origin = {
    id: house.id,
    code: house.code,
    countryCode: house.countryCode,
    postalCode: house.postalCode,
    regionCode: house.regionCode,
    timeZone: house.timeZone,
  };
  const rates = await provider.quote({ warehouse: origin, destination: w.destination, parcels, now: w.now });
  return {
    house,
    items: w.items,
    rates: rates.map((q) => ({
      ...q,
      total: toChannel(q.total, args.channel, args.currencyRates),
      tax_duty_fees: toChannel(q.tax_duty_fees, args.channel, args.currencyRates),
    })),
  };
}

/** Stores one warehouse's quotes; their ids, in the rates' order. */
async function storeQuotes(tx: DbOrTx, args: QuoteArgs, q: Quoted, now: Date): Promise<{ id: number }[]> {
  return q.rates.length
    ? await tx
        .insert(shipmentQuotes)
        .values(
          q.rates.map((r) => ({
            orderId: args.orderId,
            warehouseId: q.house.id,
            addressId: args.addressId,
            carrier: r.carrier,
            serviceType: r.service_type,
            description: r.description,
            shipmentMethod: r.shipment_method,
            total: r.total.value,
            shipmentDate: r.shipment_date,
            deliveryDate: r.delivery_date,
            minDays: r.min_days,
            maxDays: r.max_days,
            residential: r.residential,
            taxDutyFees: r.tax_duty_fees.value,
            createdAt: now,
          })),
        )
        .returning({ id: shipmentQuotes.id })
    : [];
}

/** One warehouse as the answer shows it: its lines and its stored quotes. */
function warehouseQuotes(q: Quoted, rows: { id: number }[], titleOf: (lineId: number) => string): WarehouseQuotes {
  return {
    warehouseId: q.house.id,
    name: q.house.name,
    city: q.house.city,
    items: q.items.map((i) => ({ lineId: i.lineId, title: titleOf(i.lineId), quantity: i.quantity })),
    rates: q.rates.map((r, k) => ({
      quote_id: rows[k].id,
      method: quoteMethodName(r),
      carrier: r.carrier,
      description: r.description,
      service_type: r.service_type,
      shipment_method: r.shipment_method,
      total: r.total,
      shipment_date: r.shipment_date,
      delivery_date: r.delivery_date,
      min_days: r.min_days,
      max_days: r.max_days,
      residential: r.residential,
      tax_duty_fees: r.tax_duty_fees,
    })),
  };
}

/** POST /order/shipping-method: one live quote per quoted warehouse, all issued for this order. */
export function selectShipping(
  db: Db,
  args: { userId: number; orderId: number; quoteIds: number[]; preferredName?: string; now?: Date; channelId?: number },
): Promise<{ shippingCents: number; quoteIds: number[]; selections: ShipmentSelection[] }> {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, args.orderId))
      .for('update');
    if (!order || order.userId !== args.userId || order.status !== 'cart') throw notFound('Your cart was not found.');
    const live = await liveQuotes(tx, args.orderId, quoteCutoff(now));
    const ids = [...new Set(args.quoteIds)];
    const chosen = ids.map((id) => live.find((q) => q.id === id));
    if (!ids.length || chosen.some((q) => !q)) {
      throw invalid(
        'That shipping method is no longer available. Please choose again.',
        { selected_methods: 'That shipping method is no longer available. Please choose again.' },
        'quote_invalid',
      );
    }
    const picked = chosen as NonNullable<(typeof chosen)[number]>[];
    const warehouses = [...new Set(live.map((q) => q.warehouseId))];
    const covered = new Set(picked.map((q) => q.warehouseId));
    if (covered.size !== picked.length || warehouses.some((w) => !covered.has(w))) {
      throw invalid(
        'Choose one shipping method for each warehouse.',
        { selected_methods: 'Choose one shipping method for each warehouse.' },
        'quote_invalid',
      );
    }
    await tx.update(shipmentQuotes).set({ selected: false }).where(eq(shipmentQuotes.orderId, args.orderId));
    await tx
      .update(shipmentQuotes)
      .set({ selected: true })
      .where(and(eq(shipmentQuotes.orderId, args.orderId), inArray(shipmentQuotes.id, ids)));
    const shippingCents = picked.reduce((s, q) => s + toCents(q.total), 0);
    await tx
      .update(orders)
      .set({
        shipping: fromCents(shippingCents),
        shipmentQuoteId: picked[0].id,
        shipmentMethod: picked.map((q) => q.shipmentMethod).join(', '),
        shipFromWarehouseId: picked[0].warehouseId,
        ...(args.preferredName ? { attention: args.preferredName } : {}),
      })
      .where(eq(orders.id, args.orderId));
    await applyTax(tx, args.orderId, now);
    // Spec §3 selection state: each warehouse's chosen quote with the lines it ships (as quoted).
    const plan = args.channelId
      ? (await planShipment(tx, args.channelId, await shipLines(tx, args.orderId))).plan
      : null;
    const selections = picked.map((q) =>
      shipmentSelection(
        { quote_id: q.id, warehouse_id: q.warehouseId, total: q.total, residential: q.residential },
        plan?.warehouses.find((w) => w.warehouseId === q.warehouseId)?.items ?? [],
      ),
    );
    return { shippingCents, quoteIds: ids, selections };
  });
}
