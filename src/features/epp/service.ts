/**
 * EPP service: the figures behind GET /{locale}/epp/service-data and behind paying an order by EPP.
 * Amounts always come from the database: an order's own totals, or a product's channel price
 * through the cart's price authority (priceLine); a demo total only ever makes a demo calculation.
 */
import type { DbOrTx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../domain/errors.ts';
import {
  checkChoice,
  computePlan,
  EPP_MESSAGES,
  ineligibleCents,
  promoFor,
  type EppItem,
  type EppPlan,
  type EppPromo,
} from '../../domain/epp.ts';
import { floorAtZero, toCents } from '../../domain/money.ts';
import { priceLine } from '../cart/index.ts';
import type { ChannelInfo } from '../channels/index.ts';
import { activeRules, eligibilityOf, orderForEpp, type ActiveRules } from './queries.ts';
import type { EppPlacementInput, ServiceDataQuery } from './schemas.ts';

/** Who asks: an EPP admin may choose outside the lists; staff (orders.view) may read any order. */
export type EppCaller = { userId: number | null; admin: boolean; staff: boolean; sessionCartId: number | null };

export type EppQuote = {
  rules: ActiveRules;
  admin: boolean;
  currency: string;
  source: 'order' | 'product' | 'demo';
  baseCents: number;
  items: EppItem[];
  customFee: boolean;
  standard: EppPlan;
  promo: { promo: EppPromo; plan: EppPlan } | null;
  hasPromos: boolean;
  chosen: 'standard' | 'promo';
};

const rulesOf = async (db: DbOrTx) => {
  const rules = await activeRules(db);
  if (!rules)
    throw new AppError(503, 'epp_unavailable', 'The Extended Payment Program is not available in this store.');
  return rules;
};

const today = (now: Date) => now.toISOString().slice(0, 10);

async function withEligibility(
  db: DbOrTx,
  rules: ActiveRules,
  raw: { id: number; productId: number | null; title: string; amountCents: number }[],
  now: Date,
): Promise<EppItem[]> {
  const ids = [...new Set(raw.map((r) => r.productId).filter((v): v is number => v !== null))];
  const map = await eligibilityOf(db, ids, rules.productsEligibleByDefault, now);
  return raw.map((r) => {
    const e = r.productId === null ? { eligible: rules.productsEligibleByDefault, promo: null } : map.get(r.productId)!;
    return { ...r, eligible: e.eligible, promo: e.eligible ? e.promo : null };
  });
}

/** Both plans for a total and its items, after checking the choice against the lists (or the admin limits). */
function plans(args: {
  rules: ActiveRules;
  items: EppItem[];
  totalCents: number;
  admin: boolean;
  start: string;
  choice: { percentDown?: number; months?: number; eppFee?: string; plan?: 'standard' | 'promo' };
}) {
  const { rules, items, totalCents, admin, choice } = args;
  const errors = checkChoice({ percentDown: choice.percentDown, months: choice.months }, rules, admin);
  if (Object.keys(errors).length) throw invalid(Object.values(errors)[0], errors);
  const percentDown = choice.percentDown ?? rules.defaultPercentDown;
  const months = choice.months ?? rules.defaultMonths;
  const ineligible = ineligibleCents(items, totalCents);
  const base = { totalCents, ineligibleCents: ineligible, percentDown, start: args.start };
  let customFeeCents: number | null = null;
  const standardAtRules = computePlan({
    ...base,
    months,
    ratePercent: rules.ratePercent,
    feePercent: rules.feePercent,
  });
  if (choice.eppFee !== undefined) {
    const fee = toCents(choice.eppFee);
    if (!admin && fee !== standardAtRules.feeCents) throw invalid(EPP_MESSAGES.eppFee, { eppFee: EPP_MESSAGES.eppFee });
    if (admin) customFeeCents = fee;
  }
  const standard =
    customFeeCents === null
      ? standardAtRules
      : computePlan({ ...base, months, ratePercent: rules.ratePercent, feePercent: rules.feePercent, customFeeCents });
  const promo = promoFor(items);
  const promoPlan = promo
    ? {
        promo,
        plan: computePlan({
          ...base,
          months: promo.months,
          ratePercent: promo.ratePercent,
          feePercent: promo.feePercent,
          customFeeCents,
        }),
      }
    : null;
  const chosen = choice.plan ?? 'standard';
  if (chosen === 'promo' && !promoPlan)
    throw invalid('The promotional plan does not apply to these items.', {
      plan: 'The promotional plan does not apply to these items.',
    });
  return {
    standard,
    promo: promoPlan,
    customFee: customFeeCents !== null,
    chosen,
    hasPromos: items.some((i) => i.eligible && i.promo),
  };
}

/** GET /{locale}/epp/service-data: the plans for an order, a product or a demo total. */
export async function eppQuote(
  db: DbOrTx,
  args: { query: ServiceDataQuery; caller: EppCaller; channel: ChannelInfo; now?: Date },
): Promise<EppQuote> {
  const { query: q, caller, channel } = args;
  const now = args.now ?? new Date();
  const rules = await rulesOf(db);
  let source: EppQuote['source'];
  let currency = channel.currency;
  let totalCents: number;
  let raw: { id: number; productId: number | null; title: string; amountCents: number }[] = [];
  if (q.orderId !== undefined) {
    const order = await orderForEpp(db, q.orderId);
    const mine =
      !!order &&
      ((caller.userId !== null && order.userId === caller.userId) ||
        (order.userId === null && order.id === caller.sessionCartId));
    // Someone else's order is not found, as on every customer-facing order read.
    if (!order || !(mine || caller.staff)) throw notFound('That order was not found.');
    source = 'order';
    currency = order.currency;
    totalCents = q.subtotalOnly ? floorAtZero(toCents(order.subtotal) - toCents(order.discount)) : toCents(order.total);
    raw = order.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      title: l.title,
      amountCents: Math.max(0, toCents(l.totalDiscounted)),
    }));
  } else if (q.productId !== undefined) {
    const priced = await priceLine(
      db,
      channel,
      { productId: q.productId, quantity: 1, selections: q.selections },
      { enforce: false, now },
    ); // as configured on the product page
    source = 'product';
    totalCents = priced.unitCents;
    raw = [{ id: priced.productId, productId: priced.productId, title: priced.title, amountCents: priced.unitCents }];
  } else {
    source = 'demo';
    totalCents = toCents(q.demoTotal!);
  }
  const items = await withEligibility(db, rules, raw, now);
  const p = plans({ rules, items, totalCents, admin: caller.admin, start: today(now), choice: q });
  return { rules, admin: caller.admin, currency, source, baseCents: totalCents, items, ...p };
}

/** ineligibleLineIds: the order lines the program does not finance (paid in full by the down payment). */
export type EppPlacement = {
  kind: 'standard' | 'promo';
  promoId: number | null;
  plan: EppPlan;
  ineligibleLineIds: number[];
};

/**
 * The plan an order is placed under, from the order's own lines and total inside the placement
 * transaction (the buyer's choice checked like the service's).
 */
export async function planForPlacement(
  tx: DbOrTx,
  args: { orderId: number; totalCents: number; input: EppPlacementInput; admin: boolean; now: Date },
): Promise<EppPlacement> {
  const rules = await rulesOf(tx);
  const order = await orderForEpp(tx, args.orderId);
  if (!order) throw notFound('That order was not found.');
  const items = await withEligibility(
    tx,
    rules,
    order.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      title: l.title,
      amountCents: Math.max(0, toCents(l.totalDiscounted)),
    })),
    args.now,
  );
  let p;
  try {
    p = plans({
      rules,
      items,
      totalCents: args.totalCents,
      admin: args.admin,
      start: today(args.now),
      choice: args.input,
    });
  } catch (e) {
    // Name the placement's own fields.
    if (e instanceof AppError && e.fields) {
      const rename: Record<string, string> = {
        percentDown: 'epp_percent_down',
        months: 'epp_months',
        eppFee: 'epp_fee',
        plan: 'epp_plan',
      };
      throw invalid(e.message, Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [rename[k] ?? k, v])));
    }
    throw e;
  }
  const ineligibleLineIds = items.filter((i) => !i.eligible).map((i) => i.id);
  return p.chosen === 'promo'
    ? { kind: 'promo', promoId: p.promo!.promo.id, plan: p.promo!.plan, ineligibleLineIds }
    : { kind: 'standard', promoId: null, plan: p.standard, ineligibleLineIds };
}
