/**
 * THE stock rule (pure): which warehouses a channel sells from, how many units of a
 * product are free there, and which products count stock at all. The product page, catalog cards,
 * parts, the cart, the shipping estimate, checkout's shipping quotes and placing the order all
 * decide through here; src/db/queries/channel-stock.ts is the one place that reads the rows.
 *
 *   warehouses  the channel's linked warehouses that are ACTIVE, by link priority, then id. A
 *               channel with no warehouse linked at all sells from every active warehouse (by id).
 *               A channel whose links all point at inactive warehouses sells from none: its links
 *               say where it ships from, and switching a warehouse off stops it shipping.
 *   free stock  max(0, quantity − reserved) per inventory row (a row over-reserved by a data
 *               error never counts against another warehouse); a product's stock in the channel is
 *               the sum over the channel's warehouses.
 *   tracksStock only physical goods sold from a warehouse shelf ('stocked'), not flagged
 *               non-stock, count stock; services, made-to-order and drop-shipped goods never run out.
 */
import { latestResupplyDate } from './availability.ts';

/** A warehouse as seen from one channel: `linked` when a channel_warehouses row joins them. */
export type ChannelWarehouseFacts = { id: number; active: boolean; linked: boolean; priority: number | null };

/** One inventory row. */
export type StockRow = { warehouseId: number; productId: number; quantity: number; reserved: number };

/** A product's inventory row with its warehouse's facts for the channel (what the product queries read). */
export type ProductStockRow = {
  warehouseId: number;
  quantity: number;
  reserved: number;
  resupplyDate: string | null;
  active: boolean;
  linked: boolean;
};

/** A product's stock facts in one channel: its inventory rows, and whether the channel links any warehouse. */
export type ChannelStockFacts = { channelLinked: boolean; rows: ProductStockRow[] };

/** Why: services, warranties, drop-shipped and made-to-order goods never run out of shelf stock. */
export function tracksStock(p: { isPhysical: boolean; isNonStock: boolean; inventoryType: string }): boolean {
  return p.isPhysical && !p.isNonStock && p.inventoryType === 'stocked';
}

/** Units of a row that can still be sold: quantity − reserved, never below 0. */
export function freeUnits(row: { quantity: number; reserved: number }): number {
  return Math.max(0, row.quantity - row.reserved);
}

/** Whether a warehouse sells for the channel (`channelLinked`: the channel links at least one warehouse). */
export function sellsForChannel(w: { active: boolean; linked: boolean }, channelLinked: boolean): boolean {
  return w.active && (w.linked || !channelLinked);
}

/** The warehouses a channel sells from, most preferred first. */
export function channelWarehouses<T extends ChannelWarehouseFacts>(all: readonly T[]): T[] {
  const channelLinked = all.some((w) => w.linked);
  return all
    .filter((w) => sellsForChannel(w, channelLinked))
    .sort((a, b) => (channelLinked ? (a.priority ?? 0) - (b.priority ?? 0) : 0) || a.id - b.id);
}

/** The key of freeStockMap. */
export const stockKey = (warehouseId: number, productId: number) => `${warehouseId}:${productId}`;

/** Free units per `${warehouseId}:${productId}` (what domain/checkout.ts allocateStock reads). */
export function freeStockMap(rows: readonly StockRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows)
    out.set(stockKey(r.warehouseId, r.productId), (out.get(stockKey(r.warehouseId, r.productId)) ?? 0) + freeUnits(r));
  return out;
}

/** A product's free units in the channel and the latest resupply date its warehouses expect. */
export function channelStock(facts: ChannelStockFacts): { free: number; resupplyDate: string | null } {
  const counted = facts.rows.filter((r) => sellsForChannel(r, facts.channelLinked));
  return {
    free: counted.reduce((sum, r) => sum + freeUnits(r), 0),
    resupplyDate: latestResupplyDate(counted.map((r) => r.resupplyDate)),
  };
}
