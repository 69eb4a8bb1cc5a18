/** The auth feature's public surface: what other features, workflows and the app import from it. */
export { bearerAuth, withoutSessionCookie } from './bearer.ts';
export { hashPassword, newToken, sha256 } from './crypto.ts';
export { findUserByEmail, loadCurrentUser } from './queries.ts';
export { authRoutes, saveSession, startSession } from './routes.ts';
export { Email, NewPassword } from './schemas.ts';
export { AuthService } from './service.ts';
export { warehouseApiKey } from './warehouse-key.ts';
