/** Core deposits (src/domain/cores.ts): the ship-to's tax rule, the charge per channel, the deposit, its tax, and the credit of a returned core. */
import { expect } from 'chai';
import {
  type CoreLine,
  coreChargeCents,
  coreCredit,
  coreDepositCents,
  coreDepositTax,
  coreTaxable,
} from '../../src/domain/cores.ts';

const rules = [
  { country: 'US', region: '', taxable: false },
  { country: 'US', region: 'CA', taxable: true },
  { country: 'CA', region: '', taxable: true },
  { country: 'CA', region: 'AB', taxable: false },
];

describe('domain/cores', () => {
  describe('coreTaxable', () => {
    it("takes the region's own rule over its country's", () => {
      expect(coreTaxable(rules, 'US', 'CA')).to.equal(true);
      expect(coreTaxable(rules, 'CA', 'AB')).to.equal(false);
    });
    it("falls back to the country's rule for a region without one", () => {
      expect(coreTaxable(rules, 'US', 'IA')).to.equal(false);
      expect(coreTaxable(rules, 'CA', 'ON')).to.equal(true);
    });
    it('is not taxable where no rule says so', () => {
      expect(coreTaxable(rules, 'MX', 'JAL')).to.equal(false);
      expect(coreTaxable([], 'US', 'CA')).to.equal(false);
    });
    it('reads codes whatever their case and spacing', () => {
      expect(coreTaxable(rules, ' us', 'ca ')).to.equal(true);
    });
  });

  describe('coreChargeCents', () => {
    const us = { currencyId: 1, midMarketRate: '1.000000' };
    const ca = { currencyId: 2, midMarketRate: '1.370000' };
    it("is the product's charge in its own currency", () => {
      expect(coreChargeCents({ coreCharge: '85.00', currencyId: 1, currencyRate: '1.000000' }, us)).to.equal(8500);
    });
    it('converts the base charge once for another currency ($85.00 × 1.37 = CA$116.45)', () => {
      expect(coreChargeCents({ coreCharge: '85.00', currencyId: 1, currencyRate: '1.000000' }, ca)).to.equal(11645);
    });
    it("takes the channel's own charge when it has one", () => {
      expect(
        coreChargeCents({ coreCharge: '85.00', channelCoreCharge: '110.00', currencyId: 1, currencyRate: '1.0' }, ca),
      ).to.equal(11000);
    });
    it('is 0 for a product without a core', () => {
      expect(coreChargeCents({ coreCharge: null, currencyId: 1, currencyRate: '1.0' }, us)).to.equal(0);
    });
  });

  describe('coreDepositCents and coreDepositTax', () => {
    it('charges the deposit per unit: 2 × $85.00 = $170.00', () => {
      expect(coreDepositCents(8500, 2)).to.equal(17000);
    });
    it('taxes a taxable deposit at each rate, rounded once each ($85.00 at 7.25 % = $6.16)', () => {
      expect(coreDepositTax(8500, [{ name: 'CA state', rate: 0.0725 }], true)).to.deep.equal([
        { name: 'CA state', cents: 616 },
      ]);
      expect(
        coreDepositTax(
          17000,
          [
            { name: 'GST', rate: '0.05' },
            { name: 'PST', rate: '0.07' },
          ],
          true,
        ),
      ).to.deep.equal([
        { name: 'GST', cents: 850 },
        { name: 'PST', cents: 1190 },
      ]);
    });
    it('charges no tax on a deposit the ship-to does not tax, nor for an exempt buyer', () => {
      expect(coreDepositTax(8500, [{ name: 'IA', rate: 0.06 }], false)).to.deep.equal([]);
      expect(coreDepositTax(8500, [{ name: 'CA state', rate: 0.0725 }], true, true)).to.deep.equal([]);
    });
  });

  describe('coreCredit', () => {
    // Two meter housings at $85.00 core each, taxed at 7.25 %: $170.00 deposit, $12.33 tax on it.
    const line: CoreLine = {
      unitDepositCents: 8500,
      quantity: 2,
      depositCents: 17000,
      taxCents: 1233,
      returnedQuantity: 0,
      creditedCents: 0,
      taxCreditedCents: 0,
    };

    it('credits one core in full: $85.00 and half the tax, rounded ($6.165 → $6.17), refund $91.17', () => {
      expect(coreCredit(line, { quantity: 1, full: true })).to.deep.equal({
        ok: true,
        quantity: 1,
        creditCents: 8500,
        taxCreditCents: 617,
        refundCents: 9117,
        partial: false,
      });
    });

    it('gives the last credit what tax is left, so the credits add up to the tax charged ($12.33 − $6.17 = $6.16)', () => {
      const after = { ...line, returnedQuantity: 1, creditedCents: 8500, taxCreditedCents: 617 };
      const r = coreCredit(after, { quantity: 1, full: true });
      expect(r).to.include({ ok: true, creditCents: 8500, taxCreditCents: 616, refundCents: 9116 });
    });

    it('credits a damaged core in part with a reason: $40.00 of $85.00, tax $2.90', () => {
      const r = coreCredit(line, { quantity: 1, full: false, creditCents: 4000, reason: 'Cracked housing' });
      // 1233 × 4000 / 17000 = 290.1 → 290
      expect(r).to.deep.equal({
        ok: true,
        quantity: 1,
        creditCents: 4000,
        taxCreditCents: 290,
        refundCents: 4290,
        partial: true,
      });
    });

    it('refuses a partial credit without a reason', () => {
      expect(coreCredit(line, { quantity: 1, full: false, creditCents: 4000, reason: '  ' })).to.deep.equal({
        ok: false,
        field: 'reason',
        message: 'reason',
      });
    });

    it('refuses a credit above the deposit of the cores returned', () => {
      expect(coreCredit(line, { quantity: 1, full: false, creditCents: 8501, reason: 'x' })).to.deep.equal({
        ok: false,
        field: 'credit_cents',
        message: 'credit',
        max: 8500,
      });
    });

    it('refuses more cores than are left to return, and any once all are back', () => {
      expect(coreCredit(line, { quantity: 3, full: true })).to.deep.equal({
        ok: false,
        field: 'quantity',
        message: 'quantity',
        max: 2,
      });
      const done = { ...line, returnedQuantity: 2, creditedCents: 17000, taxCreditedCents: 1233 };
      expect(coreCredit(done, { quantity: 1, full: true })).to.deep.equal({
        ok: false,
        field: 'quantity',
        message: 'nothingLeft',
      });
    });

    it('credits an untaxed deposit with no tax: full credit of 2 cores refunds $170.00', () => {
      const untaxed = { ...line, taxCents: 0 };
      expect(coreCredit(untaxed, { quantity: 2, full: true })).to.include({
        ok: true,
        creditCents: 17000,
        taxCreditCents: 0,
        refundCents: 17000,
      });
    });
  });
});
