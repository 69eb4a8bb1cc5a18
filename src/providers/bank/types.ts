/**
 * Bank accounts behind one interface, shaped like Plaid's flow:
 *
 *   1. our server asks the provider for a link token for the user (GET /api/plaid/link-token);
 *   2. the browser gives the routing and account numbers to the PROVIDER (Plaid Link, or the
 *      offline sandbox's hosted endpoint, mounted at /bank-link) and gets a one-time public token;
 *   3. our server exchanges the public token for a reusable account reference, the last four
 *      digits and the bank's name. The account number never reaches our routes, tables or logs;
 *   4. the provider sends two micro-deposits under $1.00; the user confirms both amounts;
 *   5. a verified account can be debited (ACH), once per idempotency key.
 */
import { AppError } from '../../domain/errors.ts';
import type { Router } from 'express';

export type LinkToken = { linkToken: string; expiration: Date };

export type BankAccount = {
  /** Reusable reference (offline 'acct_offline_…'; Plaid 'access_token:account_id'). Secret to us and the provider. */
  ref: string;
  last4: string;
  bankName: string;
  holderName: string;
  accountType: 'checking' | 'savings';
};

/** verified: the amounts matched; mismatch: they did not; pending: the provider still waits for them. */
export type VerifyOutcome = 'verified' | 'mismatch' | 'pending';

export type DebitRequest = {
  ref: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  description?: string;
  holderName?: string;
};
export type Debit = { ref: string; status: 'pending' | 'posted'; amountCents: number; currency: string };

export type BankErrorCode = 'invalid_token' | 'invalid_account' | 'not_verified' | 'debit_declined' | 'provider_error';

/**
 * A refused or failed bank link operation; `code` says why, `message` (English, translated by the
 * error handler through src/i18n/text/errors*.ts) is shown to the account holder. An AppError, so
 * a route lets it go and the one error handler answers it in the visitor's language: the
 * provider's own failure is a 502, anything else the holder's (400, on the bank link's token).
 */
export class BankLinkError extends AppError {
  constructor(
    override readonly code: BankErrorCode,
    message: string,
  ) {
    super(
      code === 'provider_error' ? 502 : 400,
      code,
      message,
      code === 'provider_error' ? undefined : { link_token: message },
    );
    this.name = 'BankLinkError';
  }
}

export interface BankLinkProvider {
  /** 'none': no provider configured in production: bank accounts are not offered. */
  readonly kind: 'offline' | 'plaid' | 'none';
  /** Where the browser posts the account (offline hosted form); null when the provider's own widget collects it. */
  readonly accountsUrl: string | null;
  createLinkToken(clientUserId: string): Promise<LinkToken>;
  /** A public token from the provider's form → the reusable account (pending verification). Throws invalid_token. */
  exchange(publicToken: string, clientUserId: string): Promise<BankAccount>;
  /** Confirm the two micro-deposit amounts (cents). */
  verify(ref: string, amountsCents: [number, number]): Promise<VerifyOutcome>;
  debit(req: DebitRequest): Promise<Debit>;
  /** Call back a debit not yet settled (the order it paid for did not commit). */
  cancel(debitRef: string): Promise<void>;
  /** Browser-facing endpoints (the offline sandbox's hosted form), mounted at /bank-link. */
  router(): Router;
}
