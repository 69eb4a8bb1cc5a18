/**
 * The URL map. Storefront pages live under /{locale}/…; the spec's unprefixed
 * paths (/account/dashboard, /admin/…, /cart/checkout, /api/…) hang off the root
 * and use the visitor's last locale. A first segment that is neither a locale nor
 * one of those paths falls through to 404.
 */
import { localeForLanguages } from './domain/locale-tag.ts';
import type { Router } from 'express';
import type { Services } from './services.ts';
import { isLocale } from './i18n/locales.ts';
import { localeContext, sessionTakesLocale } from './http/context.ts';
import { authRoutes } from './features/auth/index.ts';
import { accountRoutes } from './features/account/index.ts';
import { dashboardRoutes } from './features/dashboard/index.ts';
import { landingRoutes } from './features/landing/index.ts';
import { catalogRoutes } from './features/catalog/index.ts';
import { productRoutes } from './features/product/index.ts';
import { cartRoutes } from './features/cart/index.ts';
import { shippingRoutes } from './features/shipping/index.ts';
import { channelApiRoutes, channelRoutes } from './features/channels/index.ts';
// Translations, instructionals, content.
import { translationRoutes } from './features/translations/index.ts';
import { instructionalRoutes } from './features/instructionals/index.ts';
import { partsRoutes } from './features/parts/index.ts';
import { dealerRoutes } from './features/dealers/index.ts';
import { leadRoutes } from './features/leads/index.ts';
// Checkout and orders
import { checkoutDeps, checkoutPage, checkoutRoutes, paymentProviderRoutes } from './workflows/checkout/routes.ts';
import { addressRoutes } from './workflows/checkout/address-routes.ts';
import { orderRoutes } from './features/orders/index.ts';
// --- Back-office orders, the orders API and customers ---
import { orderAdminLocalizedRoutes, orderAdminRoutes } from './features/order-admin/index.ts';
import { customerRoutes } from './features/customers/index.ts';
import { orderApiRoutes } from './features/order-api/index.ts';
// Back office insight.
import { reportRoutes } from './features/reports/index.ts';
import { calendarRoutes } from './features/calendar/index.ts';
import { productEditorRoutes } from './features/product-editor/index.ts';
import { imageUploaderRoutes, mediaRoutes } from './features/media/index.ts';
import { promotionRoutes } from './features/promotions/index.ts';
import { warehouseRoutes, warehouseApiRoutes } from './features/warehouses/index.ts';
// Saved payment methods and bank accounts
import { bankLinkApiRoutes, paymentMethodRoutes } from './features/payment-methods/index.ts';
// Permissions and organisation users.
import { permissionRoutes } from './features/permissions/index.ts';
import { orgUserRoutes } from './features/org-users/index.ts';
import { approvalRoutes } from './workflows/approvals/routes.ts';
// Integrations, system services, the log.
import { integrationRoutes } from './features/webhooks/index.ts';
import { systemRoutes } from './features/system/index.ts';
// Extended Payment Program
import { eppRoutes } from './features/epp/index.ts';
// Quick order by part number
import { quickOrderRoutes } from './features/quick-order/index.ts';
import { invoicesRoutes, termsAdminRoutes } from './features/terms/index.ts';
import { backorderRoutes } from './features/backorders/index.ts'; // Back orders
import { quoteRoutes } from './features/quotes/index.ts';
import { returnRoutes } from './features/returns/index.ts'; // Returns (RMA)
import { guestRoutes } from './features/guest/index.ts'; // Guest checkout
// Each route is declared once with its rule (route()); declaredOnly refuses any other path.
import { declaredOnly, mount, route, routes } from './http/route.ts';
import { fitmentAdminRoutes, machineRoutes } from './features/machines/index.ts'; // My machines, fitment
import { coreTaxAdminRoutes } from './features/cores/index.ts'; // Core deposits' tax rules

export function localizedRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  r.use(async (req, res, next) => {
    const locale = (req.params as { locale?: string }).locale;
    if (!isLocale(locale)) return next('router');
    await localeContext(s, locale)(req, res);
    if (sessionTakesLocale(req.session, locale)) req.session.locale = locale;
    next();
  });
  r.use(declaredOnly(r)); // a path no declared route matches: 404 before any router below
  mount(r, landingRoutes(s));
  mount(r, authRoutes(s));
  mount(r, accountRoutes(s));
  mount(r, machineRoutes(s)); // My machines
  mount(r, catalogRoutes(s));
  mount(r, instructionalRoutes(s)); // before productRoutes: puts each product's guides in res.locals
  mount(r, productRoutes(s));
  mount(r, cartRoutes(s));
  mount(r, shippingRoutes(s));
  mount(r, channelRoutes(s));
  mount(r, partsRoutes(s));
  mount(r, quickOrderRoutes(s));
  mount(r, dealerRoutes(s).localized);
  mount(r, leadRoutes(s));
  // Checkout and orders
  mount(r, checkoutRoutes(s, checkoutDeps(s)));
  mount(r, orderRoutes(s));
  mount(r, guestRoutes(s)); // The guest's confirmation and "create your account"
  mount(r, addressRoutes(s));
  // --- back-office orders and the orders API ---
  mount(r, orderAdminLocalizedRoutes(s));
  mount(r, invoicesRoutes(s)); // Pay on terms, invoices due
  mount(r, backorderRoutes(s)); // Back orders by expected day
  mount(r, orderApiRoutes(s));
  mount(r, reportRoutes(s));
  mount(r, calendarRoutes(s));
  // Back-office catalogue
  mount(r, productEditorRoutes(s));
  mount(r, fitmentAdminRoutes(s)); // Fitment rows and their CSV import
  mount(r, coreTaxAdminRoutes(s)); // Where core deposits are taxed
  mount(r, mediaRoutes(s));
  mount(r, promotionRoutes(s));
  mount(r, warehouseRoutes(s));
  mount(r, paymentMethodRoutes(s));
  // Permissions and organisation users
  mount(r, permissionRoutes(s));
  mount(r, orgUserRoutes(s));
  mount(r, approvalRoutes(s, checkoutDeps(s))); // Spending limits and approval
  mount(r, quoteRoutes(s)); // Quotes
  mount(r, returnRoutes(s)); // Returns (RMA)
  mount(r, integrationRoutes(s));
  mount(r, systemRoutes(s));
  mount(r, eppRoutes(s)); // Extended Payment Program
  return r;
}

export function unprefixedRoutes(s: Services): Router {
  const r = routes();
  r.use(declaredOnly(r));
  // A returning visitor keeps the language they chose; a first visit gets the browser's.
  route(r, 'get', '/', { allow: 'public' }, (req, res) => {
    res.vary('Accept-Language');
    res.redirect(`/${req.session?.locale ?? localeForLanguages(req.acceptsLanguages())}/`);
  });
  mount(r, dashboardRoutes(s));
  mount(r, channelApiRoutes(s));
  mount(r, translationRoutes(s));
  mount(r, dealerRoutes(s).root); // POST /dealers/set (spec §7)
  // Checkout: the spec's unprefixed page and the card provider's endpoints
  route(r, 'get', '/cart/checkout', { allow: 'public' }, checkoutPage(s, checkoutDeps(s)));
  mount(r, '/payments', paymentProviderRoutes(s, checkoutDeps(s))); // the tokeniser, rate limited
  // --- order detail/editor, customers ---
  mount(r, orderAdminRoutes(s));
  mount(r, customerRoutes(s));
  mount(r, termsAdminRoutes(s)); // An organisation's payment terms, from the customer page
  // Back-office catalogue
  mount(r, imageUploaderRoutes(s));
  mount(r, warehouseApiRoutes(s));
  mount(r, bankLinkApiRoutes(s)); // /api/plaid/link-token, the bank link's /bank-link endpoints
  return r;
}
