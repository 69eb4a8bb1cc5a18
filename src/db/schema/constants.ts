/**
 * Closed value lists the database enforces with CHECK constraints. Exported so that
 * services, validators and the seed use the very same lists the migration was built from.
 */
export const USER_ROLES = ['admin', 'staff', 'customer', 'distributor', 'warehouse'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ACCOUNT_TYPES = ['personal', 'organization'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const PERMISSION_KEYS = [
  'orders.view', 'orders.edit', 'orders.pay',
  'customers.view', 'customers.edit',
  'products.edit', 'promotions.edit', 'warehouses.manage', 'inventory.edit', 'media.edit',
  'reports.view', 'instructionals.edit', 'webhooks.edit', 'permissions.edit', 'calendar.edit',
  'logs.view', 'translations.edit', 'epp.admin', 'services.view', 'dashboard.view',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** 'cart' is an open basket (possibly anonymous); 'quote' is a priced offer not yet ordered. */
export const ORDER_STATUSES = ['cart', 'pending', 'processing', 'on_hold', 'shipped', 'completed', 'cancelled', 'quote'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** 0 product line; 1 and 2 also count toward the discount (2 is special in checkout); 5 promotion line. */
export const LINE_TYPES = [0, 1, 2, 5] as const;
export type LineType = (typeof LINE_TYPES)[number];
export const LINE_TYPE = { product: 0, discountable: 1, special: 2, promotion: 5 } as const;

export const PAYMENT_TYPES = [1, 2] as const;
export const PAYMENT_TYPE = { card: 1, check: 2 } as const;

/** payment_allocations.type: 0 = applied to a line item, 1 = applied to a fee. */
export const ALLOCATION_TYPE = { line: 0, fee: 1 } as const;

export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'coming_soon', 'call'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** products.status: 0 active (listed), 1 draft / hidden, 2 discontinued (kept for order history). */
export const PRODUCT_STATUS = { active: 0, draft: 1, discontinued: 2 } as const;

export const INVENTORY_TYPES = ['stocked', 'made_to_order', 'drop_ship'] as const;

/** product_options.option_type: 0 = pick one choice, 1 = each choice takes a quantity 0..35. */
export const OPTION_TYPE = { single: 0, quantity: 1 } as const;

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const CART_QUANTITY = { min: 1, max: 999 } as const;
export const OPTION_QUANTITY = { min: 0, max: 35 } as const;
