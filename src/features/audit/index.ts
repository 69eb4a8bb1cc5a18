/** The audit feature's public surface: what other features, workflows and the app import from it. */
export { audit } from './log.ts';
