/** The translations feature's public surface: what other features, workflows and the app import from it. */
export { catalogTextCache } from './catalog-text.ts';
export type { CatalogTextCache } from './catalog-text.ts';
export { translationRoutes } from './routes.ts';
export { safeHtmlCached, safeStaffHtml } from './sanitize.ts';
export { pageTextLocals } from './view-helpers.ts';
