/**
 * The machines feature's public surface: other features import it from here only.
 *   - routes: My machines (storefront) and the staff's fitment pages;
 *   - machinesOf: a user's machines (the parts explorer's "Show parts for:", the customer page);
 *   - chosenMachine / diagramFit: what a chosen machine makes of a parts diagram.
 */
export { machineRoutes } from './routes.ts';
export { fitmentAdminRoutes } from './admin-routes.ts';
export { machinesOf, type MachineRow } from './queries.ts';
export { chosenMachine, diagramFit, type DiagramFit } from './service.ts';
export { MachineQuery } from './schemas.ts';
export { customerFit, fitsLabel, type CustomerFit, type PartFit } from './part-fit.ts';
