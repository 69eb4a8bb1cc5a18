/**
 * THE rule of who may act on a warehouse, used by the warehouse key check
 * (features/auth/warehouse-key.ts), the inventory pages and the warehouse API
 * (features/warehouses). Pure: it decides from the user's role, keys and organisation and the
 * warehouse's id and organisation, nothing else.
 *
 * - its operator: the user the warehouse is assigned to (users.warehouse_id) who holds
 *   `inventory.edit` (an operator whose key was denied keeps no way in);
 * - a manager: `warehouses.manage` AND the warehouse's own organisation (a warehouse with no
 *   organisation has no manager but a global admin);
 * - a global admin: the `admin` role still holding `warehouses.manage` reaches every warehouse.
 *
 * Managing the warehouse itself (its API key) is for managers and admins only: `{ manage: true }`.
 * Why so strict: `warehouses.manage` granted to one organisation's staff must not reach another
 * organisation's stock or keys.
 */
export type WarehouseUser = {
  role?: string;
  organisationId: number | null;
  warehouseId: number | null;
  permissions: ReadonlySet<string>;
};
export type WarehouseRef = { id: number; organisationId: number | null };

export function mayActOnWarehouse(user: WarehouseUser, warehouse: WarehouseRef, o: { manage?: boolean } = {}): boolean {
  const operator = !o.manage && user.warehouseId === warehouse.id && user.permissions.has('inventory.edit');
  if (operator) return true;
  if (!user.permissions.has('warehouses.manage')) return false;
  if (user.role === 'admin') return true;
  return warehouse.organisationId !== null && user.organisationId === warehouse.organisationId;
}
