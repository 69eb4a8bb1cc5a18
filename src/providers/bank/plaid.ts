/**
 * Plaid adapter (chosen when PLAID_CLIENT_ID and PLAID_SECRET are set), over Plaid's JSON API
 * with client_id and secret in every body:
 *   link token      POST /link/token/create (products auth, same-day micro-deposits on)
 *   exchange        POST /item/public_token/exchange, then POST /accounts/get for mask and name
 *   verify          POST /accounts/get: Plaid collects the two amounts in Link itself (update
 *                   mode), so the adapter reads the account's verification_status
 *   debit           POST /transfer/authorization/create (idempotency_key), then /transfer/create
 * The account reference we store is "access_token:account_id"; neither ever goes to a browser.
 */
import type { Router } from 'express';
import { fromCents, toCents } from '../../domain/money.ts';
import {
  BankLinkError,
  type BankAccount,
  type BankLinkProvider,
  type Debit,
  type DebitRequest,
  type LinkToken,
  type VerifyOutcome,
} from './types.ts';
import { routes } from '../../http/route.ts';

export type PlaidOptions = {
  clientId: string;
  secret: string;
  env?: 'sandbox' | 'production';
  baseUrl?: string;
  timeoutMs?: number;
};

type PlaidAccount = {
  account_id: string;
  mask?: string | null;
  name?: string;
  official_name?: string | null;
  subtype?: string | null;
  verification_status?: string | null;
};
type PlaidError = { error_code?: string; error_message?: string; display_message?: string | null };

export class PlaidBankLinkProvider implements BankLinkProvider {
  readonly kind = 'plaid';
  readonly accountsUrl = null;
  private readonly base: string;

  constructor(private readonly opts: PlaidOptions) {
    this.base = (opts.baseUrl ?? `https://${opts.env === 'production' ? 'production' : 'sandbox'}.plaid.com`).replace(
      /\/$/,
      '',
    );
  }

  private async call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Plaid-Version': '2020-09-14' },
        body: JSON.stringify({ client_id: this.opts.clientId, secret: this.opts.secret, ...body }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch {
      throw new BankLinkError('provider_error', 'The bank link service did not answer. Try again in a little bit.');
    }
    const json = (await res.json().catch(() => ({}))) as T & PlaidError;
    if (res.ok) return json;
    const code = json.error_code ?? '';
    if (code === 'INVALID_PUBLIC_TOKEN' || code === 'INVALID_LINK_TOKEN')
      throw new BankLinkError('invalid_token', 'This bank link is not valid any more. Add the account again.');
    if (code === 'INVALID_ACCESS_TOKEN' || code === 'INVALID_ACCOUNT_ID' || code === 'ITEM_NOT_FOUND')
      throw new BankLinkError('invalid_account', 'This bank account is not known to the bank link.');
    throw new BankLinkError(
      'provider_error',
      json.display_message || 'The bank link service refused the request. Try again in a little bit.',
    );
  }

  private split(ref: string): { accessToken: string; accountId: string } {
    const i = ref.lastIndexOf(':');
    if (i <= 0) throw new BankLinkError('invalid_account', 'This bank account is not known to the bank link.');
    return { accessToken: ref.slice(0, i), accountId: ref.slice(i + 1) };
  }

  private async account(accessToken: string, accountId?: string): Promise<PlaidAccount> {
    const r = await this.call<{ accounts: PlaidAccount[] }>('/accounts/get', {
      access_token: accessToken,
      ...(accountId ? { options: { account_ids: [accountId] } } : {}),
    });
    const a = accountId ? r.accounts?.find((x) => x.account_id === accountId) : r.accounts?.[0];
    if (!a) throw new BankLinkError('invalid_account', 'This bank account is not known to the bank link.');
    return a;
  }

  async createLinkToken(clientUserId: string): Promise<LinkToken> {
    const r = await this.call<{ link_token: string; expiration: string }>('/link/token/create', {
      client_name: 'Harrow & Drill',
      user: { client_user_id: clientUserId },
      products: ['auth'],
      country_codes: ['US'],
      language: 'en',
      auth: { same_day_microdeposits_enabled: true },
    });
    return { linkToken: r.link_token, expiration: new Date(r.expiration) };
  }

  async exchange(publicToken: string): Promise<BankAccount> {
    const x = await this.call<{ access_token: string }>('/item/public_token/exchange', { public_token: publicToken });
    const a = await this.account(x.access_token);
    return {
      ref: `${x.access_token}:${a.account_id}`,
      last4: /^\d{4}$/.test(a.mask ?? '') ? a.mask! : '0000',
      bankName: a.official_name || a.name || 'Bank account',
      holderName: '',
      accountType: a.subtype === 'savings' ? 'savings' : 'checking',
    };
  }

  async verify(ref: string): Promise<VerifyOutcome> {
    const { accessToken, accountId } = this.split(ref);
    const a = await this.account(accessToken, accountId);
    const s = a.verification_status ?? 'automatically_verified';
    if (s === 'manually_verified' || s === 'automatically_verified') return 'verified';
    if (s === 'verification_failed' || s === 'verification_expired') return 'mismatch';
    return 'pending';
  }

  async debit(req: DebitRequest): Promise<Debit> {
    const { accessToken, accountId } = this.split(req.ref);
    const amount = fromCents(req.amountCents);
    const auth = await this.call<{
      authorization: { id: string; decision: string; decision_rationale?: { description?: string } | null };
    }>('/transfer/authorization/create', {
      access_token: accessToken,
      account_id: accountId,
      type: 'debit',
      network: 'ach',
      amount,
      ach_class: 'web',
      iso_currency_code: req.currency.toUpperCase(),
      user: { legal_name: req.holderName || 'Account holder' },
      idempotency_key: req.idempotencyKey.slice(0, 50),
    });
    if (auth.authorization.decision !== 'approved') {
      throw new BankLinkError(
        'debit_declined',
        auth.authorization.decision_rationale?.description || 'The bank refused the debit.',
      );
    }
    const t = await this.call<{ transfer: { id: string; status: string; amount: string; iso_currency_code?: string } }>(
      '/transfer/create',
      {
        access_token: accessToken,
        account_id: accountId,
        authorization_id: auth.authorization.id,
        description: (req.description ?? 'Order').slice(0, 15),
      },
    );
    return {
      ref: t.transfer.id,
      status: t.transfer.status === 'posted' || t.transfer.status === 'settled' ? 'posted' : 'pending',
      amountCents: toCents(t.transfer.amount),
      currency: (t.transfer.iso_currency_code ?? req.currency).toUpperCase(),
    };
  }

  async cancel(debitRef: string): Promise<void> {
    await this.call('/transfer/cancel', { transfer_id: debitRef });
  }

  /** Plaid Link collects the account in its own window: no hosted endpoint of ours. */
  router(): Router {
    return routes();
  }
}
