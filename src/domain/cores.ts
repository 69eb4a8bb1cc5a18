/**
 * Core deposits (pure rules, used by the server and the screens alike).
 *
 * A remanufactured part carries a core charge: a deposit the customer pays with the part and gets
 * back when the old part (the core) is returned. Rules:
 *   charge     the channel's own core charge, else the product's (base currency) converted as its
 *              price is (pricing.ts channelPriceCents); none (0) when the product has no core
 *   deposit    charge × quantity, exactly
 *   taxable    by the ship-to's rule: a region's own rule, else its country's ('' region), else
 *              not taxable (a deposit is not a sale unless a jurisdiction says it is)
 *   tax        each of the ship-to's rates on the deposit, rounded once each (checkout.ts taxAmount)
 *   credit     staff credit a returned core in full (the deposit for the quantity returned) or in
 *              part (less, with a reason); never more than what is left uncredited on the line
 *   tax credit the tax charged on the deposit, in proportion to the credit, rounded once; the credit
 *              that leaves nothing uncredited takes what tax is left, so the parts sum exactly
 */
import { type PriceFacts, type PricingChannel, channelPriceCents } from './pricing.ts';
import { convert, sumCents, toCents } from './money.ts';

export type CoreTaxRule = { country: string; region: string; taxable: boolean };

/** Why: a region may tax deposits its country does not (or the reverse); without any rule a deposit is not taxed. */
export function coreTaxable(rules: readonly CoreTaxRule[], country: string, region: string): boolean {
  const c = country.trim().toUpperCase();
  const r = region.trim().toUpperCase();
  const own = r ? rules.find((x) => x.country.toUpperCase() === c && x.region.toUpperCase() === r) : undefined;
  if (own) return own.taxable;
  const countryWide = rules.find((x) => x.country.toUpperCase() === c && x.region === '');
  return countryWide?.taxable ?? false;
}

/**
 * Why: the core charge follows the price's own rule: a channel's own figure, else the base one
 * converted once; 0 means the product has no core (or no price in that currency).
 */
export function coreChargeCents(
  p: Pick<PriceFacts, 'currencyId' | 'currencyRate'> & { coreCharge: string | null; channelCoreCharge?: string | null },
  ch: Pick<PricingChannel, 'currencyId' | 'midMarketRate'>,
): number {
  if (p.channelCoreCharge !== null && p.channelCoreCharge !== undefined) return toCents(p.channelCoreCharge);
  if (p.coreCharge === null) return 0;
  return channelPriceCents(
    { basePrice: p.coreCharge, channelPrice: null, currencyId: p.currencyId, currencyRate: p.currencyRate },
    ch,
  );
}

/** Why: a line's deposit is the unit charge times the quantity, exactly (no rounding to share). */
export function coreDepositCents(unitCents: number, quantity: number): number {
  if (!Number.isSafeInteger(unitCents) || unitCents < 0)
    throw new RangeError(`core charge must be cents ≥ 0: ${unitCents}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    throw new RangeError(`quantity must be a whole number ≥ 0: ${quantity}`);
  return unitCents * quantity;
}

/** Why: a taxable deposit bears each of the ship-to's rates, each rounded once as the goods' tax is. */
export function coreDepositTax(
  depositCents: number,
  rates: readonly { name: string; rate: number | string }[],
  taxable: boolean,
  exempt = false,
): { name: string; cents: number }[] {
  if (!taxable || exempt || depositCents <= 0) return [];
  return rates.map((r) => ({ name: r.name, cents: convert(depositCents, r.rate) }));
}

/** What a line's deposit stands at: charged, its tax, and what earlier core returns credited. */
export type CoreLine = {
  unitDepositCents: number;
  quantity: number;
  depositCents: number;
  taxCents: number;
  returnedQuantity: number;
  creditedCents: number;
  taxCreditedCents: number;
};

export type CoreCreditInput = { quantity: number; full: boolean; creditCents?: number | null; reason?: string | null };

export const CORE_CREDIT_MESSAGES = {
  quantity: 'Cores to return: a whole number from 1 to {{max}}.',
  nothingLeft: 'Every core of this line has already been returned.',
  credit: 'Credit: an amount from 0.00 to {{max}}.',
  reason: 'Say why the credit is partial.',
} as const;

export type CoreCreditResult =
  | { ok: true; quantity: number; creditCents: number; taxCreditCents: number; refundCents: number; partial: boolean }
  | {
      ok: false;
      field: 'quantity' | 'credit_cents' | 'reason';
      message: keyof typeof CORE_CREDIT_MESSAGES;
      max?: number;
    };

/**
 * Why: one reading of "credit this returned core" for the form, the service and the tests: full
 * credit is the deposit for the cores returned; a partial one is less and needs a reason; the tax
 * comes back in proportion.
 */
export function coreCredit(line: CoreLine, input: CoreCreditInput): CoreCreditResult {
  const coresLeft = line.quantity - line.returnedQuantity;
  if (coresLeft <= 0) return { ok: false, field: 'quantity', message: 'nothingLeft' };
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1 || input.quantity > coresLeft)
    return { ok: false, field: 'quantity', message: 'quantity', max: coresLeft };
  const depositLeft = line.depositCents - line.creditedCents;
  const forReturned = Math.min(depositLeft, coreDepositCents(line.unitDepositCents, input.quantity));
  let credit = forReturned;
  if (!input.full) {
    const c = input.creditCents;
    if (c === null || c === undefined || !Number.isSafeInteger(c) || c < 0 || c > forReturned)
      return { ok: false, field: 'credit_cents', message: 'credit', max: forReturned };
    credit = c;
  }
  const partial = credit < forReturned;
  if (partial && !(input.reason ?? '').trim()) return { ok: false, field: 'reason', message: 'reason' };
  const taxLeft = line.taxCents - line.taxCreditedCents;
  const taxCredit =
    credit === depositLeft
      ? taxLeft
      : Math.min(taxLeft, line.depositCents > 0 ? Math.round((line.taxCents * credit) / line.depositCents) : 0);
  return {
    ok: true,
    quantity: input.quantity,
    creditCents: credit,
    taxCreditCents: taxCredit,
    refundCents: sumCents([credit, taxCredit]),
    partial,
  };
}
