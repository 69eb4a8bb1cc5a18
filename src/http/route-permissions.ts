/**
 * THE table of every mounted route and what it takes to reach it. One guard (route-guard.ts),
 * mounted where the routers are mounted (src/routes.ts), enforces it; test/http/route-permissions.test.ts
 * walks Express's router stack and fails on a route that is missing here, and requests every GET
 * as each kind of demo user to check the answer.
 *
 * Adding a route: add ONE line below, in its area, static paths before parameter paths that could
 * match them (`/new` before `/:id`): `R('GET', '/:locale/things/:id', 'things.view', 'own things only')`.
 *
 * access:
 * - 'public'     anyone, signed in or not
 * - 'signed-in'  any signed-in user (ownership is the route's business: see the note; a user
 *                asking for what is not theirs gets 404)
 * - a key        signed in and holding it (403 without it)
 * - [keys]       signed in and holding at least one of them
 * auth (how the user is known): 'session' (cookie, or a bearer token: the default), 'bearer'
 * (a bearer token only), 'api-key' (a warehouse API key, checked by src/features/auth/warehouse-key.ts
 * before any session exists: these rows are mounted in app.ts, not behind the guard).
 */
import type { PermissionKey } from '../db/schema/constants.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Access = 'public' | 'signed-in' | PermissionKey | readonly PermissionKey[];
export type Auth = 'session' | 'bearer' | 'api-key';
export type RouteRule = { method: Method; path: string; access: Access; auth: Auth; note?: string };

const R = (method: Method, path: string, access: Access, note?: string, auth: Auth = 'session'): RouteRule => ({
  method,
  path,
  access,
  auth,
  note,
});
const bearer = (method: Method, path: string, access: Access, note?: string): RouteRule =>
  R(method, path, access, note, 'bearer');
const apiKey = (method: Method, path: string): RouteRule =>
  R(method, path, 'public', "warehouse API key + X-User-Id: the warehouse's operator or warehouses.manage", 'api-key');

const PE = '/:locale/account/dashboard/producteditor';
const WH: readonly PermissionKey[] = ['warehouses.manage', 'inventory.edit'];
const WH_NOTE = 'an operator reaches only its own warehouse';

export const ROUTE_PERMISSIONS: readonly RouteRule[] = [
  // --- app.ts (before the routers) ---
  R('GET', '/healthz', 'public'),
  apiKey('GET', '/api/warehouse/:warehouse/test-key'),
  apiKey('GET', '/api/warehouse/:warehouse/stock'),
  apiKey('PUT', '/api/warehouse/:warehouse/stock'),
  apiKey('POST', '/api/warehouse/:warehouse/stock'),

  // --- storefront ---
  R('GET', '/:locale', 'public'),
  R('GET', '/:locale/login', 'public'),
  R('POST', '/:locale/login', 'public'),
  R('POST', '/:locale/logout', 'public'),
  R('GET', '/:locale/register', 'public', 'with ?invite= an organisation invitation'),
  R('POST', '/:locale/register', 'public'),
  R('GET', '/:locale/password/reset', 'public'),
  R('POST', '/:locale/password/reset', 'public'),
  R('GET', '/:locale/products', 'public'),
  R('GET', '/:locale/search/typeahead', 'public'),
  R('GET', '/:locale/products/:productId', 'public'),
  R('GET', '/:locale/instructionals/:id', 'public'),
  R('POST', '/:locale/cart/add/inline', 'public', "the visitor's own cart"),
  R('GET', '/:locale/cart', 'public', "the visitor's own cart"),
  R('GET', '/:locale/cart/synchronize', 'public', "the visitor's own cart"),
  R('POST', '/:locale/cart/viewdiscounts', 'public'),
  R('PUT', '/:locale/cart/:lineId', 'public', "a line of the visitor's own cart"),
  R('DELETE', '/:locale/cart/:lineId', 'public', "a line of the visitor's own cart"),
  R('POST', '/:locale/cart/:lineId', 'public', "a line of the visitor's own cart"),
  R('GET', '/:locale/quick-order', 'public'),
  R('POST', '/:locale/quick-order/resolve', 'public', 'writes nothing'),
  R('POST', '/:locale/quick-order/add', 'public', "the visitor's own cart"),
  R('POST', '/:locale/shipping/estimate', 'public'),
  R('GET', '/:locale/channel/find', 'public'),
  R('POST', '/:locale/channel/:channel', 'public'),
  R('POST', '/:locale/address/get-regions', 'public'),
  R('GET', '/:locale/parts', 'public'),
  R('GET', '/:locale/seed-plates', 'public'),
  R('GET', '/:locale/parts/:diagramId/components', 'public'),
  R('GET', '/:locale/parts/:diagramId/callout/:callout', 'public'),
  R('GET', '/:locale/parts/:diagramId/part/:productId', 'public'),
  R('GET', '/:locale/parts/:diagramId', 'public'),
  R('POST', '/:locale/parts/:diagramId/components', 'products.edit'),
  R('POST', '/:locale/parts/:diagramId/callouts/move', 'products.edit'),
  R('PUT', '/:locale/parts/:diagramId/components/:componentId', 'products.edit'),
  R('DELETE', '/:locale/parts/:diagramId/components/:componentId', 'products.edit'),
  R('POST', '/:locale/parts/:diagramId/components/:componentId', 'products.edit'),
  R('POST', '/:locale/dealers/set', 'public'),
  R('POST', '/:locale/dealers/postal', 'public'),
  R('POST', '/:locale/dealers/geolocate', 'public'),
  R('GET', '/:locale/dealers', 'public'),
  R('GET', '/:locale/leads/new', 'public'),
  R('POST', '/:locale/leads/new', 'public'),

  // --- checkout (the visitor's own cart; an anonymous buyer gets an account at customer info) ---
  R('GET', '/:locale/cart/checkout', 'public'),
  R(
    'POST',
    '/:locale/order/customer-info',
    'public',
    'signs a new buyer in (a guest to a guest record); a signed-in one uses its own cart',
  ),
  R('GET', '/:locale/order/shipping-method', 'signed-in', 'own cart'),
  R('POST', '/:locale/order/shipping-method', 'signed-in', 'own cart'),
  R('GET', '/:locale/order/payment-methods', 'signed-in', 'own cart'),
  R('POST', '/:locale/order/place', 'signed-in', 'own cart'),
  R('GET', '/:locale/order/saved-methods', 'signed-in', 'own saved cards and verified bank accounts'),
  R(
    'GET',
    '/:locale/account/payment',
    'signed-in',
    "own methods; ?user_id= a customer's for staff with customers.view",
  ),
  R('GET', '/:locale/account/payment/methods', 'signed-in', "own methods, or a customer's for staff"),
  R('POST', '/:locale/account/payment/cards', 'signed-in', "own, or a customer's for staff with customers.edit"),
  R(
    'POST',
    '/:locale/account/payment/bank-accounts',
    'signed-in',
    "own, or a customer's for staff with customers.edit",
  ),
  R('POST', '/:locale/account/payment/methods/:id/default', 'signed-in', 'own method (404 otherwise)'),
  R('POST', '/:locale/account/payment/methods/:id/verify', 'signed-in', 'own method (404 otherwise)'),
  R('DELETE', '/:locale/account/payment/methods/:id', 'signed-in', 'own method (404 otherwise)'),
  // Guest checkout (src/features/guest): the guest's confirmation and the mailed account link.
  R('GET', '/:locale/guest/orders/:orderId', 'public', 'only an order this session placed as a guest; 404 otherwise'),
  R('GET', '/:locale/guest/account', 'public', 'the mailed single-use link (token)'),
  R('POST', '/:locale/guest/account', 'public', 'token + password; rate limited per address'),
  R('GET', '/:locale/address/places', 'public'),
  R('GET', '/:locale/address/places/:placeId', 'public'),

  // --- the customer's account ---
  R('GET', '/:locale/account', 'signed-in', 'own account'),
  R('GET', '/:locale/account/orders', 'signed-in', 'own orders only'),
  R('GET', '/:locale/orders/:orderId', 'signed-in', 'own order, or orders.view; 404 otherwise'),
  R('POST', '/:locale/orders/:orderId/survey', 'signed-in', 'own order'),
  R(
    'POST',
    '/:locale/orders/:orderId/reorder',
    'signed-in',
    'own order only (404 otherwise): its lines into the own cart',
  ),
  R('GET', '/:locale/account/machines', 'signed-in', 'own machines'),
  R('POST', '/:locale/account/machines', 'signed-in', 'adds to own machines'),
  R('GET', '/:locale/account/machines/:id/edit', 'signed-in', 'own machine; 404 otherwise'),
  R('POST', '/:locale/account/machines/:id', 'signed-in', 'own machine; 404 otherwise'),
  R('POST', '/:locale/account/machines/:id/delete', 'signed-in', 'own machine; 404 otherwise'),
  R('GET', '/:locale/account/addresses', 'signed-in', 'own addresses'),
  R('GET', '/:locale/account/addresses/new', 'signed-in'),
  R('GET', '/:locale/account/addresses/:id/edit', 'signed-in', 'own address; 404 otherwise'),
  R('POST', '/:locale/account/addresses', 'signed-in'),
  R('POST', '/:locale/account/addresses/:id', 'signed-in', 'own address; 404 otherwise'),
  R('GET', '/:locale/account/organization/users', 'organisation.users', "own organisation's users only"),
  R('GET', '/:locale/account/organization/users/add', 'organisation.users', 'invites into own organisation'),
  R('POST', '/:locale/account/organization/users/add', 'organisation.users', 'invites into own organisation'),
  R(
    'GET',
    '/:locale/account/organization/users/:userId/remove',
    'organisation.users',
    "own organisation's users; 404 otherwise",
  ),
  R(
    'POST',
    '/:locale/account/organization/users/:userId/remove',
    'organisation.users',
    "own organisation's users; 404 otherwise",
  ),
  R(
    'POST',
    '/:locale/account/organization/users/:userId/tax-exempt',
    'organisation.users',
    "own organisation's users; 404 otherwise",
  ),
  R(
    'POST',
    '/:locale/account/organization/users/:userId/limits',
    'organisation.users',
    "own organisation's members' spending limits; 404 otherwise",
  ),
  R(
    'GET',
    '/:locale/account/organization/approvals',
    'organisation.users',
    "own organisation's carts waiting for approval",
  ),
  R(
    'POST',
    '/:locale/account/organization/approvals/:approvalId/approve',
    'organisation.users',
    "own organisation only; never one's own cart",
  ),
  R(
    'POST',
    '/:locale/account/organization/approvals/:approvalId/reject',
    'organisation.users',
    'own organisation only; reason required',
  ),
  R(
    'POST',
    '/:locale/account/approvals/:approvalId/withdraw',
    'signed-in',
    'own request only (404 otherwise); while it waits',
  ),
  R('GET', '/:locale/account/quotes', 'signed-in', 'own quotes only'),
  R('GET', '/:locale/account/quotes/new', 'signed-in', 'the own cart'),
  R('POST', '/:locale/account/quotes', 'signed-in', 'the own cart becomes a quote request'),
  R('GET', '/:locale/account/quotes/:quoteId', 'signed-in', 'own quote; 404 otherwise'),
  R('POST', '/:locale/account/quotes/:quoteId/accept', 'signed-in', 'own quote; 404 otherwise'),
  R('POST', '/:locale/account/quotes/:quoteId/reject', 'signed-in', 'own quote; 404 otherwise'),

  // --- back office: people, permissions ---
  R('POST', '/:locale/admin/settings/person/accountexists', 'customers.view'),
  R('GET', '/:locale/admin/leads', 'customers.view'),
  R('PUT', '/:locale/admin/leads/:leadId', 'customers.view'),
  R('POST', '/:locale/admin/leads/:leadId', 'customers.view'),
  R('GET', '/:locale/admin/permissions', 'permissions.edit'),
  R('GET', '/:locale/admin/permissions/users/:id', 'permissions.edit'),
  R('POST', '/:locale/admin/permissions/users/:id', 'permissions.edit', 'only keys the editor holds; never its own'),
  R('GET', '/:locale/admin/permissions/users/:id/remove', 'permissions.edit'),
  R(
    'POST',
    '/:locale/admin/permissions/users/:id/remove',
    'permissions.edit',
    'only keys the editor holds; never its own',
  ),
  R('GET', '/:locale/admin/permissions/organisations/:id', 'permissions.edit'),
  R(
    'POST',
    '/:locale/admin/permissions/organisations/:id',
    'permissions.edit',
    'only keys the editor holds; never its own organisation',
  ),
  R('GET', '/:locale/admin/permissions/organisations/:id/remove', 'permissions.edit'),
  R(
    'POST',
    '/:locale/admin/permissions/organisations/:id/remove',
    'permissions.edit',
    'only keys the editor holds; never its own organisation',
  ),

  // --- back office: orders ---
  R('GET', '/:locale/account/dashboard/orders', 'orders.view'),
  R('GET', '/:locale/account/dashboard/invoices', 'orders.view', 'open invoices by due date, ?overdue=1'),
  R('GET', '/:locale/admin/quotes', 'quotes.manage', 'quote requests and counter-offers'),
  R('GET', '/:locale/admin/quotes/:quoteId', 'quotes.manage'),
  R(
    'POST',
    '/:locale/admin/quotes/:quoteId/offer',
    'quotes.manage',
    "prices and quantities by the order editor's rules",
  ),
  R('GET', '/:locale/admin/orders/create', 'orders.edit'),
  R('POST', '/:locale/admin/orders/create', 'orders.edit'),
  bearer('GET', '/:locale/api/orders/:orderId/synchronize', 'signed-in', 'own order, or orders.view; 404 otherwise'),
  bearer('POST', '/:locale/api/orders/:orderId/update', 'signed-in', 'own order, or orders.edit; 404 otherwise'),
  bearer(
    'POST',
    '/:locale/api/orders/:orderId/draft',
    'signed-in',
    'orders.edit (a draft priced, nothing written); 404 otherwise',
  ),
  bearer('POST', '/:locale/api/orders/:orderId/tin/save', 'signed-in', 'own order, or orders.edit; 404 otherwise'),
  bearer(
    'POST',
    '/:locale/api/orders/:orderId/remove-shipping-method',
    'signed-in',
    'own order, or orders.edit; 404 otherwise',
  ),
  bearer('GET', '/:locale/api/orders/:orderId/tins', 'signed-in', 'own order, or orders.view; 404 otherwise'),
  bearer(
    'GET',
    '/:locale/api/orders/:orderId/payments/:paymentId/get-payment-data',
    'signed-in',
    'own order, or orders.view; 404 otherwise',
  ),
  bearer('POST', '/:locale/api/orders/:orderId/payments', 'orders.pay'),
  bearer('POST', '/:locale/api/orders/:orderId/payments/:paymentId/refund', 'orders.pay'),
  R('PUT', '/:locale/admin/orders/detail/:orderId/update-item/:lineItemId', 'orders.edit'),
  R('POST', '/:locale/admin/orders/detail/:orderId/update-item/:lineItemId', 'orders.edit'),

  // --- back office: insight ---
  R('GET', '/:locale/account/dashboard/reports', 'reports.view'),
  R('GET', '/:locale/account/dashboard/reports/orders', 'reports.view'),
  R('GET', '/:locale/account/dashboard/reports/orders.csv', 'reports.view'),
  R('GET', '/:locale/account/dashboard/reports/surveys', 'reports.view'),
  R('GET', '/:locale/account/dashboard/calendar', 'calendar.edit'),
  R('POST', '/:locale/account/dashboard/calendar/events', 'calendar.edit'),
  R('PUT', '/:locale/account/dashboard/calendar/events/:id', 'calendar.edit'),
  R('POST', '/:locale/account/dashboard/calendar/events/:id/move', 'calendar.edit'),
  R('DELETE', '/:locale/account/dashboard/calendar/events/:id', 'calendar.edit'),

  // --- back office: catalogue, content ---
  R('GET', '/:locale/instructional/editor', 'instructionals.edit'),
  R('GET', '/:locale/instructional/editor/add/instructional', 'instructionals.edit'),
  R('POST', '/:locale/instructional/editor/add/instructional', 'instructionals.edit'),
  R('GET', '/:locale/instructional/editor/edit/:id', 'instructionals.edit'),
  R('POST', '/:locale/instructional/editor/edit/:id', 'instructionals.edit'),
  R('GET', '/:locale/instructional/editor/view/:id', 'instructionals.edit'),
  R('GET', '/:locale/instructional/editor/video', 'instructionals.edit'),
  R('POST', '/:locale/instructional/editor/video', 'instructionals.edit'),
  R('GET', '/:locale/instructional/editor/add/tool', 'instructionals.edit'),
  R('POST', '/:locale/instructional/editor/add/tool', 'instructionals.edit'),
  R('GET', PE, 'products.edit'),
  R('POST', `${PE}/open`, 'products.edit'),
  R('GET', `${PE}/new`, 'products.edit'),
  R('POST', `${PE}/create`, 'products.edit'),
  R('GET', `${PE}/duplicates`, 'products.edit'),
  R('GET', `${PE}/iskit/:stockcode/:sku`, 'products.edit'),
  R('GET', `${PE}/iskit/:stockcode`, 'products.edit'),
  R(
    'POST',
    `${PE}/product/:productId/distributor-price`,
    ['products.edit', 'dashboard.view'],
    'a distributor sets only its own price',
  ),
  R('GET', `${PE}/:auditId`, 'products.edit'),
  R('GET', `${PE}/:auditId/synchronize`, 'products.edit'),
  R('GET', `${PE}/:auditId/synchronize/categories`, 'products.edit'),
  R('POST', `${PE}/:auditId/update`, 'products.edit'),
  R('POST', `${PE}/:auditId/update-dimensions`, 'products.edit'),
  R('POST', `${PE}/:auditId/update-categories`, 'products.edit'),
  // Fitment: which machine models and serials each part fits (src/features/machines)
  R('GET', '/:locale/account/dashboard/fitment', 'products.edit'),
  R('POST', '/:locale/account/dashboard/fitment/import', 'products.edit', 'a preview: writes nothing'),
  R('POST', '/:locale/account/dashboard/fitment/import/apply', 'products.edit'),
  R('GET', '/:locale/account/dashboard/fitment/products/:productId', 'products.edit'),
  R('POST', '/:locale/account/dashboard/fitment/products/:productId', 'products.edit'),
  R('GET', '/:locale/account/dashboard/media', 'media.edit'),
  R('POST', '/:locale/account/dashboard/media/upload', ['media.edit', 'products.edit']),
  R('GET', '/:locale/account/dashboard/media/:id/delete', 'media.edit'),
  R('POST', '/:locale/account/dashboard/media/:id/delete', 'media.edit'),
  R('GET', '/:locale/account/dashboard/promotions', 'promotions.edit'),
  R('GET', '/:locale/account/dashboard/promotions/create', 'promotions.edit'),
  R('POST', '/:locale/account/dashboard/promotions/create', 'promotions.edit'),
  R('POST', '/:locale/account/dashboard/promotions/:id/end', 'promotions.edit'),
  R('GET', '/:locale/account/dashboard/promotions/:id/edit', 'promotions.edit'),
  R('POST', '/:locale/account/dashboard/promotions/:id/edit', 'promotions.edit'),
  R('GET', '/:locale/account/dashboard/warehouses', WH, WH_NOTE),
  R('GET', '/:locale/account/dashboard/warehouses/add', 'warehouses.manage'),
  R('POST', '/:locale/account/dashboard/warehouses/add', 'warehouses.manage'),
  R('GET', '/:locale/account/dashboard/warehouses/:id/inventory', WH, WH_NOTE),
  R('POST', '/:locale/account/dashboard/warehouses/:id/inventory/adjust', WH, WH_NOTE),
  R('POST', '/:locale/account/dashboard/warehouses/:id/inventory/import', WH, WH_NOTE),
  R('POST', '/:locale/account/dashboard/warehouses/:id/inventory/import/apply', WH, WH_NOTE),

  // --- unprefixed paths of the spec ---
  R('GET', '/', 'public'),
  R('GET', '/account/dashboard', 'dashboard.view'),
  R('GET', '/api/channel/get/type/:type/id/:id', 'public'),
  R('GET', '/api/generic-data/location/countries', 'public'),
  R('GET', '/api/generic-data/location/countries/:id/regions', 'public'),
  R('GET', '/translation/:field', 'translations.edit'),
  R('POST', '/translation/:field', 'translations.edit'),
  R('GET', '/translation/:field/:language', 'translations.edit'),
  R('POST', '/dealers/set', 'public'),
  R('GET', '/cart/checkout', 'public'),
  R('POST', '/payments/tokens', 'public', "the offline card provider's tokenizer"),
  // Integrations, system services and the log
  R('GET', '/:locale/account/dashboard/integrations', 'webhooks.edit'),
  R('GET', '/:locale/account/dashboard/integrations/new', 'webhooks.edit'),
  R('POST', '/:locale/account/dashboard/integrations', 'webhooks.edit'),
  R('GET', '/:locale/account/dashboard/integrations/:webhookId', 'webhooks.edit'),
  R('POST', '/:locale/account/dashboard/integrations/:webhookId', 'webhooks.edit'),
  R('GET', '/:locale/account/dashboard/integrations/:webhookId/delete', 'webhooks.edit'),
  R('POST', '/:locale/account/dashboard/integrations/:webhookId/delete', 'webhooks.edit'),
  R('POST', '/:locale/account/dashboard/integrations/:webhookId/test', 'webhooks.edit'),
  R('POST', '/:locale/account/dashboard/integrations/:webhookId/deliveries/:deliveryId/replay', 'webhooks.edit'),
  R('GET', '/:locale/admin/services', 'services.view'),
  R('GET', '/:locale/admin/logs', 'logs.view'),
  // The Extended Payment Program: a product's or a demo total's terms for anyone; an order's for its owner or orders.view (404 otherwise)
  R(
    'GET',
    '/:locale/epp/service-data',
    'public',
    'orderId: own order (or own anonymous cart), or orders.view; 404 otherwise',
  ),
  // Saved payment methods and bank accounts: a user's own; staff with customers.view
  // read a customer's (customers.edit to change them); anyone else's id answers 404.
  R('GET', '/api/plaid/link-token', 'signed-in', 'user_id: the caller, or a customer for staff with customers.edit'),
  R('POST', '/bank-link/accounts', 'public', "the offline bank sandbox's hosted form: the link token names the user"),
  R('GET', '/bank-link/statement', 'signed-in', "the offline sandbox statement of the caller's own accounts"),
  R('GET', '/admin/orders/detail/:orderId/containers', 'orders.view'),
  R('POST', '/admin/orders/detail/:orderId/containers', 'orders.edit'),
  R('POST', '/admin/orders/detail/:orderId/containers/pack', 'orders.edit'),
  R('POST', '/admin/orders/detail/:orderId/containers/:containerId/delete', 'orders.edit'),
  R('GET', '/admin/orders/detail/:orderId', 'orders.view'),
  R('POST', '/admin/orders/detail/:orderId/submit', 'orders.edit'),
  R('GET', '/admin/orders/detail/:orderId/edit', 'orders.edit'),
  R('GET', '/account/dashboard/customers', 'customers.view'),
  R(
    'GET',
    '/account/dashboard/customers/new',
    'customers.edit',
    'staff open a customer account (role customer, no permissions)',
  ),
  R(
    'POST',
    '/account/dashboard/customers/new',
    'customers.edit',
    'staff open a customer account (role customer, no permissions)',
  ),
  R('GET', '/account/dashboard/customers/:personId', 'customers.view'),
  R('GET', '/account/dashboard/customers/:personId/addresses/:addressId/edit', 'customers.edit'),
  R('POST', '/account/dashboard/customers/:personId/addresses/:addressId/edit', 'customers.edit'),
  R(
    'POST',
    '/account/dashboard/customers/:personId/terms',
    'customers.edit',
    "the customer's organisation's net terms and credit limit",
  ),
  R('GET', '/dev/image-uploader', 'media.edit'),
  R('POST', '/api/organization/:org/warehouse/:warehouse/regenkey', 'warehouses.manage'),
];
