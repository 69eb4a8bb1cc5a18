/** The product feature's public surface: what other features, workflows and the app import from it. */
export { productRoutes } from './routes.ts';
export { featuredProducts } from './service.ts';
export type { ProductCard, ProductPage } from './service.ts';
