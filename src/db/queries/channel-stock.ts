/**
 * The one reader of the rows the stock rule (src/domain/channel-stock.ts) decides on: a channel's
 * warehouses with their link to it, inventory rows, and the same facts as one JSON column for a
 * select over products (the product page, catalog, parts and cart read them in their own query).
 * No rule lives here: which warehouses count and what is free is the domain's.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { channelWarehouses as channelLinks, inventory, products, warehouses } from '../schema/index.ts';
import { channelWarehouses, type ChannelStockFacts } from '../../domain/channel-stock.ts';

/**
 * For a select over `products`: the product's inventory rows, each with its warehouse's `active`
 * flag and whether the channel links it, and whether the channel links any warehouse at all.
 */
export function channelStockColumn(channelId: number): SQL<ChannelStockFacts> {
  return sql<ChannelStockFacts>`json_build_object(
    'channelLinked', exists (select 1 from ${channelLinks} where ${channelLinks.channelId} = ${channelId}),
    'rows', coalesce((select json_agg(json_build_object(
        'warehouseId', ${inventory.warehouseId}, 'quantity', ${inventory.quantity}, 'reserved', ${inventory.reserved},
        'resupplyDate', ${inventory.resupplyDate}, 'active', ${warehouses.active},
        'linked', exists (select 1 from ${channelLinks} where ${channelLinks.channelId} = ${channelId} and ${channelLinks.warehouseId} = ${inventory.warehouseId})
      ) order by ${inventory.warehouseId})
      from ${inventory} inner join ${warehouses} on ${warehouses.id} = ${inventory.warehouseId}
      where ${inventory.productId} = ${products.id}), '[]'::json))`;
}

export type ChannelWarehouse = {
  id: number;
  code: string;
  name: string;
  city: string;
  regionCode: string;
  postalCode: string;
  countryCode: string;
  timeZone: string;
  active: boolean;
  linked: boolean;
  priority: number | null;
};

/** The warehouses the channel sells from, most preferred first (the domain rule over every warehouse). */
export async function channelWarehouseList(db: DbOrTx, channelId: number): Promise<ChannelWarehouse[]> {
  const rows = await db
    .select({
      id: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      city: warehouses.city,
      regionCode: warehouses.regionCode,
      postalCode: warehouses.postalCode,
      countryCode: warehouses.countryCode,
      timeZone: warehouses.zone,
      active: warehouses.active,
      priority: channelLinks.priority,
    })
    .from(warehouses)
    .leftJoin(channelLinks, and(eq(channelLinks.warehouseId, warehouses.id), eq(channelLinks.channelId, channelId)))
    .orderBy(asc(warehouses.id));
  return channelWarehouses(rows.map((r) => ({ ...r, linked: r.priority !== null })));
}

export type InventoryRow = { id: number; warehouseId: number; productId: number; quantity: number; reserved: number };

/**
 * Inventory rows of these products in these warehouses. `lock`: FOR UPDATE, in id order (so
 * concurrent checkouts never deadlock), for a transaction that reserves what it read.
 */
export async function inventoryRows(
  db: DbOrTx,
  warehouseIds: readonly number[],
  productIds: readonly number[],
  opts: { lock?: boolean } = {},
): Promise<InventoryRow[]> {
  if (!warehouseIds.length || !productIds.length) return [];
  const q = db
    .select({
      id: inventory.id,
      warehouseId: inventory.warehouseId,
      productId: inventory.productId,
      quantity: inventory.quantity,
      reserved: inventory.reserved,
    })
    .from(inventory)
    .where(and(inArray(inventory.warehouseId, [...warehouseIds]), inArray(inventory.productId, [...productIds])))
    .orderBy(asc(inventory.id));
  return opts.lock ? q.for('update') : q;
}
