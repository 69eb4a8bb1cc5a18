/**
 * The back office's left navigation: one entry per area, shown to a user only when their
 * permissions open it (keys, never roles). An area adds its own entry here when its pages
 * exist, so the navigation never leads to a missing page.
 *
 * `href` takes the locale because most back-office paths of the spec are locale-prefixed
 * (/{locale}/account/dashboard/orders) while a few are not (/account/dashboard).
 */
import type { PermissionKey } from '../db/schema/constants.ts';

export type AdminNavItem = {
  key: string;
  /** Interface text key of the label. */
  label: string;
  href: (locale: string) => string;
  /** The user needs this key to see the entry (and the pages behind it check the same key). */
  permission: PermissionKey;
  /** Icon name from views/partials/icons.ejs. */
  icon: string;
  /** Second group, under the main areas (settings-like areas). */
  group?: 'main' | 'settings';
};

// Keep in the order a person works through the day; one line per area.
export const ADMIN_NAV: AdminNavItem[] = [
  {
    key: 'home',
    label: 'admin.nav.home',
    href: () => '/account/dashboard',
    permission: 'dashboard.view',
    icon: 'home',
  },
  {
    key: 'instructionals',
    label: 'admin.nav.instructionals',
    href: (l) => `/${l}/instructional/editor`,
    permission: 'instructionals.edit',
    icon: 'book',
  },
  {
    key: 'leads',
    label: 'admin.nav.leads',
    href: (l) => `/${l}/admin/leads`,
    permission: 'customers.view',
    icon: 'customers',
  },
  { key: 'parts', label: 'admin.nav.parts', href: (l) => `/${l}/parts`, permission: 'products.edit', icon: 'map' }, // Callouts are edited on the explorer
  {
    key: 'orders',
    label: 'admin.nav.orders',
    href: (l) => `/${l}/account/dashboard/orders`,
    permission: 'orders.view',
    icon: 'orders',
  },
  {
    key: 'invoices',
    label: 'admin.nav.invoices',
    href: (l) => `/${l}/account/dashboard/invoices`,
    permission: 'orders.view',
    icon: 'calendar',
  }, // Pay on terms
  {
    key: 'returns',
    label: 'admin.nav.returns',
    href: (l) => `/${l}/admin/returns`,
    permission: 'orders.view',
    icon: 'orders',
  }, // Returns (RMA)
  {
    key: 'backorders',
    label: 'admin.nav.backorders',
    href: (l) => `/${l}/account/dashboard/backorders`,
    permission: 'orders.view',
    icon: 'box',
  }, // Back orders by expected day
  {
    key: 'quotes',
    label: 'admin.nav.quotes',
    href: (l) => `/${l}/admin/quotes`,
    permission: 'quotes.manage',
    icon: 'tag',
  }, // Quotes
  {
    key: 'customers',
    label: 'admin.nav.customers',
    href: () => '/account/dashboard/customers',
    permission: 'customers.view',
    icon: 'customers',
  },
  // Back office insight: reports and the calendar.
  {
    key: 'reports',
    label: 'admin.nav.reports',
    href: (l) => `/${l}/account/dashboard/reports`,
    permission: 'reports.view',
    icon: 'chart',
  },
  {
    key: 'calendar',
    label: 'admin.nav.calendar',
    href: (l) => `/${l}/account/dashboard/calendar`,
    permission: 'calendar.edit',
    icon: 'calendar',
  },
  // Catalogue
  {
    key: 'products',
    label: 'admin.nav.products',
    href: (l) => `/${l}/account/dashboard/producteditor`,
    permission: 'products.edit',
    icon: 'box',
  },
  {
    key: 'fitment',
    label: 'admin.nav.fitment',
    href: (l) => `/${l}/account/dashboard/fitment`,
    permission: 'products.edit',
    icon: 'list',
  }, // Which models and serials each part fits
  {
    key: 'core-tax',
    label: 'admin.nav.coreTax',
    href: (l) => `/${l}/account/dashboard/core-tax`,
    permission: 'products.edit',
    icon: 'list',
  }, // Where core deposits are taxed
  {
    key: 'promotions',
    label: 'admin.nav.promotions',
    href: (l) => `/${l}/account/dashboard/promotions`,
    permission: 'promotions.edit',
    icon: 'tag',
  },
  {
    key: 'warehouses',
    label: 'admin.nav.warehouses',
    href: (l) => `/${l}/account/dashboard/warehouses`,
    permission: 'inventory.edit',
    icon: 'warehouse',
  },
  {
    key: 'media',
    label: 'admin.nav.media',
    href: (l) => `/${l}/account/dashboard/media`,
    permission: 'media.edit',
    icon: 'image',
  },
  // Permissions
  {
    key: 'permissions',
    label: 'admin.nav.permissions',
    href: (l) => `/${l}/admin/permissions`,
    permission: 'permissions.edit',
    icon: 'shield',
    group: 'settings',
  },
  // Integrations, system services, the log.
  {
    key: 'integrations',
    label: 'admin.nav.integrations',
    href: (l) => `/${l}/account/dashboard/integrations`,
    permission: 'webhooks.edit',
    icon: 'plug',
    group: 'settings',
  },
  {
    key: 'services',
    label: 'admin.nav.services',
    href: (l) => `/${l}/admin/services`,
    permission: 'services.view',
    icon: 'shield',
    group: 'settings',
  },
  {
    key: 'logs',
    label: 'admin.nav.logs',
    href: (l) => `/${l}/admin/logs`,
    permission: 'logs.view',
    icon: 'list',
    group: 'settings',
  },
];

export type AdminNavLink = {
  key: string;
  label: string;
  href: string;
  icon: string;
  current: boolean;
  group: 'main' | 'settings';
};

/** The entries this user may open, with the current one marked. */
export function adminNavFor(
  permissions: ReadonlySet<string>,
  locale: string,
  current: string | undefined,
  t: (key: string) => string,
): AdminNavLink[] {
  return ADMIN_NAV.filter((i) => permissions.has(i.permission)).map((i) => ({
    key: i.key,
    label: t(i.label),
    href: i.href(locale),
    icon: i.icon,
    current: i.key === current,
    group: i.group ?? 'main',
  }));
}
