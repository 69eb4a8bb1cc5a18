/**
 * The containers screen's reads and writes: an order's lines packed into shipping containers,
 * one warehouse per container (rules in src/domain/containers.ts). Writes lock the order row and
 * log what changed in the same transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderContainerItems, orderContainers, orderLineItems, orders, warehouses } from '../../db/schema/index.ts';
import { checkPack, unpacked } from '../../domain/containers.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { CurrentUser } from '../../http/types.ts';
import { audit } from '../audit/index.ts';

const PROBLEMS = {
  unknown_line: 'That line is not on this order.',
  unknown_container: 'That container is not on this order.',
  other_warehouse: 'A line can only go into a container of the warehouse it ships from.',
  quantity: 'Enter a whole number of units from 1.',
  too_many: 'That is more units than the line has left to pack.',
} as const;

export async function loadContainers(db: DbOrTx, orderId: number) {
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found.');
  // One at a time: inside a write this runs on the transaction's client.
  const lines = await db
    .select({
      id: orderLineItems.id,
      title: orderLineItems.title,
      stockcode: orderLineItems.stockcode,
      quantity: orderLineItems.quantity,
      warehouse_id: orderLineItems.warehouseId,
    })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), sql`${orderLineItems.lineType} <> 5`))
    .orderBy(asc(orderLineItems.sort), asc(orderLineItems.id));
  const containers = await db
    .select({ id: orderContainers.id, warehouse_id: orderContainers.warehouseId, label: orderContainers.label })
    .from(orderContainers)
    .where(eq(orderContainers.orderId, orderId))
    .orderBy(asc(orderContainers.id));
  const items = await db
    .select({
      container_id: orderContainerItems.containerId,
      line_id: orderContainerItems.lineItemId,
      quantity: orderContainerItems.quantity,
    })
    .from(orderContainerItems)
    .innerJoin(orderContainers, eq(orderContainers.id, orderContainerItems.containerId))
    .where(eq(orderContainers.orderId, orderId));
  const houses = await db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
  const left = unpacked(lines, items);
  const groups = [...new Set(lines.map((l) => l.warehouse_id))].map((wid) => ({
    warehouse: houses.find((h) => h.id === wid) ?? null,
    lines: lines.filter((l) => l.warehouse_id === wid).map((l) => ({ ...l, left: left.get(l.id) ?? 0 })),
    containers: containers
      .filter((c) => c.warehouse_id === wid)
      .map((c) => ({
        ...c,
        items: items
          .filter((i) => i.container_id === c.id)
          .map((i) => ({ ...i, title: lines.find((l) => l.id === i.line_id)?.title ?? '' })),
      })),
  }));
  return { order, groups, lines, containers, items };
}

async function locked(tx: DbOrTx, orderId: number) {
  const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) throw notFound('Order not found.');
}

export async function createContainer(db: Db, orderId: number, warehouseId: number, label: string, user: CurrentUser) {
  await db.transaction(async (tx) => {
    await locked(tx, orderId);
    const [line] = await tx
      .select({ id: orderLineItems.id })
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, orderId), eq(orderLineItems.warehouseId, warehouseId)))
      .limit(1);
    if (!line)
      throw invalid('No line of this order ships from that warehouse.', {
        warehouse_id: 'No line ships from this warehouse.',
      });
    const [c] = await tx
      .insert(orderContainers)
      .values({ orderId, warehouseId, label, createdBy: user.id })
      .returning({ id: orderContainers.id });
    await audit(tx, {
      action: 'order.container_create',
      entity: 'order',
      entityId: orderId,
      userId: user.id,
      message: `Container “${label}” added to order ${orderId} by ${user.email}`,
      data: { before: {}, after: { container: c.id, label, warehouse_id: warehouseId } },
    });
  });
}

/** Sets how many units of a line a container holds (0 takes the line out). */
export async function packLine(
  db: Db,
  orderId: number,
  containerId: number,
  lineId: number,
  quantity: number,
  user: CurrentUser,
) {
  await db.transaction(async (tx) => {
    await locked(tx, orderId);
    const state = await loadContainers(tx, orderId);
    const before = state.items.find((i) => i.container_id === containerId && i.line_id === lineId)?.quantity ?? 0;
    if (quantity === 0) {
      if (!state.containers.some((c) => c.id === containerId)) throw notFound(PROBLEMS.unknown_container);
      await tx
        .delete(orderContainerItems)
        .where(and(eq(orderContainerItems.containerId, containerId), eq(orderContainerItems.lineItemId, lineId)));
    } else {
      const problem = checkPack(state.lines, state.containers, state.items, {
        container_id: containerId,
        line_id: lineId,
        quantity,
      });
      if (problem) throw invalid(PROBLEMS[problem], { quantity: PROBLEMS[problem] });
      await tx
        .insert(orderContainerItems)
        .values({ containerId, lineItemId: lineId, quantity })
        .onConflictDoUpdate({
          target: [orderContainerItems.containerId, orderContainerItems.lineItemId],
          set: { quantity },
        });
    }
    await audit(tx, {
      action: 'order.container_pack',
      entity: 'order',
      entityId: orderId,
      userId: user.id,
      message: `Container ${containerId} of order ${orderId}: line ${lineId} now ${quantity} (was ${before}), by ${user.email}`,
      data: { before: { quantity: before }, after: { quantity } },
    });
  });
}

export async function deleteContainer(db: Db, orderId: number, containerId: number, user: CurrentUser) {
  await db.transaction(async (tx) => {
    await locked(tx, orderId);
    const gone = await tx
      .delete(orderContainers)
      .where(and(eq(orderContainers.id, containerId), eq(orderContainers.orderId, orderId)))
      .returning({ label: orderContainers.label });
    if (!gone.length) throw notFound(PROBLEMS.unknown_container);
    await audit(tx, {
      action: 'order.container_delete',
      entity: 'order',
      entityId: orderId,
      userId: user.id,
      message: `Container “${gone[0].label}” removed from order ${orderId} by ${user.email}`,
      data: { before: { container: containerId }, after: {} },
    });
  });
}
