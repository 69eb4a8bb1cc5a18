/** The ledger's shapes (ledger.ts computes them; ledger-steps.ts computes its parts). */
/**
 * The tag of a core deposit line: outside every discount unless a scope names it, and taxed only
 * when the ledger is told the ship-to taxes deposits (a deposit is money held, not a sale).
 */
export const CORE_DEPOSIT_TAG = 'core-deposit';

/** Which product lines a discount applies to: all of them unless line types or tags narrow it. */
export type LedgerScope = { lineTypes?: readonly number[]; tags?: readonly string[] };

export type LedgerLineInput<K> = {
  key: K;
  lineType: number;
  /** The list unit price, the chosen options' prices included. */
  unitCents: number;
  quantity: number;
  /** What the line is, for a discount that applies to some lines only (e.g. 'part'). */
  tags?: readonly string[];
  /** The chosen options, carried to the line as given (their prices are in unitCents). */
  options?: readonly unknown[];
  /** What payments already paid onto this line. */
  paidCents?: number;
  /** A line discount already fixed in cents (as stored), applied before the percentages as LINE_DISCOUNT. */
  discountCents?: number;
};

/** The name of a line's own fixed discount (LedgerLineInput.discountCents) among its discount rows. */
export const LINE_DISCOUNT = 'Line discount';

/** A percentage off each line in scope ('5.00' = 5 %), rounded once per line. */
export type LedgerLineDiscount = { name: string; percent: string | number; appliesTo?: LedgerScope };

export type LedgerPromotion = {
  name: string;
  /** The amount off, in the order's currency (a positive number of cents; 0 for a free-shipping-only promotion). */
  amountCents: number;
  freeShipping?: boolean;
  appliesTo?: LedgerScope;
  /** Higher applies first (STACKING_RULE); missing counts 0. */
  priority?: number;
};

export type LedgerShipping = { warehouseId: number | string | null; cents: number };

/** What an authority's tax is levied on: the goods after discounts, or those and shipping. */
export type TaxBase = 'goods' | 'goods_and_shipping';

/** A tax by rate (a fraction: 0.06 = 6 %), or an amount already fixed (the cart keeps what checkout set). */
export type LedgerTax = { name: string; levied: TaxBase } & ({ rate: number | string } | { fixedCents: number });

export type LedgerInput<K> = {
  lines: readonly LedgerLineInput<K>[];
  lineDiscounts?: readonly LedgerLineDiscount[];
  promotions?: readonly LedgerPromotion[];
  shipping?: readonly LedgerShipping[];
  taxes?: readonly LedgerTax[];
  /** Exempt: every rate charges nothing (fixed amounts too). */
  taxExempt?: boolean;
  /** Core deposit lines (CORE_DEPOSIT_TAG) bear tax only when true (cores.ts coreTaxable for the ship-to). */
  coreDepositsTaxed?: boolean;
  fees?: readonly { name: string; cents: number }[];
  payments?: readonly { cents: number }[];
  refunds?: readonly { cents: number }[];
};

export type DiscountKind = 'line' | 'promotion';
export type LedgerDiscountRow = { name: string; kind: DiscountKind; cents: number };

export type LedgerLine<K> = {
  key: K;
  lineType: number;
  unitCents: number;
  quantity: number;
  options: readonly unknown[];
  listTotal: number;
  /** One row per line discount and per promotion, in the order they applied (zero rows kept). */
  discounts: LedgerDiscountRow[];
  lineDiscount: number;
  promotionDiscount: number;
  net: number;
  /** Per authority, in the order of the order's taxes. */
  taxes: { name: string; cents: number }[];
  tax: number;
  paid: number;
  unpaid: number;
};

export type LedgerPromotionRow = {
  name: string;
  requestedCents: number;
  goodsCents: number;
  shippingCents: number;
  cents: number;
  freeShipping: boolean;
};

export type Ledger<K> = {
  lines: LedgerLine<K>[];
  merchandise: number;
  /** Every discount by name: line discounts summed over lines, then each promotion. */
  discounts: LedgerDiscountRow[];
  lineDiscount: number;
  promotionDiscount: number;
  promotions: LedgerPromotionRow[];
  goodsDiscount: number;
  shippingDiscount: number;
  discountTotal: number;
  /** Σ line nets: what the goods cost after every discount. */
  goodsNet: number;
  /** The goods the taxes are levied on: goodsNet less any core deposit the ship-to does not tax. */
  taxedGoods: number;
  shippingLines: { warehouseId: number | string | null; cents: number; discount: number; net: number }[];
  shipping: number;
  shippingNet: number;
  taxes: {
    name: string;
    levied: TaxBase;
    rate: number | null;
    base: number;
    cents: number;
    onGoods: number;
    onShipping: number;
  }[];
  tax: number;
  fees: { name: string; cents: number }[];
  feeTotal: number;
  total: number;
  paid: number;
  refunded: number;
  unpaid: number;
};
