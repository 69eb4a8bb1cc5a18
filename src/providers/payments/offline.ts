/**
 * The built-in card provider: a real sandbox, not a stub. It serves its own tokenisation
 * endpoint (POST /payments/tokens), keeps tokens, charges (authorised or captured) and refunds
 * in memory for the life of the process, honours idempotency keys, and answers the usual test
 * numbers the way a card network would:
 *
 *   4242 4242 4242 4242, 5555 5555 5555 4444   approved
 *   4000 0000 0000 0002                        generic decline (card_declined)
 *   4000 0000 0000 9995                        insufficient funds
 *   4000 0000 0000 0069                        expired card
 *   4000 0000 0000 0119                        processing error (the network fails)
 *
 * The full number never leaves tokenize(): a token remembers only brand, last four and the
 * outcome class of its number.
 *
 * Saved cards: saveCard turns a token into a reusable 'pm_offline_…' reference that
 * carries its own brand, last four, expiry and outcome class, so a saved card still charges after
 * a restart or in another process. Stripe's well-known test methods ('pm_card_visa', …) work too
 * (the demo data saves one).
 */
import { invalid } from '../../domain/errors.ts';
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
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

export const TEST_CARDS = {
  approved: '4242424242424242',
  approvedMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  processingError: '4000000000000119',
} as const;

const OUTCOME: Record<string, DeclineCode> = {
  [TEST_CARDS.declined]: 'card_declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.expired]: 'expired_card',
  [TEST_CARDS.processingError]: 'processing_error',
};

/** Stripe's well-known test payment methods, honoured by the sandbox as Stripe's test mode does. */
export const TEST_METHODS: Record<string, Omit<StoredToken, 'token' | 'createdAt'>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, outcome: null },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034, outcome: null },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', expMonth: 12, expYear: 2034, outcome: 'card_declined' },
};

const SAVED =
  /^pm_offline_(ok|card_declined|insufficient_funds|expired_card|processing_error)_([a-z]+)_(\d{4})_(\d{1,2})_(\d{4})_[0-9a-f]{16}$/;

type StoredToken = CardToken & { outcome: DeclineCode | null; createdAt: Date };
type StoredCharge = Charge & { token: string; refundedCents: number; capturedCents: number };

/** The offline tokeniser's bounds: 10 000 tokens, each kept one hour. */
export const OFFLINE_TOKEN_LIMITS = { maxTokens: 10_000, tokenTtlMs: 60 * 60_000 } as const;

const id = (prefix: string) => `${prefix}_offline_${randomBytes(12).toString('hex')}`;

const CardBody = z.object({
  number: z.string().trim().min(1).max(40),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().trim().max(8),
  name: z.string().trim().max(200).optional(),
});

export class OfflinePaymentProvider implements PaymentProvider {
  readonly kind = 'offline';
  readonly tokenizeUrl = '/payments/tokens';
  /**
   * One-time tokens, bounded: at most `maxTokens`, each for `tokenTtlMs` (a card typed
   * at checkout is charged within minutes); the oldest go first. Saved cards do not live here.
   */
  private readonly tokens: LRUCache<string, StoredToken>;
  private readonly charges = new Map<string, StoredCharge>();
  private readonly byKey = new Map<string, { fingerprint: string; ref: string }>();
  private refundsMade = 0;
  private readonly refundsByKey = new Map<string, { ref: string; amountCents: number }>();

  constructor(
    private readonly clock: () => Date = () => new Date(),
    limits: { maxTokens?: number; tokenTtlMs?: number } = {},
  ) {
    this.tokens = new LRUCache<string, StoredToken>({
      max: limits.maxTokens ?? OFFLINE_TOKEN_LIMITS.maxTokens,
      ttl: limits.tokenTtlMs ?? OFFLINE_TOKEN_LIMITS.tokenTtlMs,
    });
  }

  /** How many one-time tokens the sandbox holds (tests: bounded). */
  get tokenCount(): number {
    this.tokens.purgeStale();
    return this.tokens.size;
  }

  async tokenize(card: CardInput): Promise<CardToken> {
    const { digits, brand } = checkCard(card, this.clock());
    const token: StoredToken = {
      token: id('tok'),
      brand,
      last4: digits.slice(-4),
      expMonth: Number(card.exp_month),
      expYear: Number(card.exp_year) < 100 ? Number(card.exp_year) + 2000 : Number(card.exp_year),
      outcome: OUTCOME[digits] ?? null,
      createdAt: this.clock(),
    };
    this.tokens.set(token.token, token);
    const { outcome: _o, createdAt: _c, ...pub } = token;
    return pub;
  }

  /** A one-time token, a saved 'pm_offline_…' reference or a well-known test method. */
  private find(token: string): Omit<StoredToken, 'token' | 'createdAt'> | undefined {
    const t = this.tokens.get(token) ?? TEST_METHODS[token];
    if (t) return t;
    const m = SAVED.exec(token);
    return m
      ? {
          brand: m[2],
          last4: m[3],
          expMonth: Number(m[4]),
          expYear: Number(m[5]),
          outcome: m[1] === 'ok' ? null : (m[1] as DeclineCode),
        }
      : undefined;
  }

  async describe(token: string) {
    const t = this.find(token);
    return t ? { brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear } : null;
  }

  async saveCard(token: string, _customer: { ref?: string | null; email: string; userId: number }): Promise<SavedCard> {
    const t = this.find(token);
    if (!t) throw new PaymentError('invalid_card', 'This card could not be found. Please enter it again.');
    const ref =
      token in TEST_METHODS || SAVED.test(token)
        ? token
        : `pm_offline_${t.outcome ?? 'ok'}_${t.brand}_${t.last4}_${t.expMonth}_${t.expYear}_${randomBytes(8).toString('hex')}`;
    return { ref, customerRef: null, brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear };
  }

  async charge(req: ChargeRequest): Promise<Charge> {
    const fingerprint = `${req.token}|${req.amountCents}|${req.currency}|${req.capture !== false}`;
    const seen = this.byKey.get(req.idempotencyKey);
    if (seen) {
      if (seen.fingerprint !== fingerprint)
        throw new PaymentError('processing_error', 'This payment was already attempted with different details.');
      return this.public(this.charges.get(seen.ref)!);
    }
    const t = this.find(req.token);
    if (!t) throw new PaymentError('invalid_card', 'This card could not be found. Please enter it again.');
    if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0)
      throw new PaymentError('processing_error', 'The amount to charge is not valid.');
    if (t.outcome) throw new PaymentError(t.outcome, DECLINE_MESSAGES[t.outcome]);
    const capture = req.capture !== false;
    const charge: StoredCharge = {
      ref: id('ch'),
      status: capture ? 'captured' : 'authorized',
      amountCents: req.amountCents,
      currency: req.currency.toUpperCase(),
      brand: t.brand,
      last4: t.last4,
      token: req.token,
      refundedCents: 0,
      capturedCents: capture ? req.amountCents : 0,
    };
    this.charges.set(charge.ref, charge);
    this.byKey.set(req.idempotencyKey, { fingerprint, ref: charge.ref });
    return this.public(charge);
  }

  async capture(ref: string, amountCents?: number): Promise<Charge> {
    const c = this.charges.get(ref);
    if (!c) throw new PaymentError('processing_error', 'No such charge.');
    if (c.status === 'captured') return this.public(c);
    const amount = amountCents ?? c.amountCents;
    if (amount <= 0 || amount > c.amountCents)
      throw new PaymentError('processing_error', 'The capture amount exceeds the authorisation.');
    c.status = 'captured';
    c.capturedCents = amount;
    return this.public(c);
  }

  async refund(ref: string, amountCents?: number, idempotencyKey?: string) {
    const again = idempotencyKey ? this.refundsByKey.get(idempotencyKey) : undefined;
    if (again) return again;
    const c = this.charges.get(ref);
    if (!c) throw new PaymentError('processing_error', 'No such charge.');
    const refundable = c.capturedCents - c.refundedCents;
    const amount = amountCents ?? refundable;
    if (amount <= 0 || amount > refundable)
      throw new PaymentError('processing_error', 'The refund exceeds what was charged.');
    c.refundedCents += amount;
    this.refundsMade++;
    const done = { ref: id('re'), amountCents: amount };
    if (idempotencyKey) this.refundsByKey.set(idempotencyKey, done);
    return done;
  }

  /** For tests and the back office: what the sandbox holds for a charge. */
  lookup(ref: string): (Charge & { refundedCents: number; capturedCents: number }) | undefined {
    const c = this.charges.get(ref);
    return c ? { ...this.public(c), refundedCents: c.refundedCents, capturedCents: c.capturedCents } : undefined;
  }

  /** How many refunds the sandbox has made (tests: charges minus refunds). */
  get refundCount(): number {
    return this.refundsMade;
  }

  /** How many charges the sandbox has made (tests: "one key, one charge"). */
  get chargeCount(): number {
    return this.charges.size;
  }

  router(): Router {
    const r = routes();
    /** POST /payments/tokens — the sandbox's tokenisation endpoint: {number, exp_month, exp_year, cvc} → {token, brand, last4}. */
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

  private public(c: StoredCharge): Charge {
    return {
      ref: c.ref,
      status: c.status,
      amountCents: c.amountCents,
      currency: c.currency,
      brand: c.brand,
      last4: c.last4,
    };
  }
}
