/**
 * THE rule of who may act on a warehouse, used by the warehouse key check
 * (features/auth/warehouse-key.ts), the inventory pages and the warehouse API
 * (features/warehouses). Pure: it decides from the user's keys and organisation and the
 * warehouse's id and organisation, nothing else.
 *
 * - its operator: the user the warehouse is assigned to (users.warehouse_id) who holds
 *   `inventory.edit` (an operator whose key was denied keeps no way in);
 * - a manager: `warehouses.manage` AND the warehouse's own organisation. No role reaches past
 *   its organisation, admin included: the shop's admin belongs to the shop's organisation, which
 *   owns its warehouses, and an admin of a customer's or partner's organisation is that
 *   organisation's only. A warehouse with no organisation is managed by managers with none.
 *
 * Managing the warehouse itself (regenerating its API key) is for managers only: `{ manage: true }`.
 */
export type WarehouseUser = {
  organisationId: number | null;
  warehouseId: number | null;
  permissions: ReadonlySet<string>;
};
export type WarehouseRef = { id: number; organisationId: number | null };

export function mayActOnWarehouse(user: WarehouseUser, warehouse: WarehouseRef, o: { manage?: boolean } = {}): boolean {
  if (!o.manage && user.warehouseId === warehouse.id && user.permissions.has('inventory.edit')) return true;
  return user.permissions.has('warehouses.manage') && user.organisationId === warehouse.organisationId;
}
