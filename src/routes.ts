/**
 * The URL map. Storefront pages live under /{locale}/…; the spec's unprefixed
 * paths (/account/dashboard, /admin/…, /cart/checkout, /api/…) hang off the root
 * and use the visitor's last locale. A first segment that is neither a locale nor
 * one of those paths falls through to 404.
 */
import { Router } from 'express';
import type { Services } from './services.ts';
import { isLocale } from './i18n/locales.ts';
import { localeContext } from './http/context.ts';
import { authRoutes } from './features/auth/routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { landingRoutes } from './features/landing/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { productRoutes } from './features/product/routes.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { shippingRoutes } from './features/shipping/routes.ts';
import { channelApiRoutes, channelRoutes } from './features/channels/routes.ts';
import { productEditorRoutes } from './features/product-editor/routes.ts';
import { imageUploaderRoutes, mediaRoutes } from './features/media/routes.ts';
import { promotionRoutes } from './features/promotions/routes.ts';
import { warehouseRoutes } from './features/warehouses/routes.ts';
import { warehouseApiRoutes } from './features/warehouses/api.ts';

export function localizedRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });
  r.use(async (req, res, next) => {
    const locale = (req.params as { locale?: string }).locale;
    if (!isLocale(locale)) return next('router');
    await localeContext(s, locale)(req, res);
    if (req.session && req.session.locale !== locale && (req.session.userId || req.session.cartOrderId)) req.session.locale = locale;
    next();
  });
  r.use(landingRoutes(s));
  r.use(authRoutes(s));
  r.use(accountRoutes(s));
  r.use(catalogRoutes(s));
  r.use(productRoutes(s));
  r.use(cartRoutes(s));
  r.use(shippingRoutes(s));
  r.use(channelRoutes(s));
  // Back-office catalogue (issue 11)
  r.use(productEditorRoutes(s));
  r.use(mediaRoutes(s));
  r.use(promotionRoutes(s));
  r.use(warehouseRoutes(s));
  return r;
}

export function unprefixedRoutes(s: Services): Router {
  const r = Router();
  r.get('/', (req, res) => res.redirect(`/${req.session?.locale ?? 'en-us'}/`));
  r.use(dashboardRoutes(s));
  r.use(channelApiRoutes(s));
  // Back-office catalogue (issue 11)
  r.use(imageUploaderRoutes(s));
  r.use(warehouseApiRoutes(s));
  return r;
}
