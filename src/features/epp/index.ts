/** The epp feature's public surface: what other features, workflows and the app import from it. */
export { eppAtPlacement, eppAuditText, eppLineShares, eppRequestHash, recordEppPlan } from './placement.ts';
export type { EppPlacementInput } from './placement.ts';
export { orderPlan } from './queries.ts';
export { eppRoutes } from './routes.ts';
export { eppPlacementOf } from './schemas.ts';
