/** Estimate result → what views/shipping/quotes.ejs shows and what the JSON `debug` carries. */
import { deliveryWindow } from '../../domain/shipping.ts';
import type { EstimateResult } from './service.ts';

type Helpers = {
  t: (key: string, vars?: Record<string, unknown>) => string;
  money: (amount: string, currency?: string) => string;
  formatDate: (d: string, opts?: Intl.DateTimeFormatOptions) => string;
};

export type QuoteRowView = {
  quoteId: string;
  carrier: string;
  service: string;
  serviceType: string;
  price: string;
  value: string;
  window: string;
  days: string;
  earliest: string;
  latest: string;
};

export type QuotesView = {
  groups: { warehouseId: number; heading: string; rates: QuoteRowView[] }[];
  emptyMessage?: string;
  multiple: boolean;
};

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

export function quotesView(result: EstimateResult, h: Helpers): QuotesView {
  const groups = result.warehouses.map((w) => ({
    warehouseId: w.warehouseId,
    heading: h.t('shipping.quotes.from', { warehouse: `${w.name} (${w.city})` }),
    rates: w.rates.map((r): QuoteRowView => {
      const { earliest, latest } = deliveryWindow(r.shipment_date, r.min_days, r.max_days);
      const from = h.formatDate(earliest, DAY);
      const to = h.formatDate(r.delivery_date || latest, DAY);
      return {
        quoteId: `${w.warehouseId}:${r.method}`,
        carrier: r.carrier,
        service: r.description,
        serviceType: r.service_type,
        price: h.money(r.total.value, r.total.currency),
        value: r.total.value,
        window: from === to ? from : h.t('shipping.quotes.window', { from, to }),
        days:
          r.min_days === r.max_days
            ? h.t('shipping.quotes.daysExact', { count: r.max_days })
            : h.t('shipping.quotes.days', { min: r.min_days, max: r.max_days }),
        earliest,
        latest: r.delivery_date || latest,
      };
    }),
  }));
  const emptyMessage = groups.length
    ? undefined
    : h.t(result.empty === 'empty_cart' ? 'shipping.cart.empty' : 'shipping.quotes.none');
  return { groups, emptyMessage, multiple: groups.length > 1 };
}

/** The `debug` of the JSON answer: how the estimate was reached (weights, zones, warehouses, prices). */
export function debugOf(result: EstimateResult, channel: { code: string; currency: string; midMarketRate: string }) {
  return {
    provider: result.provider,
    country: result.country,
    postal_code: result.postalCode,
    residential: result.residential,
    channel: channel.code,
    currency: channel.currency,
    mid_market_rate: channel.midMarketRate,
    items: result.items.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
    billable_weight_kg: result.billableWeightKg,
    warehouse_ids: result.warehouses.map((w) => w.warehouseId),
    // true: no warehouse can send it all, each listed sends its part (checkout's split); false: each is an alternative.
    split: result.split === true,
    zones: Object.fromEntries(result.warehouses.map((w) => [String(w.warehouseId), w.zone])),
    rates: result.warehouses.flatMap((w) =>
      w.rates.map((r) => ({
        warehouse_id: w.warehouseId,
        quote_id: r.method,
        carrier: r.carrier,
        service: r.description,
        total: r.total,
        min_days: r.min_days,
        max_days: r.max_days,
        delivery_date: r.delivery_date,
      })),
    ),
    ...(result.empty ? { empty: result.empty } : {}),
  };
}
