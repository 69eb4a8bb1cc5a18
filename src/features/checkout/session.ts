/**
 * Signing in the account checkout just created. The same steps as the sign-in form
 * (src/features/auth/routes.ts startSession, which is private to that router): a new session id,
 * the anonymous cart and channel kept, a bearer token, the cart merged by the onSignIn hook.
 */
import type { Request } from 'express';
import type { Services } from '../../services.ts';
import { loadCurrentUser } from '../auth/queries.ts';

export async function signInNewCustomer(req: Request, s: Services, userId: number): Promise<void> {
  const keep = { channelCode: req.session.channelCode, cartOrderId: req.session.cartOrderId, showDiscount: req.session.showDiscount, locale: req.session.locale };
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  Object.assign(req.session, keep);
  req.session.userId = userId;
  const token = await s.auth.issueApiToken(userId);
  req.session.apiToken = token.token;
  req.session.apiTokenId = token.id;
  req.user = (await loadCurrentUser(s.db, userId)) ?? undefined;
  await s.onSignIn?.(req, userId);
}
