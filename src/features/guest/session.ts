/**
 * A guest's session. From customer info until the order is placed the session is signed
 * in to the guest's record (session.userId, with `guest` set), so checkout's routes, the cart and
 * the order work unchanged. Placing the order ends that: the session keeps only the ids of the
 * orders it placed (`guestOrderIds`), which are what its confirmation page may show. Another session,
 * or the same one after sign-in or sign-out, sees nothing of them (404).
 */
import 'express-session';
import type { Request } from 'express';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { sendConfirmation } from '../orders/index.ts';
import { isLocale } from '../../i18n/locales.ts';
import { issueAccountLink } from './service.ts';

declare module 'express-session' {
  interface SessionData {
    /** Signed in to a guest's record during checkout. */
    guest?: boolean;
    /** The orders this session placed as a guest: their confirmation pages (at most the last 5). */
    guestOrderIds?: number[];
  }
}

/** True while the session checks out as a guest. */
export const isGuestSession = (req: Request): boolean => !!req.user && req.session?.guest === true;

/** The guest confirmation page of an order. */
export const guestOrderPath = (locale: string, orderId: number) => `/${locale}/guest/orders/${orderId}`;

/** The session may show this order's guest confirmation. */
export const sessionPlaced = (req: Request, orderId: number): boolean =>
  (req.session?.guestOrderIds ?? []).includes(orderId);

/**
 * After a guest's order: the confirmation mail with the "create an account" link (or, when the email
 * has an account, a line saying to sign in), then the session leaves the guest's record and keeps
 * the order id for its confirmation page. Returns the page's path.
 */
export async function finishGuestOrder(req: Request, s: Services, orderId: number): Promise<string> {
  const userId = req.user!.id;
  const base = publicBase(s.config);
  const locale = req.locale;
  try {
    const link = await issueAccountLink(s.db, userId);
    const t = s.texts.forLocale(isLocale(locale) ? locale : 'en-us');
    const extra = link.token
      ? [t('guest.mail.create'), `${base}/${locale}/guest/account?token=${encodeURIComponent(link.token)}`]
      : [t('guest.mail.existing'), `${base}/${locale}/login`];
    await sendConfirmation(s, orderId, locale, base, { extra });
  } catch (err) {
    req.log?.error({ err }, 'guest confirmation mail failed');
  }
  if (req.session.apiTokenId) await s.auth.revokeApiToken(req.session.apiTokenId);
  delete req.session.apiTokenId;
  delete req.session.apiTokenExpiresAt;
  delete req.session.userId;
  delete req.session.guest;
  delete req.session.cartOrderId;
  req.session.guestOrderIds = [...(req.session.guestOrderIds ?? []).filter((id) => id !== orderId), orderId].slice(-5);
  req.user = undefined;
  return guestOrderPath(locale, orderId);
}
