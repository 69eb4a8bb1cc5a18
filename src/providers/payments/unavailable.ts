/**
 * No card provider: production without STRIPE_SECRET_KEY and without PAYMENTS_SANDBOX=1.
 * Money is real or absent: card payments are not offered (checkout lists no card), and every call
 * that would tokenise, save or charge a card is refused with a 4xx, never answered by a sandbox
 * that marks orders paid with no money moved.
 */
import type { Router } from 'express';
import { AppError } from '../../domain/errors.ts';
import type { PaymentProvider } from './types.ts';
import { route, routes } from '../../http/route.ts';

export const CARDS_UNAVAILABLE = 'Card payments are not available in this shop.';
const refuse = () => new AppError(422, 'payment_unavailable', CARDS_UNAVAILABLE, { payment_type: CARDS_UNAVAILABLE });

export class UnavailablePaymentProvider implements PaymentProvider {
  readonly kind = 'none';
  readonly tokenizeUrl = '/payments/tokens';
  async tokenize(): Promise<never> {
    throw refuse();
  }
  async describe() {
    return null;
  }
  async saveCard(): Promise<never> {
    throw refuse();
  }
  async charge(): Promise<never> {
    throw refuse();
  }
  async capture(): Promise<never> {
    throw refuse();
  }
  async refund(): Promise<never> {
    throw refuse();
  }
  router(): Router {
    const r = routes();
    route(r, 'post', '/tokens', { allow: 'public', note: "the card provider's tokenizer" }, () => {
      throw refuse();
    });
    return r;
  }
}
