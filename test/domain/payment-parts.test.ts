/**
 * What a payment can pay (src/domain/payment-parts.ts): hand-written orders first, then thousands
 * of random orders taken through payments (split by hand, spread by the rule, or paid at checkout
 * the old way with shipping and tax inside the lines' allocations) and refunds: the parts always
 * owe, together, exactly what the order owes (order-balance.ts).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { ALLOCATION_TYPES } from '../../src/domain/constants.ts';
import { fromCents, toCents } from '../../src/domain/money.ts';
import { storedOrderBalance } from '../../src/domain/order-balance.ts';
import {
  checkPartAssignments,
  distributeOverParts,
  owedParts,
  refundableCents,
  sumOwed,
  TAX_PART_NAME,
  type OwedOrderInput,
  type PaymentPart,
  type StoredAllocation,
} from '../../src/domain/payment-parts.ts';
import { prorate, spreadRefund } from '../../src/domain/prorate.ts';

/** The invoice order: goods 2,349.11 + shipping 258.00 + tax 107.00 = 2,714.11, nothing paid. */
function invoiceOrder(): OwedOrderInput {
  return {
    status: 'processing',
    total: '2714.11',
    shipping: '258.00',
    tax: '107.00',
    tax_breakdown: [{ name: 'State sales tax', amount: '107.00' }],
    lines: [
      { id: 1, title: 'Seed plate', line_type: 0, unpaid_total: '1849.11' },
      { id: 2, title: 'Drive chain', line_type: 0, unpaid_total: '500.00' },
    ],
    fees: [],
    payments: [],
    refunds: [],
  };
}

const owedOf = (parts: PaymentPart[]) => Object.fromEntries(parts.map((p) => [p.key, fromCents(p.owedCents)]));

describe('domain: payment parts (what a payment can pay)', () => {
  it('an unpaid invoice order owes its lines, its shipping and its tax: $2,714.11 in all', () => {
    const parts = owedParts(invoiceOrder());
    expect(owedOf(parts)).to.deep.equal({
      'line:1': '1849.11',
      'line:2': '500.00',
      shipping: '258.00',
      'tax:State sales tax': '107.00',
    });
    expect(sumOwed(parts)).to.equal(271_411);
  });

  it('a full payment with no split pays every part, each exactly what it owes', () => {
    const a = distributeOverParts(owedParts(invoiceOrder()), 271_411);
    expect(a).to.deep.equal([
      { key: 'line:1', cents: 184_911 },
      { key: 'line:2', cents: 50_000 },
      { key: 'shipping', cents: 25_800 },
      { key: 'tax:State sales tax', cents: 10_700 },
    ]);
  });

  it('a part payment fills the parts in order (lines, then fees, shipping, tax), each up to what it owes (spec §5)', () => {
    const parts: PaymentPart[] = [
      {
        key: 'line:1',
        type: 0,
        order_line_item_id: 1,
        fee_id: null,
        tax_name: null,
        label: 'A',
        owedCents: 1_000,
        paidCents: 0,
      },
      {
        key: 'line:2',
        type: 0,
        order_line_item_id: 2,
        fee_id: null,
        tax_name: null,
        label: 'B',
        owedCents: 0,
        paidCents: 500,
      },
      {
        key: 'shipping',
        type: 2,
        order_line_item_id: null,
        fee_id: null,
        tax_name: null,
        label: '',
        owedCents: 2_000,
        paidCents: 0,
      },
      {
        key: 'tax:Tax',
        type: 3,
        order_line_item_id: null,
        fee_id: null,
        tax_name: 'Tax',
        label: 'Tax',
        owedCents: 7_001,
        paidCents: 0,
      },
    ];
    // 25.00: the line's 10.00, then 15.00 of the 20.00 shipping; the paid line and the tax get nothing.
    expect(distributeOverParts(parts, 2_500)).to.deep.equal([
      { key: 'line:1', cents: 1_000 },
      { key: 'shipping', cents: 1_500 },
    ]);
    // All of it: 100.01 exactly.
    expect(distributeOverParts(parts, 10_001)).to.deep.equal([
      { key: 'line:1', cents: 1_000 },
      { key: 'shipping', cents: 2_000 },
      { key: 'tax:Tax', cents: 7_001 },
    ]);
    expect(() => distributeOverParts(parts, 10_002)).to.throw(RangeError);
    expect(() => distributeOverParts(parts, 0)).to.throw(RangeError);
  });

  it('what is left to refund on a payment: its line, shipping and tax allocations less its refunds, never a fee', () => {
    const p = {
      allocations: [
        { type: 0, amount: { value: '10.00' } },
        { type: 1, amount: { value: '5.00' } },
        { type: 2, amount: { value: '8.20' } },
        { type: 3, amount: { value: '1.80' } },
      ],
      refunded: { value: '7.50' },
    };
    expect(refundableCents(p)).to.equal(1_250); // 10.00 + 8.20 + 1.80 − 7.50
  });

  it('an order with one tax amount and no breakdown has one tax part named Tax', () => {
    const o = { ...invoiceOrder(), tax_breakdown: [] };
    expect(owedParts(o).map((p) => p.key)).to.include(`tax:${TAX_PART_NAME}`);
  });

  it('shipping and tax already paid and refunded are counted', () => {
    const o = invoiceOrder();
    o.payments = [
      {
        total: '100.00',
        successful: true,
        allocations: [
          { type: 2, amount: '58.00' },
          { type: 3, tax_name: 'State sales tax', amount: '42.00' },
        ],
      },
    ];
    o.refunds = [{ amount: '8.00', allocations: [{ type: 2, amount: '8.00' }] }];
    // 258.00 − 58.00 + 8.00 = 208.00; 107.00 − 42.00 = 65.00.
    expect(owedOf(owedParts(o))).to.deep.include({ shipping: '208.00', 'tax:State sales tax': '65.00' });
    expect(sumOwed(owedParts(o))).to.equal(262_211); // 2,714.11 − 100.00 + 8.00
  });

  it('an order paid in full at checkout (shipping and tax inside the lines’ allocations) owes nothing', () => {
    const o = invoiceOrder();
    o.lines = o.lines.map((l) => ({ ...l, unpaid_total: '0.00' }));
    o.payments = [
      {
        total: '2714.11',
        successful: true,
        allocations: [
          { type: 0, order_line_item_id: 1, amount: '2136.01' },
          { type: 0, order_line_item_id: 2, amount: '578.10' },
        ],
      },
    ];
    expect(sumOwed(owedParts(o))).to.equal(0);
  });

  it('a hand split: each part at most what it owes and the sum equal to the payment', () => {
    const parts = owedParts(invoiceOrder());
    expect(
      checkPartAssignments(
        parts,
        [
          { key: 'shipping', cents: 25_800 },
          { key: 'line:2', cents: 200 },
        ],
        26_000,
      ),
    ).to.deep.equal({ ok: true, assignedCents: 26_000 });
    expect(
      checkPartAssignments(
        parts,
        [
          { key: 'line:2', cents: 200 },
          { key: 'shipping', cents: 25_801 },
        ],
        26_001,
      ),
    ).to.include({ ok: false, reason: 'over_part', index: 1 });
    expect(checkPartAssignments(parts, [{ key: 'shipping', cents: 100 }], 200)).to.include({
      ok: false,
      reason: 'sum',
    });
    expect(checkPartAssignments(parts, [{ key: 'fee:9', cents: 100 }], 100)).to.include({
      ok: false,
      reason: 'unknown_part',
      index: 0,
    });
    expect(
      checkPartAssignments(
        parts,
        [
          { key: 'shipping', cents: 100 },
          { key: 'shipping', cents: 100 },
        ],
        200,
      ),
    ).to.include({ ok: false, reason: 'duplicate', index: 1 });
    expect(checkPartAssignments(parts, [], 0)).to.include({ ok: false, reason: 'amount' });
  });

  // ------------------------------------------------------------------ property

  type Sim = { order: OwedOrderInput; lineCost: Map<number, number> };

  /** What the server does with a payment's split: the allocations, lines' unpaid, fees paid once covered. */
  function pay(sim: Sim, parts: PaymentPart[], split: { key: string; cents: number }[]) {
    const byKey = new Map(parts.map((p) => [p.key, p]));
    const allocations: StoredAllocation[] = split
      .filter((s) => s.cents > 0)
      .map((s) => {
        const p = byKey.get(s.key)!;
        return {
          type: p.type,
          order_line_item_id: p.order_line_item_id,
          fee_id: p.fee_id,
          tax_name: p.tax_name,
          amount: fromCents(s.cents),
        };
      });
    const total = split.reduce((s, x) => s + x.cents, 0);
    if (total <= 0) return;
    sim.order.payments = [...sim.order.payments, { total: fromCents(total), successful: true, allocations }];
    sim.order.lines = sim.order.lines.map((l) => {
      const got = allocations
        .filter((a) => a.type === 0 && a.order_line_item_id === l.id)
        .reduce((s, a) => s + toCents(a.amount), 0);
      return { ...l, unpaid_total: fromCents(toCents(l.unpaid_total) - got) };
    });
    sim.order.fees = sim.order.fees.map((f) => {
      const got = sim.order.payments
        .flatMap((p) => p.allocations)
        .filter((a) => a.type === 1 && a.fee_id === f.id)
        .reduce((s, a) => s + toCents(a.amount), 0);
      return { ...f, paid: got >= toCents(f.amount) };
    });
  }

  /** A refund of part of a payment, taken back newest allocation first over lines, shipping and tax. */
  function refund(sim: Sim, index: number, fraction: number) {
    const p = sim.order.payments[index];
    const back = sim.order.refunds
      .filter((r) => (r as { payment?: number }).payment === index)
      .flatMap((r) => r.allocations);
    const held = p.allocations.map((a, k) => ({ lineId: k, leftCents: a.type === 1 ? 0 : toCents(a.amount) }));
    let done = back.reduce((s, a) => s + toCents(a.amount), 0);
    for (let k = held.length - 1; k >= 0 && done > 0; k--) {
      const r = Math.min(done, held[k].leftCents);
      held[k].leftCents -= r;
      done -= r;
    }
    const left = held.reduce((s, a) => s + a.leftCents, 0);
    const cents = Math.floor(left * fraction);
    if (cents <= 0) return;
    const spread = spreadRefund(cents, held);
    const allocations = spread.map((s) => ({ ...p.allocations[s.lineId], amount: fromCents(s.cents) }));
    sim.order.refunds = [
      ...sim.order.refunds,
      Object.assign({ amount: fromCents(cents), allocations }, { payment: index }),
    ];
    for (const a of allocations) {
      if (a.type !== 0) continue;
      sim.order.lines = sim.order.lines.map((l) =>
        l.id === a.order_line_item_id
          ? { ...l, unpaid_total: fromCents(toCents(l.unpaid_total) + toCents(a.amount)) }
          : l,
      );
    }
  }

  const orderArb = fc.record({
    status: fc.constantFrom('pending', 'processing', 'on_hold', 'shipped', 'completed'),
    lines: fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 5 }),
    shipping: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60_000 })),
    taxes: fc.oneof(
      fc.constant<{ name: string; cents: number }[]>([]),
      fc.array(
        fc.record({
          name: fc.constantFrom('GST', 'PST', 'State sales tax', 'Local sales tax'),
          cents: fc.integer({ min: 0, max: 40_000 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    ),
    breakdown: fc.boolean(),
    fees: fc.array(fc.integer({ min: 1, max: 20_000 }), { maxLength: 3 }),
    checkout: fc.boolean(),
    steps: fc.array(
      fc.record({
        kind: fc.constantFrom('spread', 'hand', 'refund'),
        fraction: fc.double({ min: 0, max: 1, noNaN: true }),
        pick: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
      }),
      { maxLength: 6 },
    ),
  });

  it('Σ of the parts’ owed = the order’s unpaid, through payments and refunds (thousands of random orders)', () => {
    fc.assert(
      fc.property(orderArb, (g) => {
        const taxes = g.taxes.filter((t, i) => g.taxes.findIndex((u) => u.name === t.name) === i);
        const tax = taxes.reduce((s, t) => s + t.cents, 0);
        const goods = g.lines.reduce((s, c) => s + c, 0);
        const sim: Sim = {
          lineCost: new Map(g.lines.map((c, i) => [i + 1, c])),
          order: {
            status: g.status,
            total: fromCents(goods + g.shipping + tax),
            shipping: fromCents(g.shipping),
            tax: fromCents(tax),
            tax_breakdown: g.breakdown ? taxes.map((t) => ({ name: t.name, amount: fromCents(t.cents) })) : [],
            lines: g.lines.map((c, i) => ({
              id: i + 1,
              title: `Line ${i + 1}`,
              line_type: ALLOCATION_TYPES.LINE,
              unpaid_total: fromCents(c),
            })),
            fees: g.fees.map((c, i) => ({ id: i + 1, name: `Fee ${i + 1}`, amount: fromCents(c), paid: false })),
            payments: [],
            refunds: [],
          },
        };
        const check = () => {
          const parts = owedParts(sim.order);
          for (const p of parts) expect(p.owedCents, p.key).to.be.at.least(0);
          expect(sumOwed(parts)).to.equal(storedOrderBalance(sim.order, sim.order).unpaid);
          return parts;
        };
        if (g.checkout && goods + g.shipping + tax > 0 && goods > 0) {
          // Checkout's card payment: the whole total over the lines in proportion to their cost.
          const total = goods + g.shipping + tax;
          const shares = prorate(g.lines, total);
          sim.order.payments = [
            {
              total: fromCents(total),
              successful: true,
              allocations: shares
                .map((c, i) => ({ type: 0, order_line_item_id: i + 1, amount: fromCents(c) }))
                .filter((a) => toCents(a.amount) > 0),
            },
          ];
          sim.order.lines = sim.order.lines.map((l) => ({ ...l, unpaid_total: '0.00' }));
        }
        check();
        for (const step of g.steps) {
          const parts = owedParts(sim.order);
          const owed = sumOwed(parts);
          if (step.kind === 'spread' && owed > 0) {
            const amount = Math.max(1, Math.round(owed * step.fraction));
            const split = distributeOverParts(parts, amount);
            expect(split.reduce((s, x) => s + x.cents, 0)).to.equal(amount);
            for (const x of split) expect(x.cents).to.be.at.most(parts.find((p) => p.key === x.key)!.owedCents);
            pay(sim, parts, split);
          } else if (step.kind === 'hand') {
            const split = parts.map((p, i) => ({ key: p.key, cents: Math.floor(p.owedCents * step.pick[i % 12]) }));
            const amount = split.reduce((s, x) => s + x.cents, 0);
            if (amount > 0) expect(checkPartAssignments(parts, split, amount).ok).to.equal(true);
            pay(sim, parts, split);
          } else if (step.kind === 'refund' && sim.order.payments.length) {
            refund(
              sim,
              Math.floor(step.pick[0] * sim.order.payments.length) % sim.order.payments.length,
              step.fraction,
            );
          }
          check();
        }
      }),
      { numRuns: 3000 },
    );
  });
});
