/**
 * No bank-link provider: production without Plaid credentials and without
 * PAYMENTS_SANDBOX=1. Bank accounts cannot be linked or debited (4xx), and checkout offers none.
 */
import { Router } from 'express';
import { AppError } from '../../domain/errors.ts';
import type { BankLinkProvider } from './types.ts';

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
    const r = Router();
    r.post('/accounts', () => {
      throw refuse();
    });
    r.get('/statement', () => {
      throw refuse();
    });
    return r;
  }
}
