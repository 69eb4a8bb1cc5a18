import { expect } from 'chai';
import { isPlaceholderId, repriceOrder } from '../../src/domain/order-edit.ts';

const promo = (value: number) => ({ configuration: [{ actions: [{ value }] }] });
const opts = { orgDiscount: '0', shippingCents: 0, taxRates: [] as { name: string; rate: number }[], taxExempt: false };

describe('domain/order-edit repriceOrder', () => {
  it('recomputes line totals, the org discount and the order totals from unit prices', () => {
    const r = repriceOrder(
      [
        { key: 1, line_type: 0, unit_cents: 10_000, quantity: 3, paid_cents: 0 },
        { key: 'new-1', line_type: 0, unit_cents: 2_550, quantity: 2, paid_cents: 0 },
      ],
      [],
      { ...opts, orgDiscount: '5.00', shippingCents: 1_500, taxRates: [{ name: 'State', rate: 0.06 }] },
    );
    expect(r.lines.map((l) => [l.key, l.discount, l.total])).to.deep.equal([
      [1, 1_500, 28_500],
      ['new-1', 255, 4_845],
    ]);
    expect(r.subtotal).to.equal(35_100);
    expect(r.discount).to.equal(1_755);
    expect(r.tax).to.equal(Math.round((35_100 - 1_755) * 0.06));
    expect(r.total).to.equal(35_100 - 1_755 + 1_500 + r.tax);
  });

  it('spreads promotions over product lines so the shares sum to the promotion, and unpaid = discounted − paid', () => {
    const r = repriceOrder(
      [
        { key: 1, line_type: 0, unit_cents: 1_000, quantity: 1, paid_cents: 500 },
        { key: 2, line_type: 0, unit_cents: 1_000, quantity: 1, paid_cents: 0 },
        { key: 3, line_type: 0, unit_cents: 1_000, quantity: 1, paid_cents: 0 },
        { key: 9, line_type: 5, unit_cents: -1_000, quantity: 1, paid_cents: 0 },
      ],
      [promo(10)],
      opts,
    );
    const product = r.lines.filter((l) => l.key !== 9);
    expect(product.reduce((s, l) => s + (l.total - l.total_discounted), 0)).to.equal(1_000);
    expect(product.map((l) => l.total_discounted)).to.deep.equal([666, 667, 667]);
    expect(product[0].unpaid).to.equal(166);
    expect(r.lines.find((l) => l.key === 9)).to.include({ total_discounted: 0, unpaid: 0 });
    expect(r.total).to.equal(2_000);
  });

  it('a tax-exempt order pays no tax but keeps its rates', () => {
    const r = repriceOrder([{ key: 1, line_type: 0, unit_cents: 10_000, quantity: 1, paid_cents: 0 }], [], {
      ...opts,
      taxRates: [{ name: 'GST', rate: 0.05 }],
      taxExempt: true,
    });
    expect(r.tax).to.equal(0);
    expect(r.tax_breakdown).to.deep.equal([{ name: 'GST', rate: 0.05, amount: 0 }]);
  });

  it('a promotion larger than the goods never makes a line negative', () => {
    const r = repriceOrder([{ key: 1, line_type: 0, unit_cents: 500, quantity: 1, paid_cents: 0 }], [promo(50)], opts);
    expect(r.lines[0].total_discounted).to.equal(0);
    expect(r.total).to.equal(0);
  });

  it('knows placeholder ids', () => {
    expect(isPlaceholderId('new-3')).to.equal(true);
    expect(isPlaceholderId(3)).to.equal(false);
    expect(isPlaceholderId('3')).to.equal(false);
  });
});
