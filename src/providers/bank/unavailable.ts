/**
 * No bank-link provider: production without Plaid credentials and without
 * PAYMENTS_SANDBOX=1. Bank accounts cannot be linked or debited (4xx), and checkout offers none.
 */
import type { Router } from 'express';
import { AppError } from '../../domain/errors.ts';
import type { BankLinkProvider } from './types.ts';
import { route, routes } from '../../http/route.ts';

export const BANK_UNAVAILABLE = 'Bank payments are not available in this shop.';
const refuse = () => new AppError(422, 'payment_unavailable', BANK_UNAVAILABLE, { payment_type: BANK_UNAVAILABLE });

export class UnavailableBankLinkProvider implements BankLinkProvider {
  readonly kind = 'none';
  readonly accountsUrl = null;
  async createLinkToken(): Promise<never> {
    throw refuse();
  }
  async exchange(): Promise<never> {
    throw refuse();
  }
  async verify(): Promise<never> {
    throw refuse();
  }
  async debit(): Promise<never> {
    throw refuse();
  }
  async cancel(): Promise<never> {
    throw refuse();
  }
  router(): Router {
    const r = routes();
    route(
      r,
      'post',
      '/accounts',
      {
        allow: 'public',
        note: "the offline bank sandbox's hosted form: the link token names the user",
      },
      () => {
        throw refuse();
      },
    );
    route(
      r,
      'get',
      '/statement',
      {
        allow: 'signed-in',
        note: "the offline sandbox statement of the caller's own accounts",
      },
      () => {
        throw refuse();
      },
    );
    return r;
  }
}
