/**
 * What the seeded orders are made of before they become rows (src/db/seed/orders.ts builds them):
 * the order plan, the promotions and EPP rules, sales tax by destination, and the generator of
 * random but plausible orders.
 */
import type { PromotionConfiguration } from '../schema/index.ts';
import type { OrderStatus } from '../schema/constants.ts';
import { ORG, PROMOTION, USER } from './ids.ts';
import type { PersonRef } from './accounts-types.ts';
import type { ChoiceRef, ProductRef } from './catalog.ts';
import { daysAgo, isoDate, type Rng } from './util.ts';

export type Channel = 'US' | 'CA' | 'MX';
export type PaymentPlan = 'none' | 'card' | 'check' | 'failed-then-card' | 'failed' | 'pending-check' | 'epp';
export type Pick = { choice: ChoiceRef; quantity: number };
export type LinePlan = { product: ProductRef; quantity: number; lineType?: 0 | 1 | 2; picks?: Pick[] };
export type OrderPlan = {
  person: PersonRef | null;
  status: OrderStatus;
  createdAt: Date;
  lines: LinePlan[];
  payment: PaymentPlan;
  promotions?: number[];
  taxExempt?: boolean;
  addressIndex?: number;
  createdBy?: number;
  notes?: string;
  paidFee?: { name: string; usd: string };
  unpaidFee?: { name: string; usd: string };
};

export const PROMOTIONS = [
  {
    id: PROMOTION.spring50,
    name: 'Spring Planting',
    code: 'SPRING50',
    value: 50,
    startsAt: '2026-03-01',
    endsAt: '2026-07-01',
    active: true,
    priority: 10,
  },
  {
    id: PROMOTION.parts25,
    name: 'Parts Bundle',
    code: 'PARTS25',
    value: 25,
    startsAt: '2025-06-01',
    endsAt: '2027-01-01',
    active: true,
    priority: 5,
    appliesTo: 'parts' as const,
  },
  {
    id: PROMOTION.dealer100,
    name: 'Dealer Days',
    code: 'DEALER100',
    value: 100,
    startsAt: '2026-08-01',
    endsAt: '2026-09-01',
    active: true,
    priority: 20,
  },
  {
    id: PROMOTION.winter15,
    name: 'Winter Service',
    code: 'WINTER15',
    value: 15,
    startsAt: '2025-12-01',
    endsAt: '2026-03-01',
    active: false,
    priority: 0,
  },
] as const;
export const promoConfig = (value: number): PromotionConfiguration => [{ actions: [{ type: 'amount_off', value }] }];

export const EPP_RULES = {
  percentDown: [10, 20, 30, 50],
  months: [6, 12, 18, 24],
  defaultPercentDown: 20,
  defaultMonths: 12,
  feePercent: '3.50',
  interestRatePercent: '9.90',
};

/** Sales tax by destination; a region missing here uses the country's default. */
export const TAX: Record<Channel, { default: [string, number][]; regions: Record<string, [string, number][]> }> = {
  US: {
    default: [['State sales tax', 0.06]],
    regions: {
      IA: [
        ['Iowa sales tax', 0.06],
        ['Local option tax', 0.01],
      ],
      NE: [['Nebraska sales tax', 0.055]],
      TX: [
        ['Texas sales tax', 0.0625],
        ['Local sales tax', 0.02],
      ],
      ND: [['North Dakota sales tax', 0.05]],
      MN: [['Minnesota sales tax', 0.06875]],
      IL: [['Illinois sales tax', 0.0625]],
      SD: [['South Dakota sales tax', 0.042]],
      KS: [['Kansas sales tax', 0.065]],
      CA: [['California sales tax', 0.0725]],
    },
  },
  CA: {
    default: [['GST', 0.05]],
    regions: {
      SK: [
        ['GST', 0.05],
        ['PST', 0.06],
      ],
      MB: [
        ['GST', 0.05],
        ['RST', 0.07],
      ],
      QC: [
        ['GST', 0.05],
        ['QST', 0.09975],
      ],
      ON: [['HST', 0.13]],
      AB: [['GST', 0.05]],
    },
  },
  MX: { default: [['IVA', 0.16]], regions: {} },
};

export const CURRENCY: Record<Channel, 'USD' | 'CAD' | 'MXN'> = { US: 'USD', CA: 'CAD', MX: 'MXN' };

/** A random but plausible order; consumes the PRNG in a fixed order so runs agree. */
export function generate(
  rng: Rng,
  id: number,
  count: number,
  buyers: PersonRef[],
  catalogue: ProductRef[],
  config: ProductRef,
): OrderPlan {
  const status = rng.weighted<OrderStatus>({
    completed: 30,
    shipped: 18,
    processing: 14,
    pending: 12,
    on_hold: 5,
    cancelled: 8,
    quote: 6,
    cart: 7,
  });
  // Spread over the year before EPOCH, oldest first.
  const age = 365 * (1 - id / (count + 1)) + rng.next() * 2;
  const createdAt = daysAgo(Math.max(0.05, age));
  // Carts of signed-in users are one per user (the customer's is order 4): generated carts are anonymous.
  const person = status === 'cart' ? null : rng.pick(buyers);
  const lineCount = rng.weighted({ 1: 40, 2: 32, 3: 18, 4: 10 } as Record<string, number>);
  const lines = planLines(rng, Number(lineCount), catalogue, config);
  const hasPlanter = lines.some((l) => l.product.weight > 400);
  const payment = paymentPlan(rng, status, hasPlanter);
  const channel = person?.channel ?? 'US';
  const promos: number[] = [];
  if (channel === 'US' && status !== 'quote' && rng.chance(0.18)) {
    const day = isoDate(createdAt);
    const live = PROMOTIONS.filter((x) => x.startsAt <= day && day < x.endsAt && x.id !== PROMOTION.dealer100);
    if (live.length) promos.push(rng.pick(live).id);
  }
  return {
    person,
    status,
    createdAt,
    lines,
    payment,
    promotions: promos,
    taxExempt: person?.org === ORG.acme,
    addressIndex: person && person.addresses.length > 1 ? rng.int(0, person.addresses.length - 1) : 0,
    createdBy: rng.chance(0.15) ? USER.staff : undefined,
    paidFee: payment === 'card' && rng.chance(0.12) ? { name: 'Rush handling', usd: '25.00' } : undefined,
    unpaidFee:
      payment === 'epp'
        ? { name: 'EPP fee', usd: '0' }
        : status === 'on_hold' && rng.chance(0.5)
          ? { name: 'Storage fee', usd: '40.00' }
          : undefined,
  };
}

/** The order's lines: distinct physical products, one in ten heavy, with their option choices. */
function planLines(rng: Rng, lineCount: number, catalogue: ProductRef[], config: ProductRef): LinePlan[] {
  const lines: LinePlan[] = [];
  const used = new Set<number>();
  for (let k = 0; k < lineCount; k++) {
    const heavy = rng.chance(0.1);
    const pool = catalogue.filter((x) => (heavy ? x.weight > 400 : x.weight <= 400) && x.physical && !used.has(x.id));
    if (pool.length === 0) break;
    const product = rng.pick(pool);
    used.add(product.id);
    const picks: Pick[] = [];
    if (product.options.length) {
      for (const option of product.options) {
        if (option.type === 1) {
          if (rng.chance(0.5)) picks.push({ choice: rng.pick(option.choices), quantity: rng.int(1, 35) });
          continue;
        }
        const c = rng.pick(option.choices);
        picks.push({ choice: c, quantity: 1 });
        for (const child of c.children) picks.push({ choice: rng.pick(child.choices), quantity: 1 });
      }
    }
    const quantity = product.weight > 400 ? 1 : product.weight > 5 ? rng.int(1, 8) : rng.int(1, 24);
    lines.push({ product, quantity, picks });
  }
  if (lines.length === 0) lines.push({ product: config, quantity: 1, picks: [] });
  return lines;
}

/** How an order of this status was paid (an EPP plan only for an order with a planter). */
function paymentPlan(rng: Rng, status: OrderStatus, hasPlanter: boolean): PaymentPlan {
  return status === 'completed'
    ? rng.weighted<PaymentPlan>({ card: 70, check: 20, 'failed-then-card': 10 })
    : status === 'shipped'
      ? rng.weighted<PaymentPlan>({ card: 75, check: 25 })
      : status === 'processing'
        ? rng.weighted<PaymentPlan>({ card: 60, epp: hasPlanter ? 40 : 0, check: hasPlanter ? 0 : 40 })
        : status === 'pending'
          ? rng.weighted<PaymentPlan>({ none: 60, 'pending-check': 40 })
          : status === 'on_hold'
            ? 'failed'
            : status === 'cancelled'
              ? rng.weighted<PaymentPlan>({ none: 70, failed: 30 })
              : 'none';
}
