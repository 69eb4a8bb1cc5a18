/**
 * What an order owes (src/domain/order-balance.ts): worked out by hand. Shipping, tax and fees are
 * part of the bill; quotes, carts and cancelled orders owe nothing.
 */
import { expect } from 'chai';
import { isOwedStatus, orderBalance, storedOrderBalance } from '../../src/domain/order-balance.ts';

describe('domain: order balance (what an order owes)', () => {
  it('an invoice order of $2,714.11 with no payment owes all of it, shipping included', () => {
    // Goods 2,456.11 + shipping 258.00 = 2,714.11 (the example): unpaid is the whole bill.
    const b = orderBalance({ status: 'processing', totalCents: 271_411 });
    expect(b).to.deep.equal({ owed: true, billed: 271_411, paid: 0, refunded: 0, returned: 0, unpaid: 271_411 });
  });

  it('fees are billed, payments paid, refunds owed again', () => {
    // 100.00 + fee 2.50 = 102.50; paid 60.00 + 42.50 = 102.50; refunded 10.00 → owes 10.00.
    const b = orderBalance({
      status: 'shipped',
      totalCents: 10_000,
      feeCents: [250],
      paymentCents: [6_000, 4_250],
      refundCents: [1_000],
    });
    expect([b.billed, b.paid, b.refunded, b.unpaid]).to.deep.equal([10_250, 10_250, 1_000, 1_000]);
  });

  it('an overpaid order owes 0, never a negative amount', () => {
    expect(orderBalance({ status: 'completed', totalCents: 5_000, paymentCents: [6_000] }).unpaid).to.equal(0);
  });

  it('quotes, carts and cancelled orders owe nothing', () => {
    const owed: Record<string, boolean> = {
      cart: false,
      quote: false,
      cancelled: false,
      pending: true,
      processing: true,
      on_hold: true,
      shipped: true,
      completed: true,
    };
    for (const [status, expected] of Object.entries(owed)) {
      expect(isOwedStatus(status), status).to.equal(expected);
      expect(orderBalance({ status, totalCents: 7_265_000 }).unpaid, status).to.equal(expected ? 7_265_000 : 0);
    }
    // A quote whose status is still 'pending' is a quote all the same.
    expect(orderBalance({ status: 'pending', quote: true, totalCents: 7_265_000 }).unpaid).to.equal(0);
  });

  it('reads stored rows: only successful payments count', () => {
    const b = storedOrderBalance(
      { status: 'processing', total: '2714.11' },
      {
        fees: [{ amount: '15.00' }],
        payments: [
          { total: '1000.00', successful: true },
          { total: '500.00', successful: false },
        ],
        refunds: [{ amount: '100.00' }],
      },
    );
    // 2,714.11 + 15.00 − 1,000.00 + 100.00 = 1,829.11
    expect(b.unpaid).to.equal(182_911);
  });
});
