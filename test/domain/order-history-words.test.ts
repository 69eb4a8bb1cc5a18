/** An order's history in words (history-words.ts) and the staff screens' ledger rows (ledger-view.ts). */
import { expect } from 'chai';
import { historyText, type HistoryWords, type WordsTranslate } from '../../src/features/order-api/history-words.ts';
import { orderHistoryText } from '../../src/i18n/text/order-history.ts';
import { orderLedgerView } from '../../src/domain/ledger-view.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';

const translator =
  (texts: Record<string, string>): WordsTranslate =>
  (key, vars = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

describe('order history in words', () => {
  const words: HistoryWords = {
    changes: [
      { kind: 'quantity', title: 'Quick Hitch', from: 2, to: 3 },
      { kind: 'removed', title: 'Seed Plate — Corn 30-cell', quantity: 1 },
    ],
    total_before_cents: 271_411,
    total_after_cents: 342_414,
    currency: 'USD',
    by: 'staff@example.com',
  };

  it('names titles, each change, the total before → after as money and who, in English', () => {
    expect(historyText(words, translator(orderHistoryText.en), 'en-us')).to.equal(
      'Quick Hitch: quantity 2 → 3, Seed Plate — Corn 30-cell removed (quantity 1), total $2,714.11 → $3,424.14, by staff@example.com',
    );
  });

  it('in French, with French money', () => {
    const fr = { ...orderHistoryText.en, ...orderHistoryText.fr } as Record<string, string>;
    expect(historyText(words, translator(fr), 'fr-ca')).to.equal(
      'Quick Hitch : quantité 2 → 3, Seed Plate — Corn 30-cell retiré (quantité 1), total 2\u00a0714,11\u00a0$\u00a0US → 3\u00a0424,14\u00a0$\u00a0US, par staff@example.com',
    );
  });
});

describe('orderLedgerView: rows that add up', () => {
  it('merchandise − discounts + shipping + tax + fees = total; total − paid = unpaid', () => {
    const line = (id: number, unit: string, quantity: number, discount: string, paid: string) => ({
      order_line_item_id: id,
      line_type: 0,
      product_id: id,
      promotion_id: null,
      product: { title: `P${id}`, image: null, stockcode: null },
      quantity,
      currency_id: 1,
      warehouse_id: null,
      unit_price: unit,
      discount,
      total: '0',
      total_discounted: '0',
      paid_total: paid,
      unpaid_total: '0',
      line_options: [],
    });
    const order = {
      status: 'processing',
      quote: false,
      totals: {
        subtotal: '1000.00',
        discount: '50.00',
        shipping: '20.00',
        tax: '57.00',
        total: '1027.00',
        unpaid_total: '0',
        total_discounted: '950.00',
      },
      line_items: [line(1, '100.00', 6, '30.00', '100.00'), line(2, '400.00', 1, '20.00', '0')],
      fees: { unpaid: [{ fee_id: 1, name: 'Rush handling', amount: { value: '45.00' }, paid: false }], paid: [] },
      payments: [
        {
          payment_id: 1,
          payment_type: 2,
          successful: true,
          total: { value: '100.00' },
          allocations: [],
          check_number: '1',
          payment_method_id: null,
          created_at: '',
          refunds: [],
          refunded: { value: '0' },
        },
      ],
    } as unknown as OrderJson;
    const v = orderLedgerView(order);
    expect(
      v.lines.map((l) => [l.unitCents, l.quantity, l.listCents, l.discounts.map((d) => d.cents), l.netCents]),
    ).to.deep.equal([
      [10_000, 6, 60_000, [3_000], 57_000],
      [40_000, 1, 40_000, [2_000], 38_000],
    ]);
    expect(v.rows.map((r) => [r.kind, r.cents])).to.deep.equal([
      ['merchandise', 100_000],
      ['discount', 5_000],
      ['shipping', 2_000],
      ['tax', 5_700],
      ['fee', 4_500],
      ['total', 107_200],
      ['paid', 10_000],
      ['unpaid', 97_200],
    ]);
  });
});
