/** The calendar feature's public surface: what other features, workflows and the app import from it. */
export { calendarRoutes } from './routes.ts';
