/** A promotion row → the ledger's promotion (src/domain/promotions.ts), figures worked out by hand. */
import { expect } from 'chai';
import { ledger, STACKING_RULE } from '../../src/domain/ledger.ts';
import { ledgerPromotion, lineTags, PART_TAG } from '../../src/domain/promotions.ts';
import { catalog } from '../../src/i18n/catalog.ts';

const row = (value: unknown, more: Record<string, unknown> = {}) => ({
  name: 'Parts Bundle',
  configuration: [{ actions: [{ type: 'amount_off', value }] }],
  priority: 5,
  ...more,
});

describe('domain: promotions (a promotion as the ledger takes it)', () => {
  it('converts the USD face value at the channel rate: US$25 × 1.37 = CA$34.25; × 17.25 = MX$431.25; junk counts 0', () => {
    expect(ledgerPromotion(row(25), { midMarketRate: '1.37' }).amountCents).to.equal(3_425);
    expect(ledgerPromotion(row(25), { midMarketRate: '17.25' }).amountCents).to.equal(43_125);
    expect(ledgerPromotion(row(12.5), { midMarketRate: 1 }).amountCents).to.equal(1_250);
    expect(ledgerPromotion(row('lots'), { midMarketRate: 1 }).amountCents).to.equal(0);
    expect(ledgerPromotion(row(-5), { midMarketRate: 1 }).amountCents).to.equal(0);
  });

  it("'parts' scopes by the part tag; 'all' has no scope; free shipping and priority carried", () => {
    expect(ledgerPromotion(row(25, { appliesTo: 'parts' }), { midMarketRate: 1 })).to.deep.equal({
      name: 'Parts Bundle',
      amountCents: 2_500,
      priority: 5,
      freeShipping: false,
      appliesTo: { tags: [PART_TAG] },
    });
    expect(ledgerPromotion(row(5, { appliesTo: 'all', freeShipping: true }), { midMarketRate: 1 })).to.deep.equal({
      name: 'Parts Bundle',
      amountCents: 500,
      priority: 5,
      freeShipping: true,
      appliesTo: undefined,
    });
  });

  it('a parts-only $25 over a $7.95 part and a $4,850 planter takes $7.95 (the part only); free shipping takes the $14.04 shipping', () => {
    const l = ledger({
      lines: [
        { key: 'part', lineType: 0, unitCents: 795, quantity: 1, tags: lineTags(true) },
        { key: 'planter', lineType: 0, unitCents: 485_000, quantity: 1, tags: lineTags(false) },
      ],
      promotions: [
        ledgerPromotion(row(25, { appliesTo: 'parts' }), { midMarketRate: 1 }),
        ledgerPromotion(row(1, { name: 'Free Freight', appliesTo: 'all', freeShipping: true, priority: 0 }), {
          midMarketRate: 1,
        }),
      ],
      shipping: [{ warehouseId: 1, cents: 1_404 }],
    });
    expect(l.lines.map((x) => x.net)).to.deep.equal([0, 484_900]);
    expect(l.promotions.map((p) => [p.goodsCents, p.shippingCents, p.cents])).to.deep.equal([
      [795, 0, 795],
      [100, 1_404, 1_504],
    ]);
    // 4,857.95 − (7.95 + 1.00 + 14.04) + 14.04 = 4,849.00
    expect(l.total).to.equal(484_900);
  });

  it('the stacking rule is a message: its English is STACKING_RULE.text word for word, and French and Spanish have it', () => {
    expect(catalog.en[STACKING_RULE.messageKey]).to.equal(STACKING_RULE.text);
    expect(catalog.fr[STACKING_RULE.messageKey]).to.be.a('string').and.not.equal(STACKING_RULE.text);
    expect(catalog.es[STACKING_RULE.messageKey]).to.be.a('string').and.not.equal(STACKING_RULE.text);
  });
});
