/** Permission keys with their descriptions, role grants, single-user grants and spending limits. */
import type { PermissionKey, UserRole } from '../schema/constants.ts';
import { PERMISSION_KEYS } from '../schema/constants.ts';
import { ORG } from './ids.ts';

/** What each role may do; admin has every key. Customers have none (their own orders need no key). */
export const ROLE_PERMISSIONS: Record<UserRole, readonly PermissionKey[]> = {
  admin: PERMISSION_KEYS,
  staff: [
    'orders.view',
    'orders.edit',
    'orders.pay',
    'customers.view',
    'customers.edit',
    'products.edit',
    'dashboard.view',
    'reports.view',
    'calendar.edit',
    'quotes.manage',
  ],
  distributor: ['dashboard.view'],
  warehouse: ['dashboard.view', 'inventory.edit'],
  customer: [],
};

export const PERMISSION_DESCRIPTIONS: Record<PermissionKey, string> = {
  'orders.view': 'View and search orders',
  'orders.edit': 'Create and edit orders, tax exemption and shipping methods',
  'orders.pay': 'Take and refresh payments on orders',
  'customers.view': 'View and search customers',
  'customers.edit': 'Edit customers, their addresses and organisations',
  'products.edit': 'Use the product editor',
  'promotions.edit': 'Create and edit promotions',
  'warehouses.manage': 'Add warehouses and regenerate their API keys',
  'inventory.edit': 'Edit warehouse inventory',
  'media.edit': 'Upload and edit media',
  'reports.view': 'See order and survey reports',
  'instructionals.edit': 'Edit instructionals, videos and tools',
  'webhooks.edit': 'Edit integration webhooks',
  'permissions.edit': 'Grant and revoke permissions',
  'calendar.edit': 'Edit the calendar',
  'logs.view': 'Read the audit log',
  'translations.edit': 'Edit interface translations',
  'epp.admin': 'Choose any EPP down payment and term',
  'services.view': 'See the system service list',
  'dashboard.view': 'Open the dashboard',
  'organisation.users': "Invite and remove the users of one's own organisation",
  'quotes.manage': 'See quote requests and send counter-offers',
};

/**
 * Keys granted to single demo users on top of their role: the Acme buyer administers Acme's users;
 * Will Harper too, as Acme's purchasing approver (he approves the buyer's carts over the limit).
 */
export const USER_GRANTS: { email: string; key: PermissionKey; reason: string }[] = [
  { email: 'buyer@acme.example', key: 'organisation.users', reason: "Acme Farms' account administrator" },
  { email: 'will.harper@acme.example', key: 'organisation.users', reason: "Acme Farms' purchasing approver" },
];

/**
 * Spending limits: the Acme buyer may place up to $2,500.00 an order on their own (seed
 * plates, parts); a planter goes to Acme's approvers first. No period limit (their past orders would count).
 */
export const MEMBER_LIMITS: {
  email: string;
  org: number;
  perOrderLimit: string | null;
  perPeriodLimit: string | null;
  period: 'month' | 'quarter';
}[] = [{ email: 'buyer@acme.example', org: ORG.acme, perOrderLimit: '2500.00', perPeriodLimit: null, period: 'month' }];
