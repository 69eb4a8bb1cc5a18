/** The org-users feature's public surface: what other features, workflows and the app import from it. */
export { limitsOfOrganisation, memberOf, organisationUsers, pendingInvites } from './queries.ts';
export { orgUserRoutes, refuseOwnChange } from './routes.ts';
export { organisationOfAdmin, refuseOwnAccount } from './service.ts';
