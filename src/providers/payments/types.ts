/**
 * Card payments behind one interface. The island posts the card to the provider's own
 * tokenisation endpoint (`router()`, mounted at /payments); our tables and logs only ever see
 * the token, the brand and the last four digits. Orders charge the token with an idempotency
 * key, so a retried charge is the same charge. Saved payment methods make a token
 * reusable with saveCard and charge it later with the same call.
 */
import { AppError } from '../../domain/errors.ts';
import type { Router } from 'express';

export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string; name?: string };
export type CardToken = { token: string; brand: string; last4: string; expMonth: number; expYear: number };

export type ChargeRequest = {
  token: string;
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Same key → same charge (never a second one). */
  idempotencyKey: string;
  /** false: authorise only (capture later). Default true. */
  capture?: boolean;
  description?: string;
  /** The provider's customer a saved method is attached to (Stripe needs it to reuse the method). */
  customer?: string | null;
};

/** A card made reusable: the provider's lasting reference and the customer it belongs to. */
export type SavedCard = {
  ref: string;
  customerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type Charge = {
  ref: string;
  status: 'authorized' | 'captured';
  amountCents: number;
  currency: string;
  brand: string;
  last4: string;
};

export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'invalid_card';

/** The card form's field a refusal is about (the tokeniser's fields); none for the provider's own failure. */
const CARD_FIELD: Record<DeclineCode, string | undefined> = {
  card_declined: 'number',
  insufficient_funds: 'number',
  expired_card: 'exp',
  incorrect_cvc: 'cvc',
  processing_error: undefined,
  invalid_card: 'number',
};

/**
 * A refused or failed card operation; `code` says why, `message` (English, translated by the error
 * handler through src/i18n/text/errors*.ts) is shown to the buyer. An AppError, so a route lets it
 * go and the one error handler answers it in the visitor's language: a refusal is the buyer's
 * (400, naming the card field), a processing error the provider's (502).
 */
export class PaymentError extends AppError {
  /**
   * `outcomeUnknown`: the provider may have charged — the network failed or it answered
   * 5xx after the request left. Order placement then keeps the stock and lets recovery ask again
   * under the same idempotency key, instead of treating it as a decline.
   */
  constructor(
    override readonly code: DeclineCode,
    message: string,
    readonly outcomeUnknown = false,
  ) {
    const field = CARD_FIELD[code];
    super(code === 'processing_error' ? 502 : 400, code, message, field ? { [field]: message } : undefined);
    this.name = 'PaymentError';
  }
}

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  invalid_card: 'Your card number is not valid.',
};

export interface PaymentProvider {
  /** 'none': no provider configured in production: cards are not offered. */
  readonly kind: 'offline' | 'stripe' | 'none';
  /** Where the browser posts the card (relative to the site). */
  readonly tokenizeUrl: string;
  tokenize(card: CardInput): Promise<CardToken>;
  /** What a token stands for, without charging it (brand, last four); null when unknown. */
  describe(token: string): Promise<Omit<CardToken, 'token'> | null>;
  /** Make a one-time token reusable (saved payment methods); `customer.ref` is the user's provider customer, if any. */
  saveCard(token: string, customer: { ref?: string | null; email: string; userId: number }): Promise<SavedCard>;
  charge(req: ChargeRequest): Promise<Charge>;
  capture(ref: string, amountCents?: number): Promise<Charge>;
  /** `idempotencyKey`: the same key → the same refund (a retried refund job never refunds twice). */
  refund(ref: string, amountCents?: number, idempotencyKey?: string): Promise<{ ref: string; amountCents: number }>;
  /** The provider's browser-facing endpoints (the tokenisation endpoint), mounted at /payments. */
  router(): Router;
}
