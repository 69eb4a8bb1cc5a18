/** The terms feature's public surface: what other features, workflows and the app import from it. */
export { invoiceMethod, invoiceOffer } from './offer.ts';
export { INVOICE_REMINDER_CRONTAB, invoiceTasks } from './reminders.ts';
export { invoicesRoutes, termsAdminRoutes } from './routes.ts';
export { invoiceTerms } from './service.ts';
