/** Shipping estimate reads: the items to ship (the channel's warehouses and their stock: src/db/queries/channel-stock.ts). Drizzle only. */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderLineItems, orders, products } from '../../db/schema/index.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import { tracksStock } from '../../domain/channel-stock.ts';

export type ShippableProduct = {
  id: number;
  title: string;
  status: number;
  isPhysical: boolean;
  /** Only items that track stock (src/domain/channel-stock.ts tracksStock) need free stock in a warehouse. */
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

type ProductRow = {
  id: number;
  title: string;
  status: number;
  isPhysical: boolean;
  isNonStock: boolean;
  inventoryType: string;
  weight: string | null;
  length: string | null;
  width: string | null;
  height: string | null;
};

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
export async function cartItems(
  db: DbOrTx,
  orderId: number,
): Promise<{ product: ShippableProduct; quantity: number }[]> {
  const rows = await db
    .select({ ...productColumns, quantity: orderLineItems.quantity })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .innerJoin(products, eq(products.id, orderLineItems.productId))
    .where(
      and(
        eq(orderLineItems.orderId, orderId),
        eq(orders.status, 'cart'),
        ne(orderLineItems.lineType, LINE_TYPES.PROMOTION),
      ),
    )
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  return rows.map(({ quantity, ...r }) => ({ product: toShippable(r), quantity }));
}
