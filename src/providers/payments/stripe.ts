/**
 * Stripe adapter (chosen when STRIPE_SECRET_KEY is set): PaymentMethods for tokens and
 * PaymentIntents for charges, over Stripe's form-encoded HTTP API with the secret key as a
 * bearer token and our idempotency key passed through as Stripe's Idempotency-Key.
 * Tokenising server-side (POST /v1/payment_methods with card[...]) needs Stripe's raw card data
 * permission; the number passes through memory only, never a table or a log line.
 */
import { invalid } from '../../domain/errors.ts';
import type { Router } from 'express';
import { z } from 'zod';
import { checkCard } from './card.ts';
import {
  DECLINE_MESSAGES,
  PaymentError,
  type CardInput,
  type CardToken,
  type Charge,
  type ChargeRequest,
  type DeclineCode,
  type PaymentProvider,
  type SavedCard,
} from './types.ts';
import { route, routes } from '../../http/route.ts';

export type StripeOptions = { secretKey: string; baseUrl?: string; timeoutMs?: number; clock?: () => Date };

type StripeError = { error?: { type?: string; code?: string; decline_code?: string; message?: string } };
type StripePaymentMethod = {
  id: string;
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number };
};
type StripeIntent = {
  id: string;
  status: string;
  amount: number;
  amount_received?: number;
  currency: string;
  payment_method?: string | StripePaymentMethod;
};

const KNOWN: DeclineCode[] = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
];

function form(data: Record<string, string | number | boolean | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) if (v !== undefined) p.append(k, String(v));
  return p.toString();
}

const CardBody = z.object({
  number: z.string().trim().min(1).max(40),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().trim().max(8),
});

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe';
  readonly tokenizeUrl = '/payments/tokens';
  private readonly base: string;
  private readonly methods = new Map<string, Omit<CardToken, 'token'>>();

  constructor(private readonly opts: StripeOptions) {
    this.base = (opts.baseUrl ?? 'https://api.stripe.com').replace(/\/$/, '');
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, string | number | boolean | undefined>,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.opts.secretKey}`,
      'Stripe-Version': '2024-06-20',
    };
    if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body ? form(body) : undefined,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch {
      throw new PaymentError('processing_error', DECLINE_MESSAGES.processing_error, method === 'POST');
    }
    const json = (await res.json().catch(() => ({}))) as T & StripeError;
    if (res.ok) return json;
    if (res.status >= 500 || res.status === 409)
      throw new PaymentError('processing_error', DECLINE_MESSAGES.processing_error, method === 'POST');
    const e = json.error ?? {};
    const code = (KNOWN.find((k) => k === e.decline_code) ??
      KNOWN.find((k) => k === e.code) ??
      (e.type === 'card_error' ? 'card_declined' : 'processing_error')) as DeclineCode;
    throw new PaymentError(code, DECLINE_MESSAGES[code]);
  }

  async tokenize(card: CardInput): Promise<CardToken> {
    checkCard(card, this.opts.clock?.() ?? new Date());
    const pm = await this.call<StripePaymentMethod>('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': String(card.number).replace(/[\s-]/g, ''),
      'card[exp_month]': card.exp_month,
      'card[exp_year]': card.exp_year,
      'card[cvc]': card.cvc,
    });
    const info = {
      brand: pm.card?.brand ?? 'unknown',
      last4: pm.card?.last4 ?? '',
      expMonth: pm.card?.exp_month ?? card.exp_month,
      expYear: pm.card?.exp_year ?? card.exp_year,
    };
    this.methods.set(pm.id, info);
    return { token: pm.id, ...info };
  }

  async describe(token: string) {
    const known = this.methods.get(token);
    if (known) return known;
    try {
      const pm = await this.call<StripePaymentMethod>('GET', `/v1/payment_methods/${encodeURIComponent(token)}`);
      return {
        brand: pm.card?.brand ?? 'unknown',
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
      };
    } catch {
      return null;
    }
  }

  /** Saved cards: a Stripe Customer per user (created on the first card) with the PaymentMethod attached to it. */
  async saveCard(token: string, customer: { ref?: string | null; email: string; userId: number }): Promise<SavedCard> {
    const cus =
      customer.ref ??
      (
        await this.call<{ id: string }>(
          'POST',
          '/v1/customers',
          { email: customer.email, 'metadata[user_id]': customer.userId },
          `customer-user-${customer.userId}`,
        )
      ).id;
    const pm = await this.call<StripePaymentMethod>('POST', `/v1/payment_methods/${encodeURIComponent(token)}/attach`, {
      customer: cus,
    });
    const info = {
      brand: pm.card?.brand ?? 'unknown',
      last4: pm.card?.last4 ?? '',
      expMonth: pm.card?.exp_month ?? 0,
      expYear: pm.card?.exp_year ?? 0,
    };
    this.methods.set(pm.id, info);
    return { ref: pm.id, customerRef: cus, ...info };
  }

  private toCharge(pi: StripeIntent, fallback: { brand: string; last4: string }): Charge {
    if (pi.status !== 'succeeded' && pi.status !== 'requires_capture') {
      throw new PaymentError('card_declined', DECLINE_MESSAGES.card_declined);
    }
    const pm = typeof pi.payment_method === 'object' ? pi.payment_method : undefined;
    return {
      ref: pi.id,
      status: pi.status === 'succeeded' ? 'captured' : 'authorized',
      amountCents: pi.amount,
      currency: pi.currency.toUpperCase(),
      brand: pm?.card?.brand ?? fallback.brand,
      last4: pm?.card?.last4 ?? fallback.last4,
    };
  }

  async charge(req: ChargeRequest): Promise<Charge> {
    const known = (await this.describe(req.token)) ?? { brand: 'unknown', last4: '' };
    const pi = await this.call<StripeIntent>(
      'POST',
      '/v1/payment_intents',
      {
        amount: req.amountCents,
        currency: req.currency.toLowerCase(),
        payment_method: req.token,
        customer: req.customer ?? undefined,
        confirm: true,
        capture_method: req.capture === false ? 'manual' : 'automatic',
        description: req.description,
        'automatic_payment_methods[enabled]': true,
        'automatic_payment_methods[allow_redirects]': 'never',
      },
      req.idempotencyKey,
    );
    return this.toCharge(pi, known);
  }

  async capture(ref: string, amountCents?: number): Promise<Charge> {
    const pi = await this.call<StripeIntent>('POST', `/v1/payment_intents/${encodeURIComponent(ref)}/capture`, {
      amount_to_capture: amountCents,
    });
    return this.toCharge(pi, { brand: 'unknown', last4: '' });
  }

  async refund(ref: string, amountCents?: number, idempotencyKey?: string) {
    const r = await this.call<{ id: string; amount: number }>(
      'POST',
      '/v1/refunds',
      { payment_intent: ref, amount: amountCents },
      idempotencyKey,
    );
    return { ref: r.id, amountCents: r.amount };
  }

  router(): Router {
    const r = routes();
    /** POST /payments/tokens — the card goes to Stripe; the browser gets the PaymentMethod id. */
    route(r, 'post', '/tokens', { allow: 'public', note: "the card provider's tokenizer" }, async (req, res) => {
      // A refused card is a PaymentError: the error handler answers it, in the visitor's language.
      const parsed = CardBody.safeParse(req.body ?? {});
      if (!parsed.success) throw invalid('Enter the card number, expiry and security code.', undefined, 'invalid_card');
      const t = await this.tokenize(parsed.data);
      res
        .status(201)
        .json({ token: t.token, brand: t.brand, last4: t.last4, exp_month: t.expMonth, exp_year: t.expYear });
    });
    return r;
  }
}
