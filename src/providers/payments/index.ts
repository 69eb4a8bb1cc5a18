/**
 * The card provider for a configuration: Stripe when STRIPE_SECRET_KEY is set, else the offline
 * sandbox — but in production the sandbox only with PAYMENTS_SANDBOX=1; otherwise none.
 */
import { sandboxAllowed, type Config } from '../../config.ts';
import { UnavailablePaymentProvider } from './unavailable.ts';
import { OfflinePaymentProvider } from './offline.ts';
import { StripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export function createPaymentProvider(
  config: Pick<Config, 'providers'> & Partial<Pick<Config, 'env' | 'payments'>>,
  opts: { stripeBaseUrl?: string } = {},
): PaymentProvider {
  const key = config.providers.stripeSecretKey;
  if (key)
    return new StripePaymentProvider({ secretKey: key, baseUrl: opts.stripeBaseUrl ?? config.providers.stripeBaseUrl });
  return sandboxAllowed({ env: config.env ?? 'development', payments: config.payments })
    ? new OfflinePaymentProvider()
    : new UnavailablePaymentProvider();
}

/** The app's one card provider, built on first use and kept on the services (checkout, orders, saved methods). */
export function paymentProviderOf(s: {
  payments?: PaymentProvider;
  config: Pick<Config, 'providers'> & Partial<Pick<Config, 'env' | 'payments'>>;
}): PaymentProvider {
  return (s.payments ??= createPaymentProvider(s.config));
}

export * from './types.ts';
export { OfflinePaymentProvider, TEST_CARDS } from './offline.ts';
export { StripePaymentProvider } from './stripe.ts';
export { UnavailablePaymentProvider, CARDS_UNAVAILABLE } from './unavailable.ts';
