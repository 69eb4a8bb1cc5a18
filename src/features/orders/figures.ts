/**
 * A placed order's figures as the customer reads them: the confirmation page, the
 * order's page in the history and the confirmation mail all read the stored order through the one
 * ledger (domain/stored-ledger.ts) and label its rows one way (domain/order-figures.ts):
 * each line list unit × quantity = list total, its discounts as their own rows, net; the order's
 * rows (merchandise, each discount by name, shipping, tax, fees) adding up to the total shown.
 */
import { currencyOf } from '../../domain/channel-choice.ts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { promotions } from '../../db/schema/index.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import { toCents } from '../../domain/money.ts';
import {
  figureLabel,
  figureRows,
  formatFigure,
  lineFigures,
  totalLabel,
  type FigureRow,
} from '../../domain/order-figures.ts';
import { storedLedger, type StoredLineRow } from '../../domain/stored-ledger.ts';

type T = (key: string, vars?: Record<string, unknown>) => string;

export type FigureOrder = {
  status: string;
  quote?: boolean | null;
  orgDiscount?: string | null;
  subtotal: string;
  shipping: string;
  tax: string;
  discount: string;
  total: string;
  orderCurrency: string;
  lines: (StoredLineRow & { image?: string | null; stockcode?: string | null })[];
  fees?: readonly { name: string; amount: string }[];
};

export type PromotionRule = { id: number; freeShipping: boolean };

/** The rules of the order's promotions that change how its stored lines read (free shipping). */
export async function promotionRules(
  db: DbOrTx,
  lines: readonly { lineType: number; promotionId?: number | null }[],
): Promise<PromotionRule[]> {
  const ids = [
    ...new Set(
      lines.filter((l) => l.lineType === LINE_TYPES.PROMOTION && l.promotionId != null).map((l) => l.promotionId!),
    ),
  ];
  if (!ids.length) return [];
  return db
    .select({ id: promotions.id, freeShipping: promotions.freeShipping })
    .from(promotions)
    .where(inArray(promotions.id, ids));
}

export type ShownRow = { code: string; label: string; amount: string; cents: number };

export type OrderFiguresView = {
  lines: {
    id: number;
    title: string;
    image: string | null;
    stockcode: string | null;
    quantity: number;
    unit: string;
    listTotal: string;
    discounts: ShownRow[];
    net: string;
  }[];
  rows: ShownRow[];
  total: string;
  totalCents: number;
  totalLabel: string;
};

/** Why: the customer's order screens and mail show the same rows, from one reading of the stored order. */
export function orderFiguresView(
  order: FigureOrder,
  rules: readonly PromotionRule[],
  ctx: { t: T; locale: string; withShippingAndTax?: boolean },
): OrderFiguresView {
  const l = storedLedger(order, { lines: order.lines, fees: order.fees, promotions: rules });
  const lineDiscountIsOrg = toCents(order.orgDiscount ?? '0') > 0;
  const f = figureRows(l, { lineDiscountIsOrg, withShippingAndTax: ctx.withShippingAndTax });
  const money = (c: number) => formatFigure(c, order.orderCurrency, ctx.locale);
  const shown = (r: FigureRow): ShownRow => ({
    code: r.code,
    label: figureLabel(r, ctx.t as (k: string) => string),
    amount: money(r.cents),
    cents: r.cents,
  });
  const byId = new Map(order.lines.map((x) => [x.id, x]));
  return {
    lines: l.lines.map((x) => {
      const lf = lineFigures(x, { lineDiscountIsOrg });
      const row = byId.get(x.key)!;
      return {
        id: x.key,
        title: row.title,
        image: row.image ?? null,
        stockcode: row.stockcode ?? null,
        quantity: lf.quantity,
        unit: money(lf.unitCents),
        listTotal: money(lf.listTotal),
        discounts: lf.discounts.map(shown),
        net: money(lf.net),
      };
    }),
    rows: f.rows.map(shown),
    total: money(f.total),
    totalCents: f.total,
    totalLabel: totalLabel(f.totalKind, ctx.t as (k: string) => string),
  };
}

/**
 * Why: a quote (or a cart waiting for approval) is read the same way; shipping and tax are rows
 * only once they are known (worked out at checkout), otherwise the total is the total before them.
 */
export function figuresFor(ctx: { t: T; locale: string }) {
  return (
    order: Omit<FigureOrder, 'lines' | 'orderCurrency'> & {
      currency?: string;
      orderCurrency?: string;
      lines: readonly (Omit<StoredLineRow, 'paidTotal'> & { paidTotal?: string; stockcode?: string | null })[];
    },
  ) =>
    orderFiguresView(
      {
        ...order,
        orderCurrency: order.orderCurrency ?? currencyOf(order),
        lines: order.lines.map((l) => ({ ...l, paidTotal: l.paidTotal ?? '0.00' })),
      },
      [],
      { ...ctx, withShippingAndTax: toCents(order.shipping) !== 0 || toCents(order.tax) !== 0 },
    );
}
