/**
 * Closed value lists the database enforces with CHECK constraints. Exported so that
 * services, validators and the seed use the very same lists the migration was built from.
 */
export const USER_ROLES = ['admin', 'staff', 'customer', 'distributor', 'warehouse'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ACCOUNT_TYPES = ['personal', 'organization'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const PERMISSION_KEYS = [
  'orders.view',
  'orders.edit',
  'orders.pay',
  'customers.view',
  'customers.edit',
  'products.edit',
  'promotions.edit',
  'warehouses.manage',
  'inventory.edit',
  'media.edit',
  'reports.view',
  'instructionals.edit',
  'webhooks.edit',
  'permissions.edit',
  'calendar.edit',
  'logs.view',
  'translations.edit',
  'epp.admin',
  'services.view',
  'dashboard.view',
  // An organisation's own administrator: invite, list and remove the organisation's users.
  'organisation.users',
  // Quotes: see buyers' quote requests, change their prices and quantities, send counter-offers.
  'quotes.manage',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** A per-user or per-organisation override: 'grant' adds a key, 'deny' takes it away. */
export const PERMISSION_EFFECTS = ['grant', 'deny'] as const;
export type PermissionEffect = (typeof PERMISSION_EFFECTS)[number];

/** 'cart' is an open basket (possibly anonymous); 'quote' is a priced offer not yet ordered. */
export const ORDER_STATUSES = [
  'cart',
  'pending',
  'processing',
  'on_hold',
  'shipped',
  'completed',
  'cancelled',
  'quote',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// Line types, payment types, the fee allocation type and the quantity ranges are business rules:
// they live in src/domain (constants.ts, quantity.ts), and orders.ts builds its CHECKs from them.

export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'coming_soon', 'call'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** products.status: 0 active (listed), 1 draft / hidden, 2 discontinued (kept for order history). */
export const PRODUCT_STATUS = { active: 0, draft: 1, discontinued: 2 } as const;

export const INVENTORY_TYPES = ['stocked', 'made_to_order', 'drop_ship'] as const;

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
