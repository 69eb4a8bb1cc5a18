/**
 * THE channel rule: which country store (channel) a visitor is in, and which currency they see.
 * Pure: the channels, the visitor's choice and the locale are passed in. The server's page context
 * (src/http/context.ts), the page cache's key and anything else that needs a visitor's channel or
 * currency ask here; nothing else picks a channel or falls back to a currency of its own.
 */
import type { Locale } from './constants.ts';
import { BASE_CURRENCY } from './money.ts';

/** The channel a locale gets when the visitor has not chosen one (contract: en-us → US, en-ca and fr-ca → CA, es-mx → MX). */
export const LOCALE_DEFAULT_CHANNEL: Record<Locale, string> = {
  'en-us': 'US',
  'en-ca': 'CA',
  'fr-ca': 'CA',
  'es-mx': 'MX',
};

/**
 * The visitor's channel: the one they chose (their session's, kept once they have a cart), else
 * the locale's default, else the store's first; undefined only when the store has none (the
 * routes that need one then answer 503, src/http/context.ts requireChannel).
 */
export function chooseChannel<C extends { code: string }>(
  channels: readonly C[],
  chosen: string | undefined,
  locale: Locale,
): C | undefined {
  return (
    channels.find((c) => c.code === chosen) ??
    channels.find((c) => c.code === LOCALE_DEFAULT_CHANNEL[locale]) ??
    channels[0]
  );
}

/**
 * The currency amounts are shown in for a channel (or an order): its own, else the base currency
 * the catalogue's prices are kept in, which is what an amount without a channel is in.
 */
export function currencyOf(holder: { currency?: string | null } | null | undefined): string {
  return holder?.currency ?? BASE_CURRENCY;
}
