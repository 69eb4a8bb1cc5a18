/** The card provider for a configuration: Stripe when STRIPE_SECRET_KEY is set, else the offline sandbox. */
import type { Config } from '../../config.ts';
import { OfflinePaymentProvider } from './offline.ts';
import { StripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export function createPaymentProvider(config: Pick<Config, 'providers'>, opts: { stripeBaseUrl?: string } = {}): PaymentProvider {
  const key = config.providers.stripeSecretKey;
  return key ? new StripePaymentProvider({ secretKey: key, baseUrl: opts.stripeBaseUrl }) : new OfflinePaymentProvider();
}

/** The app's one card provider, built on first use and kept on the services (checkout, orders, saved methods). */
export function paymentProviderOf(s: { payments?: PaymentProvider; config: Pick<Config, 'providers'> }): PaymentProvider {
  return (s.payments ??= createPaymentProvider(s.config));
}

export * from './types.ts';
export { OfflinePaymentProvider, TEST_CARDS } from './offline.ts';
export { StripePaymentProvider } from './stripe.ts';
