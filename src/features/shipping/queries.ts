/** Shipping estimate reads: the items to ship, the channel's warehouses and their stock. Drizzle only. */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { channelWarehouses, inventory, orderLineItems, orders, products, warehouses } from '../../db/schema/index.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import { tracksStock } from '../../domain/pricing.ts';

export type ShippableProduct = {
  id: number;
  title: string;
  status: number;
  isPhysical: boolean;
  /** Only items that track stock (src/domain/pricing.ts tracksStock) need free stock in a warehouse. */
  needsStock: boolean;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
};

const productColumns = {
  id: products.id,
  title: products.title,
  status: products.status,
  isPhysical: products.isPhysical,
  isNonStock: products.isNonStock,
  inventoryType: products.inventoryType,
  weight: products.weight,
  length: products.length,
  width: products.width,
  height: products.height,
};

type ProductRow = { id: number; title: string; status: number; isPhysical: boolean; isNonStock: boolean; inventoryType: string; weight: string | null; length: string | null; width: string | null; height: string | null };

const num = (v: string | null) => (v == null ? 0 : Number(v));
function toShippable(r: ProductRow): ShippableProduct {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    isPhysical: r.isPhysical,
    needsStock: tracksStock(r),
    weightKg: num(r.weight),
    lengthCm: num(r.length),
    widthCm: num(r.width),
    heightCm: num(r.height),
  };
}

export async function findProduct(db: DbOrTx, id: number): Promise<ShippableProduct | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ? toShippable(row) : undefined;
}

/** The product lines of a cart (promotion lines carry no goods). */
export async function cartItems(db: DbOrTx, orderId: number): Promise<{ product: ShippableProduct; quantity: number }[]> {
  const rows = await db
    .select({ ...productColumns, quantity: orderLineItems.quantity })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .innerJoin(products, eq(products.id, orderLineItems.productId))
    .where(and(eq(orderLineItems.orderId, orderId), eq(orders.status, 'cart'), ne(orderLineItems.lineType, LINE_TYPES.PROMOTION)))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  return rows.map(({ quantity, ...r }) => ({ product: toShippable(r), quantity }));
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
  priority: number;
};

/** Active warehouses serving a channel, most preferred first. */
export async function channelWarehouseList(db: DbOrTx, channelId: number): Promise<ChannelWarehouse[]> {
  return db
    .select({
      id: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      city: warehouses.city,
      regionCode: warehouses.regionCode,
      postalCode: warehouses.postalCode,
      countryCode: warehouses.countryCode,
      timeZone: warehouses.zone,
      priority: channelWarehouses.priority,
    })
    .from(channelWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, channelWarehouses.warehouseId))
    .where(and(eq(channelWarehouses.channelId, channelId), eq(warehouses.active, true)))
    .orderBy(asc(channelWarehouses.priority), asc(warehouses.id));
}

/** Free stock (quantity − reserved) per warehouse and product. */
export async function freeStock(db: DbOrTx, warehouseIds: number[], productIds: number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!warehouseIds.length || !productIds.length) return out;
  const rows = await db
    .select({ warehouseId: inventory.warehouseId, productId: inventory.productId, quantity: inventory.quantity, reserved: inventory.reserved })
    .from(inventory)
    .where(and(inArray(inventory.warehouseId, warehouseIds), inArray(inventory.productId, productIds)));
  for (const r of rows) out.set(`${r.warehouseId}:${r.productId}`, Math.max(0, r.quantity - r.reserved));
  return out;
}
