/**
 * The bank-link provider for a configuration: Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set,
 * else the offline sandbox — in production only with PAYMENTS_SANDBOX=1; otherwise none.
 */
import { sandboxAllowed, type Config } from '../../config.ts';
import { UnavailableBankLinkProvider } from './unavailable.ts';
import type { Db } from '../../db/client.ts';
import { OfflineBankLinkProvider } from './offline.ts';
import { PlaidBankLinkProvider } from './plaid.ts';
import type { BankLinkProvider } from './types.ts';

export function createBankLinkProvider(
  config: Pick<Config, 'providers'> & Partial<Pick<Config, 'env' | 'payments'>>,
  db: Db,
  opts: { plaidBaseUrl?: string } = {},
): BankLinkProvider {
  const p = config.providers.plaid;
  if (p)
    return new PlaidBankLinkProvider({
      clientId: p.clientId,
      secret: p.secret,
      env: p.env,
      baseUrl: opts.plaidBaseUrl ?? p.baseUrl,
    });
  return sandboxAllowed({ env: config.env ?? 'development', payments: config.payments })
    ? new OfflineBankLinkProvider(db)
    : new UnavailableBankLinkProvider();
}

const built = new WeakMap<object, BankLinkProvider>();

/** The app's one bank-link provider, built on first use per services object (the offline sandbox keeps its debit ledger). */
export function bankLinkProviderOf(s: {
  db: Db;
  config: Pick<Config, 'providers'> & Partial<Pick<Config, 'env' | 'payments'>>;
}): BankLinkProvider {
  let p = built.get(s);
  if (!p) built.set(s, (p = createBankLinkProvider(s.config, s.db)));
  return p;
}

export * from './types.ts';
export { OfflineBankLinkProvider } from './offline.ts';
export { PlaidBankLinkProvider } from './plaid.ts';
export { UnavailableBankLinkProvider, BANK_UNAVAILABLE } from './unavailable.ts';
export { routingValid } from './routing.ts';
