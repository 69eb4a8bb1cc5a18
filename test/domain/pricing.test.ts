/** The one price and stock rule (src/domain/pricing.ts): channel price, option prices, which products count stock, add-to-cart state. */
import { expect } from 'chai';
import {
  channelPriceCents,
  optionPriceCents,
  productState,
  stockView,
  type StockFacts,
} from '../../src/domain/pricing.ts';
import type { ChannelStockFacts } from '../../src/domain/channel-stock.ts';
import { convertBetween } from '../../src/domain/money.ts';

const USD = 1;
const CAD = 2;
const MXN = 3;
const us = { currencyId: USD, midMarketRate: '1.000000' };
const ca = { currencyId: CAD, midMarketRate: '1.370000' };
const mx = { currencyId: MXN, midMarketRate: '17.200000' };

describe('domain/pricing', () => {
  describe('channelPriceCents', () => {
    const usdProduct = (basePrice: string, channelPrice: string | null = null) => ({
      channelPrice,
      basePrice,
      currencyId: USD,
      currencyRate: '1.000000',
    });
    const cadProduct = (basePrice: string, channelPrice: string | null = null) => ({
      channelPrice,
      basePrice,
      currencyId: CAD,
      currencyRate: '1.370000',
    });
    const cases: [string, ReturnType<typeof usdProduct>, typeof us, number][] = [
      ['a channel_prices row wins over any conversion', usdProduct('18500.00', '25345.00'), ca, 2534500],
      ['a USD product in the USD channel is its own price', usdProduct('18500.00'), us, 1850000],
      ['a USD product converts at the channel rate', usdProduct('612.00'), ca, 83844],
      ['rounded once, half away from zero', usdProduct('38.50'), { currencyId: MXN, midMarketRate: '17.1234' }, 65925],
      ['a CAD product in the CAD channel is not converted', cadProduct('137.00'), ca, 13700],
      ['a CAD product in the USD channel goes through its own rate', cadProduct('137.00'), us, 10000],
      ['a CAD product in the MXN channel: 137 CAD / 1.37 × 17.2 = 1720 MXN', cadProduct('137.00'), mx, 172000],
      ['a zero price row stays zero', usdProduct('10.00', '0.00'), us, 0],
    ];
    for (const [name, p, ch, cents] of cases)
      it(`${name} → ${cents}`, () => expect(channelPriceCents(p, ch)).to.equal(cents));

    it('a product whose currency no channel sells in has no price (0) outside its own currency', () => {
      expect(
        channelPriceCents({ channelPrice: null, basePrice: '10.00', currencyId: 9, currencyRate: null }, us),
      ).to.equal(0);
      expect(
        channelPriceCents(
          { channelPrice: null, basePrice: '10.00', currencyId: 9, currencyRate: null },
          { currencyId: 9, midMarketRate: '1' },
        ),
      ).to.equal(1000);
    });
  });

  describe('convertBetween', () => {
    it('is exact where floats are not: 0.29 CAD at 1.37 → 17.2 MXN', () =>
      expect(convertBetween(29, '1.37', '17.2')).to.equal(364)); // 3.6409… → 364
    it('rounds half away from zero, negative amounts too', () => {
      expect(convertBetween(1, '2', '1')).to.equal(1); // 0.5 → 1
      expect(convertBetween(-1, '2', '1')).to.equal(-1);
    });
    it('refuses a zero source rate', () => expect(() => convertBetween(100, '0', '1')).to.throw(RangeError));
  });

  describe('optionPriceCents', () => {
    it('converts a USD choice price at the channel rate, once', () => {
      expect(optionPriceCents('125.00', us)).to.equal(12500);
      expect(optionPriceCents('125.00', ca)).to.equal(17125);
      expect(optionPriceCents('0.01', { midMarketRate: '0.5' })).to.equal(1);
    });
  });

  describe('productState', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    /** One active warehouse of a channel that links none, holding `quantity` free units. */
    const units = (quantity: number, resupplyDate: string | null = null): ChannelStockFacts => ({
      channelLinked: false,
      rows: [{ warehouseId: 1, quantity, reserved: 0, resupplyDate, active: true, linked: false }],
    });
    const facts = (over: Partial<StockFacts> = {}): StockFacts => ({
      availability: 'in_stock',
      resupplyDate: null,
      isPhysical: true,
      isNonStock: false,
      inventoryType: 'stocked',
      stock: units(5),
      ...over,
    });
    const cases: [string, Partial<StockFacts>, number, { enabled: boolean; reason: string | null }][] = [
      ['in stock with units on hand', {}, 1000, { enabled: true, reason: null }],
      ['in stock with nothing on hand', { stock: units(0) }, 1000, { enabled: false, reason: 'out_of_stock' }],
      ['a service with nothing on hand', { stock: units(0), isPhysical: false }, 1000, { enabled: true, reason: null }],
      [
        'made to order with nothing on hand',
        { stock: units(0), inventoryType: 'made_to_order' },
        1000,
        { enabled: true, reason: null },
      ],
      [
        'coming soon says so, not "out of stock"',
        { stock: units(0), availability: 'coming_soon' },
        1000,
        { enabled: false, reason: 'coming_soon' },
      ],
      ['call for availability', { availability: 'call' }, 1000, { enabled: false, reason: 'call' }],
      [
        'a warehouse resupply date in the future lifts out of stock',
        { stock: units(0, '2027-03-15') },
        1000,
        { enabled: true, reason: null },
      ],
      ['no price', {}, 0, { enabled: false, reason: 'price' }],
    ];
    for (const [name, over, price, want] of cases) {
      it(name, () => {
        const s = productState(facts(over), price, now);
        expect({ enabled: s.enabled, reason: s.reason }).to.deep.equal(want);
      });
    }
    it('shows the latest resupply date of the product and its warehouses', () => {
      expect(stockView(facts({ resupplyDate: '2026-09-01', stock: units(5, '2027-03-15') })).resupplyDate).to.equal(
        '2027-03-15',
      );
      expect(productState(facts({ stock: units(0), resupplyDate: '2026-09-01' }), 100, now).resupplyDate).to.equal(
        '2026-09-01',
      );
    });
  });
});
