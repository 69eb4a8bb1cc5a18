/**
 * The cores feature's public surface: what other features, workflows and the app import from it.
 *   - coreTaxAdminRoutes: the back office's core tax rules screen.
 */
export { coreTaxAdminRoutes } from './admin-routes.ts';
