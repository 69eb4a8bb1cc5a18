/**
 * The URL map. Storefront pages live under /{locale}/…; the spec's unprefixed
 * paths (/account/dashboard, /admin/…, /cart/checkout, /api/…) hang off the root
 * and use the visitor's last locale. A first segment that is neither a locale nor
 * one of those paths falls through to 404.
 */
import { localeForLanguages } from './domain/locale-tag.ts';
import { Router } from 'express';
import type { Services } from './services.ts';
import { isLocale } from './i18n/locales.ts';
import { localeContext, sessionTakesLocale } from './http/context.ts';
// The one guard, derived from the table of every route (src/http/route-permissions.ts).
import { routeGuard } from './http/route-guard.ts';
import { authRoutes } from './features/auth/routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { landingRoutes } from './features/landing/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { productRoutes } from './features/product/routes.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { shippingRoutes } from './features/shipping/routes.ts';
import { channelApiRoutes, channelRoutes } from './features/channels/routes.ts';
// Translations, instructionals, content.
import { translationRoutes } from './features/translations/routes.ts';
import { instructionalRoutes } from './features/instructionals/routes.ts';
import { partsRoutes } from './features/parts/routes.ts';
import { dealerRoutes } from './features/dealers/routes.ts';
import { leadRoutes } from './features/leads/routes.ts';
// Checkout and orders
import { checkoutDeps, checkoutPage, checkoutRoutes, paymentProviderRoutes } from './features/checkout/routes.ts';
import { addressRoutes } from './features/checkout/address-routes.ts';
import { orderRoutes } from './features/orders/routes.ts';
// --- Back-office orders, the orders API and customers ---
import { orderAdminLocalizedRoutes, orderAdminRoutes } from './features/order-admin/routes.ts';
import { customerRoutes } from './features/customers/routes.ts';
import { orderApiRoutes } from './features/order-api/routes.ts';
// Back office insight.
import { reportRoutes } from './features/reports/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { productEditorRoutes } from './features/product-editor/routes.ts';
import { imageUploaderRoutes, mediaRoutes } from './features/media/routes.ts';
import { promotionRoutes } from './features/promotions/routes.ts';
import { warehouseRoutes } from './features/warehouses/routes.ts';
import { warehouseApiRoutes } from './features/warehouses/api.ts';
// Saved payment methods and bank accounts
import { bankLinkApiRoutes, paymentMethodRoutes } from './features/payment-methods/routes.ts';
// Permissions and organisation users.
import { permissionRoutes } from './features/permissions/routes.ts';
import { orgUserRoutes } from './features/org-users/routes.ts';
import { approvalRoutes } from './features/approvals/routes.ts';
// Integrations, system services, the log.
import { integrationRoutes } from './features/webhooks/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
// Extended Payment Program
import { eppRoutes } from './features/epp/routes.ts';
// Quick order by part number
import { quickOrderRoutes } from './features/quick-order/routes.ts';
import { invoicesRoutes, termsAdminRoutes } from './features/terms/routes.ts';
import { quoteRoutes } from './features/quotes/routes.ts';
import { guestRoutes } from './features/guest/routes.ts'; // Guest checkout
import { fitmentAdminRoutes, machineRoutes } from './features/machines/index.ts'; // My machines, fitment

export function localizedRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });
  r.use(async (req, res, next) => {
    const locale = (req.params as { locale?: string }).locale;
    if (!isLocale(locale)) return next('router');
    await localeContext(s, locale)(req, res);
    if (sessionTakesLocale(req.session, locale)) req.session.locale = locale;
    next();
  });
  r.use(routeGuard('localized'));
  r.use(landingRoutes(s));
  r.use(authRoutes(s));
  r.use(accountRoutes(s));
  r.use(machineRoutes(s)); // My machines
  r.use(catalogRoutes(s));
  r.use(instructionalRoutes(s)); // before productRoutes: puts each product's guides in res.locals
  r.use(productRoutes(s));
  r.use(cartRoutes(s));
  r.use(shippingRoutes(s));
  r.use(channelRoutes(s));
  r.use(partsRoutes(s));
  r.use(quickOrderRoutes(s));
  r.use(dealerRoutes(s).localized);
  r.use(leadRoutes(s));
  // Checkout and orders
  r.use(checkoutRoutes(s, checkoutDeps(s)));
  r.use(orderRoutes(s));
  r.use(guestRoutes(s)); // The guest's confirmation and "create your account"
  r.use(addressRoutes(s));
  // --- back-office orders and the orders API ---
  r.use(orderAdminLocalizedRoutes(s));
  r.use(invoicesRoutes(s)); // Pay on terms, invoices due
  r.use(orderApiRoutes(s));
  r.use(reportRoutes(s));
  r.use(calendarRoutes(s));
  // Back-office catalogue
  r.use(productEditorRoutes(s));
  r.use(fitmentAdminRoutes(s)); // Fitment rows and their CSV import
  r.use(mediaRoutes(s));
  r.use(promotionRoutes(s));
  r.use(warehouseRoutes(s));
  r.use(paymentMethodRoutes(s));
  // Permissions and organisation users
  r.use(permissionRoutes(s));
  r.use(orgUserRoutes(s));
  r.use(approvalRoutes(s, checkoutDeps(s))); // Spending limits and approval
  r.use(quoteRoutes(s)); // Quotes
  r.use(integrationRoutes(s));
  r.use(systemRoutes(s));
  r.use(eppRoutes(s)); // Extended Payment Program
  return r;
}

export function unprefixedRoutes(s: Services): Router {
  const r = Router();
  r.use(routeGuard('unprefixed'));
  // A returning visitor keeps the language they chose; a first visit gets the browser's.
  r.get('/', (req, res) => {
    res.vary('Accept-Language');
    res.redirect(`/${req.session?.locale ?? localeForLanguages(req.acceptsLanguages())}/`);
  });
  r.use(dashboardRoutes(s));
  r.use(channelApiRoutes(s));
  r.use(translationRoutes(s));
  r.use(dealerRoutes(s).root); // POST /dealers/set (spec §7)
  // Checkout: the spec's unprefixed page and the card provider's endpoints
  r.get('/cart/checkout', checkoutPage(s, checkoutDeps(s)));
  r.use('/payments', paymentProviderRoutes(s, checkoutDeps(s))); // the tokeniser, rate limited
  // --- order detail/editor, customers ---
  r.use(orderAdminRoutes(s));
  r.use(customerRoutes(s));
  r.use(termsAdminRoutes(s)); // An organisation's payment terms, from the customer page
  // Back-office catalogue
  r.use(imageUploaderRoutes(s));
  r.use(warehouseApiRoutes(s));
  r.use(bankLinkApiRoutes(s)); // /api/plaid/link-token, the bank link's /bank-link endpoints
  return r;
}
