/** What our middleware adds to Express's request, session and locals. */
import 'express-session';
import type { Locale } from '../i18n/locales.ts';
import type { Translator } from '../i18n/index.ts';

export type CurrentUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'staff' | 'customer' | 'distributor' | 'warehouse';
  organisationId: number | null;
  warehouseId: number | null;
  permissions: ReadonlySet<string>;
};

/** A country store as every page sees it (res.locals.channel); loaded by src/features/channels. */
export type ChannelInfo = {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencyId: number;
  midMarketRate: string;
  taxExemptAvailable: boolean;
  defaultLocale: string;
  countryCodes: string[];
  /** Ids of the countries the channel serves (countries.id), in the same order as countryCodes. */
  countryIds: number[];
};

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /**
     * The session's bearer token: its id in api_tokens (which holds only its sha256) and when it
     * expires (epoch ms). The plain token is derived for each page (src/features/auth/api-token.ts).
     */
    apiTokenId?: number;
    apiTokenExpiresAt?: number;
    channelCode?: string;
    /** An anonymous visitor's cart (an order in status 'cart'). */
    cartOrderId?: number;
    showDiscount?: boolean;
    flash?: { kind: 'info' | 'success' | 'warning' | 'error'; message: string }[];
    returnTo?: string;
    /** The last storefront locale, used by the unprefixed pages. */
    locale?: Locale;
  }
}

declare global {
  namespace Express {
    interface Request {
      locale: Locale;
      t: Translator;
      user?: CurrentUser;
      /** True when the request was authenticated by a bearer token (no CSRF needed). */
      bearer?: boolean;
    }
  }
}

export {};
