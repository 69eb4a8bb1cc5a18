import { expect } from 'chai';
import {
  addToCartState,
  latestResupplyDate,
  type AddToCartInput,
  type AddToCartState,
  type Availability,
} from '../../src/domain/availability.ts';
import { rng } from './support/rng.ts';

const now = new Date('2024-06-01T12:00:00Z');
const base: AddToCartInput = { priceCents: 1999, availability: 'in_stock', resupplyDate: null, stockOnHand: 5, now };
const FUTURE = '2024-07-15';
const PAST = '2024-05-01';

describe('domain/availability', () => {
  describe('addToCartState', () => {
    const cases: [string, Partial<AddToCartInput>, AddToCartState][] = [
      ['in stock with a price', {}, { enabled: true, reason: null, resupplyDate: null }],
      ['price 0', { priceCents: 0 }, { enabled: false, reason: 'price', resupplyDate: null }],
      ['negative price', { priceCents: -100 }, { enabled: false, reason: 'price', resupplyDate: null }],
      ['NaN price', { priceCents: NaN }, { enabled: false, reason: 'price', resupplyDate: null }],
      [
        'out of stock',
        { availability: 'out_of_stock' },
        { enabled: false, reason: 'out_of_stock', resupplyDate: null },
      ],
      ['nothing on hand', { stockOnHand: 0 }, { enabled: false, reason: 'out_of_stock', resupplyDate: null }],
      ['coming soon', { availability: 'coming_soon' }, { enabled: false, reason: 'coming_soon', resupplyDate: null }],
      ['call', { availability: 'call' }, { enabled: false, reason: 'call', resupplyDate: null }],
      [
        'coming soon with nothing on hand says coming soon',
        { availability: 'coming_soon', stockOnHand: 0 },
        { enabled: false, reason: 'coming_soon', resupplyDate: null },
      ],
      [
        'call with nothing on hand says call',
        { availability: 'call', stockOnHand: 0 },
        { enabled: false, reason: 'call', resupplyDate: null },
      ],
      [
        'in stock with nothing on hand is out of stock',
        { availability: 'in_stock', stockOnHand: 0 },
        { enabled: false, reason: 'out_of_stock', resupplyDate: null },
      ],
      [
        'an item that tracks no stock never runs out',
        { availability: 'in_stock', stockOnHand: 0, tracksStock: false },
        { enabled: true, reason: null, resupplyDate: null },
      ],
      [
        'availability beats price',
        { availability: 'coming_soon', priceCents: 0 },
        { enabled: false, reason: 'coming_soon', resupplyDate: null },
      ],
      [
        'future resupply lifts out of stock',
        { availability: 'out_of_stock', stockOnHand: 0, resupplyDate: FUTURE },
        { enabled: true, reason: null, resupplyDate: FUTURE },
      ],
      [
        'future resupply lifts coming soon',
        { availability: 'coming_soon', resupplyDate: FUTURE },
        { enabled: true, reason: null, resupplyDate: FUTURE },
      ],
      [
        'future resupply shown when in stock',
        { resupplyDate: FUTURE },
        { enabled: true, reason: null, resupplyDate: FUTURE },
      ],
      [
        'future resupply does not lift call',
        { availability: 'call', stockOnHand: 0, resupplyDate: FUTURE },
        { enabled: false, reason: 'call', resupplyDate: FUTURE },
      ],
      [
        'future resupply does not lift price',
        { stockOnHand: 0, resupplyDate: FUTURE, priceCents: 0 },
        { enabled: false, reason: 'price', resupplyDate: FUTURE },
      ],
      [
        'past resupply is ignored',
        { stockOnHand: 0, resupplyDate: PAST },
        { enabled: false, reason: 'out_of_stock', resupplyDate: null },
      ],
      [
        'resupply equal to now is not future',
        { stockOnHand: 0, resupplyDate: now.toISOString() },
        { enabled: false, reason: 'out_of_stock', resupplyDate: null },
      ],
      [
        'resupply a second later is future',
        { stockOnHand: 0, resupplyDate: '2024-06-01T12:00:01Z' },
        { enabled: true, reason: null, resupplyDate: '2024-06-01T12:00:01Z' },
      ],
      [
        'junk resupply is ignored',
        { stockOnHand: 0, resupplyDate: 'soon' },
        { enabled: false, reason: 'out_of_stock', resupplyDate: null },
      ],
      [
        'empty resupply is ignored',
        { stockOnHand: 0, resupplyDate: '' },
        { enabled: false, reason: 'out_of_stock', resupplyDate: null },
      ],
    ];
    for (const [name, patch, out] of cases) {
      it(name, () => expect(addToCartState({ ...base, ...patch })).to.deep.equal(out));
    }

    it('is enabled exactly when there is no reason, and never with a price of 0 or less or a call value', () => {
      const r = rng(21);
      const values: Availability[] = ['in_stock', 'out_of_stock', 'coming_soon', 'call'];
      for (let i = 0; i < 2000; i++) {
        const input: AddToCartInput = {
          priceCents: r.int(-100, 100),
          availability: r.pick(values),
          resupplyDate: r.pick([null, FUTURE, PAST, 'junk']),
          stockOnHand: r.int(-2, 3),
          now,
        };
        const s = addToCartState(input);
        expect(s.enabled).to.equal(s.reason === null);
        if (input.priceCents <= 0 || input.availability === 'call') expect(s.enabled).to.equal(false);
        if (s.resupplyDate !== null) expect(s.resupplyDate).to.equal(FUTURE);
      }
    });
  });

  describe('latestResupplyDate', () => {
    const cases: [(string | null | undefined)[], string | null][] = [
      [[], null],
      [[null, undefined, '', 'junk'], null],
      [['2024-07-01', '2024-09-01', '2024-08-01'], '2024-09-01'],
      [['2024-07-01T10:00:00Z', ' 2024-07-01T11:00:00Z '], '2024-07-01T11:00:00Z'],
    ];
    for (const [dates, out] of cases)
      it(`${JSON.stringify(dates)} → ${out}`, () => expect(latestResupplyDate(dates)).to.equal(out));
  });
});
