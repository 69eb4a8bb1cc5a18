/** The webhooks feature's public surface: what other features, workflows and the app import from it. */
export { emitEvent, emitEvents } from './events.ts';
export type { WebhookEvent } from './events.ts';
export { integrationRoutes } from './routes.ts';
export { migrateJobQueue, startJobQueue } from './worker.ts';
export type { JobQueue } from './worker.ts';
