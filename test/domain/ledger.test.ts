/**
 * The one ledger (src/domain/ledger.ts): orders worked out by hand, then thousands of random
 * orders against the invariants every screen relies on (rows add up to the totals beside them,
 * discounts capped at the goods, shipping and tax paid, splits summing to the whole).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { ledger, STACKING_RULE, type LedgerInput } from '../../src/domain/ledger.ts';

describe('domain: ledger (every figure of an order)', () => {
  it('a $7.95 part with the $25 Parts Bundle pays its $14.04 shipping and the tax on it', () => {
    // Goods 795, promotion capped at 795 (not 2,500), goods net 0.
    // HST 13 % levied on goods and shipping: base 0 + 1,404 = 1,404 → 182.52 → 183.
    // Total 795 − 795 + 1,404 + 183 = 1,587.
    const l = ledger({
      lines: [{ key: 'bolt', lineType: 0, unitCents: 795, quantity: 1, tags: ['part'] }],
      promotions: [{ name: 'Parts Bundle', amountCents: 2_500, appliesTo: { tags: ['part'] } }],
      shipping: [{ warehouseId: 1, cents: 1_404 }],
      taxes: [{ name: 'HST', rate: 0.13, levied: 'goods_and_shipping' }],
    });
    expect(l.merchandise).to.equal(795);
    expect(l.discounts).to.deep.equal([{ name: 'Parts Bundle', kind: 'promotion', cents: 795 }]);
    expect(l.promotions[0]).to.deep.include({ requestedCents: 2_500, goodsCents: 795, shippingCents: 0 });
    expect([l.goodsNet, l.shipping, l.shippingDiscount, l.tax, l.total, l.unpaid]).to.deep.equal([
      0, 1_404, 0, 183, 1_587, 1_587,
    ]);
    expect(l.taxes.map((t) => [t.name, t.base, t.cents, t.onGoods, t.onShipping])).to.deep.equal([
      ['HST', 1_404, 183, 0, 183],
    ]);
    expect(l.lines.map((x) => [x.listTotal, x.promotionDiscount, x.net, x.tax])).to.deep.equal([[795, 795, 0, 0]]);
  });

  it('the same cart with tax on goods only pays exactly its shipping, never $0.00', () => {
    const l = ledger({
      lines: [{ key: 'bolt', lineType: 0, unitCents: 795, quantity: 1, tags: ['part'] }],
      promotions: [{ name: 'Parts Bundle', amountCents: 2_500, appliesTo: { tags: ['part'] } }],
      shipping: [{ warehouseId: 1, cents: 1_404 }],
      taxes: [{ name: 'State sales tax', rate: 0.06, levied: 'goods' }],
    });
    expect([l.discountTotal, l.tax, l.total]).to.deep.equal([795, 0, 1_404]);
  });

  it('two stacked promotions on a $42.74 sprocket are capped at $42.74 together, highest priority first', () => {
    // Requested 2,740 (priority 10) then 3,425 (priority 5) = 6,165; the first takes 2,740 whole,
    // the second what is left: 4,274 − 2,740 = 1,534. Shipping 1,500; GST 5 % and QST 9.975 % on
    // goods and shipping: base 1,500 → 75 and 149.625 → 150. Total 0 + 1,500 + 225 = 1,725.
    const l = ledger({
      lines: [{ key: 'sprocket', lineType: 0, unitCents: 4_274, quantity: 1 }],
      promotions: [
        { name: 'Lot de pièces', amountCents: 3_425, priority: 5 },
        { name: 'Plantation du printemps', amountCents: 2_740, priority: 10 },
      ],
      shipping: [{ warehouseId: 2, cents: 1_500 }],
      taxes: [
        { name: 'TPS', rate: 0.05, levied: 'goods_and_shipping' },
        { name: 'TVQ', rate: 0.09975, levied: 'goods_and_shipping' },
      ],
    });
    expect(l.promotions.map((p) => [p.name, p.goodsCents])).to.deep.equal([
      ['Lot de pièces', 1_534],
      ['Plantation du printemps', 2_740],
    ]);
    expect([l.goodsDiscount, l.goodsNet, l.tax, l.total]).to.deep.equal([4_274, 0, 225, 1_725]);
  });

  it('4 × $42.75 lists at $171.00 with the 5 % organisation discount as its own row', () => {
    // 17,100 × 5 % = 855; net 16,245.
    const l = ledger({
      lines: [{ key: 'chain', lineType: 0, unitCents: 4_275, quantity: 4 }],
      lineDiscounts: [{ name: 'Organisation discount', percent: '5.00' }],
    });
    expect(l.lines[0]).to.deep.include({
      unitCents: 4_275,
      quantity: 4,
      listTotal: 17_100,
      lineDiscount: 855,
      net: 16_245,
    });
    expect(l.lines[0].discounts).to.deep.equal([{ name: 'Organisation discount', kind: 'line', cents: 855 }]);
    expect(l.discounts).to.deep.equal([{ name: 'Organisation discount', kind: 'line', cents: 855 }]);
  });

  it('unpaid includes shipping: an invoice order of $2,714.11 with no payment owes $2,714.11', () => {
    const l = ledger({
      lines: [{ key: 1, lineType: 0, unitCents: 245_611, quantity: 1 }],
      shipping: [{ warehouseId: 1, cents: 25_800 }],
    });
    expect([l.total, l.paid, l.unpaid]).to.deep.equal([271_411, 0, 271_411]);
    const after = ledger({
      lines: [{ key: 1, lineType: 0, unitCents: 245_611, quantity: 1 }],
      shipping: [{ warehouseId: 1, cents: 25_800 }],
      payments: [{ cents: 100_000 }],
      refunds: [{ cents: 2_500 }],
    });
    expect([after.paid, after.refunded, after.unpaid]).to.deep.equal([100_000, 2_500, 173_911]);
  });

  it('only a promotion that says free shipping takes shipping off, per warehouse', () => {
    // Goods 10,000; "Free freight" 0 off goods but free shipping: 1,200 + 800 off. Total 10,000.
    const l = ledger({
      lines: [{ key: 1, lineType: 0, unitCents: 5_000, quantity: 2 }],
      promotions: [{ name: 'Free freight', amountCents: 0, freeShipping: true }],
      shipping: [
        { warehouseId: 1, cents: 1_200 },
        { warehouseId: 2, cents: 800 },
      ],
    });
    expect(l.shippingLines).to.deep.equal([
      { warehouseId: 1, cents: 1_200, discount: 1_200, net: 0 },
      { warehouseId: 2, cents: 800, discount: 800, net: 0 },
    ]);
    expect(l.discounts).to.deep.equal([{ name: 'Free freight', kind: 'promotion', cents: 2_000 }]);
    expect([l.shipping, l.shippingDiscount, l.discountTotal, l.total]).to.deep.equal([2_000, 2_000, 2_000, 10_000]);
  });

  it('a promotion for parts only comes off the parts only, split by largest remainder', () => {
    // Parts 300 and 700 (tractor 50,000 untouched); 100 off → 30 and 70.
    const l = ledger({
      lines: [
        { key: 'a', lineType: 0, unitCents: 300, quantity: 1, tags: ['part'] },
        { key: 't', lineType: 0, unitCents: 50_000, quantity: 1 },
        { key: 'b', lineType: 0, unitCents: 700, quantity: 1, tags: ['part'] },
      ],
      promotions: [{ name: 'Parts Bundle', amountCents: 100, appliesTo: { tags: ['part'] } }],
    });
    expect(l.lines.map((x) => x.promotionDiscount)).to.deep.equal([30, 0, 70]);
  });

  it('states its stacking rule for the promotion editor', () => {
    expect(STACKING_RULE).to.include({
      combine: 'all',
      order: 'priority-desc-then-given',
      cap: 'remaining-merchandise-in-scope',
      shipping: 'only-free-shipping-promotions',
    });
    expect(STACKING_RULE.text).to.match(/never exceed the goods/);
  });

  describe('properties over random orders', () => {
    const tags = fc.subarray(['part', 'tool']);
    const scope = fc.option(
      fc.record({
        tags: fc.option(fc.subarray(['part', 'tool'], { minLength: 1 }), { nil: undefined }),
        lineTypes: fc.option(fc.subarray([0, 1, 2], { minLength: 1 }), { nil: undefined }),
      }),
      { nil: undefined },
    );
    const percent = fc.integer({ min: 0, max: 10_000 }).map((bp) => (bp / 100).toFixed(2));
    const order: fc.Arbitrary<LedgerInput<number>> = fc.record({
      lines: fc.array(
        fc.record({
          key: fc.nat(),
          lineType: fc.constantFrom(0, 0, 0, 1, 2, 5),
          unitCents: fc.oneof(
            { weight: 9, arbitrary: fc.integer({ min: 0, max: 2_000_000 }) },
            { weight: 1, arbitrary: fc.integer({ min: -50_000, max: -1 }) },
          ),
          quantity: fc.integer({ min: 0, max: 40 }),
          tags,
          paidCents: fc.integer({ min: 0, max: 100_000 }),
          discountCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
        }),
        { maxLength: 7 },
      ),
      lineDiscounts: fc.array(
        fc.record({ name: fc.constantFrom('Organisation discount', 'Dealer'), percent, appliesTo: scope }),
        { maxLength: 2 },
      ),
      promotions: fc.array(
        fc.record({
          name: fc.constantFrom('Parts Bundle', 'Spring Planting', 'Dealer Days'),
          amountCents: fc.integer({ min: 0, max: 3_000_000 }),
          freeShipping: fc.boolean(),
          appliesTo: scope,
          priority: fc.integer({ min: 0, max: 3 }),
        }),
        { maxLength: 4 },
      ),
      shipping: fc.array(
        fc.record({ warehouseId: fc.integer({ min: 1, max: 4 }), cents: fc.integer({ min: 0, max: 100_000 }) }),
        { maxLength: 3 },
      ),
      taxes: fc.array(
        fc.oneof(
          fc.record({
            name: fc.constantFrom('GST', 'QST', 'State'),
            rate: fc.integer({ min: 0, max: 2_000 }).map((r) => r / 10_000),
            levied: fc.constantFrom('goods' as const, 'goods_and_shipping' as const),
          }),
          fc.record({
            name: fc.constant('Tax'),
            fixedCents: fc.integer({ min: 0, max: 50_000 }),
            levied: fc.constantFrom('goods' as const, 'goods_and_shipping' as const),
          }),
        ),
        { maxLength: 3 },
      ),
      taxExempt: fc.boolean(),
      fees: fc.array(fc.record({ name: fc.constant('Card fee'), cents: fc.integer({ min: 0, max: 5_000 }) }), {
        maxLength: 2,
      }),
      payments: fc.array(fc.record({ cents: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 3 }),
      refunds: fc.array(fc.record({ cents: fc.integer({ min: 1, max: 50_000 }) }), { maxLength: 2 }),
    });
    const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
    const goods = (o: LedgerInput<number>) => o.lines.filter((l) => [0, 1, 2].includes(l.lineType));

    it('rows add up to the totals beside them', () => {
      fc.assert(
        fc.property(order, (o) => {
          const l = ledger(o);
          const g = goods(o);
          expect(l.lines.map((x) => x.listTotal)).to.deep.equal(g.map((x) => x.unitCents * x.quantity + 0));
          expect(l.merchandise).to.equal(sum(l.lines.map((x) => x.listTotal)));
          for (const x of l.lines) {
            expect(x.listTotal - sum(x.discounts.map((d) => d.cents))).to.equal(x.net);
            expect(x.lineDiscount + x.promotionDiscount).to.equal(sum(x.discounts.map((d) => d.cents)));
            expect(x.tax).to.equal(sum(x.taxes.map((t) => t.cents)));
            expect(x.unpaid).to.equal(x.net + x.tax - x.paid);
          }
          expect(sum(l.lines.map((x) => x.net))).to.equal(l.merchandise - l.goodsDiscount);
          expect(l.goodsNet).to.equal(l.merchandise - l.goodsDiscount);
          expect(sum(l.discounts.map((d) => d.cents))).to.equal(l.discountTotal);
          expect(l.discountTotal).to.equal(l.goodsDiscount + l.shippingDiscount);
          expect(l.merchandise - l.discountTotal + l.shipping + l.tax + l.feeTotal).to.equal(l.total);
          expect(l.shipping).to.equal(sum((o.shipping ?? []).map((s) => s.cents)));
          expect(l.shippingNet).to.equal(sum(l.shippingLines.map((s) => s.net)));
          expect(l.tax).to.equal(sum(l.taxes.map((t) => t.cents)));
          expect(l.feeTotal).to.equal(sum((o.fees ?? []).map((f) => f.cents)));
          expect(l.unpaid).to.equal(l.total - l.paid + l.refunded);
          expect(l.paid).to.equal(sum((o.payments ?? []).map((p) => p.cents)));
          expect(l.refunded).to.equal(sum((o.refunds ?? []).map((p) => p.cents)));
        }),
        { numRuns: 2000 },
      );
    });

    it('each discount name sums over the lines to its order row, and every split sums to its whole', () => {
      fc.assert(
        fc.property(order, (o) => {
          const l = ledger(o);
          const lineRows = (o.lineDiscounts ?? []).length + (goods(o).some((x) => x.discountCents) ? 1 : 0);
          l.discounts.forEach((row, i) => {
            const overLines = sum(l.lines.map((x) => x.discounts[i].cents));
            if (i < lineRows) expect(overLines).to.equal(row.cents);
            else expect(overLines).to.equal(l.promotions[i - lineRows].goodsCents);
          });
          l.taxes.forEach((t, i) => {
            expect(sum(l.lines.map((x) => x.taxes[i].cents)) + t.onShipping).to.equal(t.cents);
            expect(t.onGoods + t.onShipping).to.equal(t.cents);
          });
          for (const p of l.promotions) expect(p.goodsCents + p.shippingCents).to.equal(p.cents);
        }),
        { numRuns: 2000 },
      );
    });

    it('discounts never exceed the goods they apply to; shipping and tax are paid unless free shipping says so', () => {
      fc.assert(
        fc.property(order, (o) => {
          const l = ledger(o);
          const g = goods(o);
          const afterLine = l.lines.map((x) => x.listTotal - x.lineDiscount);
          for (const x of l.lines) {
            expect(x.lineDiscount).to.be.at.most(Math.max(0, x.listTotal));
            if (x.listTotal >= 0) expect(x.net).to.be.at.least(0);
            for (const d of x.discounts) expect(d.cents).to.be.at.least(0);
          }
          // Together, promotions never take more than the goods left after line discounts.
          expect(l.promotionDiscount).to.be.at.most(Math.max(0, sum(afterLine)));
          (o.promotions ?? []).forEach((p, i) => {
            const inScope = sum(
              g.map((x, k) =>
                (!p.appliesTo?.tags || p.appliesTo.tags.some((t) => x.tags?.includes(t))) &&
                (!p.appliesTo?.lineTypes || p.appliesTo.lineTypes.includes(x.lineType))
                  ? Math.max(0, afterLine[k])
                  : 0,
              ),
            );
            expect(l.promotions[i].goodsCents).to.be.at.most(Math.min(p.amountCents, inScope));
          });
          const free = (o.promotions ?? []).some((p) => p.freeShipping);
          if (!free) {
            expect(l.shippingDiscount).to.equal(0);
            expect(l.shippingNet).to.equal(l.shipping);
          }
          if (g.every((x) => x.unitCents >= 0)) {
            // The goods never go negative, so the order pays at least its shipping, tax and fees.
            expect(l.goodsNet).to.be.at.least(0);
            expect(l.total).to.equal(l.goodsNet + l.shippingNet + l.tax + l.feeTotal);
            expect(l.total).to.be.at.least(l.shippingNet + l.tax + l.feeTotal);
          }
        }),
        { numRuns: 2000 },
      );
    });
  });
});
