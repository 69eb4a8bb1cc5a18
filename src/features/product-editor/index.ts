/** The product-editor feature's public surface: what other features, workflows and the app import from it. */
export { productEditorRoutes } from './routes.ts';
