import { expect } from 'chai';
import { orderBalance, storedOrderBalance } from '../../src/domain/order-balance.ts';
import {
  actionsFor,
  lineRefusal,
  nextStatus,
  RETURN_MESSAGES,
  returnableQuantity,
  returnCredit,
  returnWindowEnds,
} from '../../src/domain/returns.ts';
import { storedLedger } from '../../src/domain/stored-ledger.ts';

const placed = new Date('2026-11-01T12:00:00Z');
const line = { id: 1, quantity: 3, returnable: true, returnWindowDays: null, alreadyReturned: 0 };

describe('domain: returns (RMA)', () => {
  it('the window is 30 days from the order unless the product sets its own', () => {
    expect(returnWindowEnds(placed, null).toISOString()).to.equal('2026-12-01T12:00:00.000Z');
    expect(returnWindowEnds(placed, 7).toISOString()).to.equal('2026-11-08T12:00:00.000Z');
    expect(returnableQuantity(line, placed, new Date('2026-12-01T12:00:00Z'))).to.equal(3);
    expect(returnableQuantity(line, placed, new Date('2026-12-01T12:00:01Z'))).to.equal(0);
    expect(lineRefusal(line, placed, new Date('2026-12-02T00:00:00Z'), 1)).to.equal(RETURN_MESSAGES.windowClosed);
  });

  it('what is left to return is ordered − already returned or requested; a non-returnable product has none', () => {
    const now = new Date('2026-11-05T00:00:00Z');
    expect(returnableQuantity({ ...line, alreadyReturned: 2 }, placed, now)).to.equal(1);
    expect(lineRefusal({ ...line, alreadyReturned: 2 }, placed, now, 2)).to.equal(RETURN_MESSAGES.tooMany);
    expect(lineRefusal({ ...line, alreadyReturned: 2 }, placed, now, 1)).to.equal(null);
    expect(returnableQuantity({ ...line, returnable: false }, placed, now)).to.equal(0);
    expect(lineRefusal({ ...line, returnable: false }, placed, now, 1)).to.equal(RETURN_MESSAGES.notReturnable);
  });

  it('steps: requested → approved | refused → received → refunded | replaced, nothing else', () => {
    expect(nextStatus('requested', 'approve')).to.equal('approved');
    expect(nextStatus('requested', 'refuse')).to.equal('refused');
    expect(nextStatus('approved', 'receive')).to.equal('received');
    expect(nextStatus('received', 'refund')).to.equal('refunded');
    expect(nextStatus('received', 'replace')).to.equal('replaced');
    expect(nextStatus('requested', 'refund')).to.equal(null);
    expect(nextStatus('refunded', 'refund')).to.equal(null);
    expect(nextStatus('refused', 'approve')).to.equal(null);
    expect(actionsFor('received')).to.deep.equal(['refund', 'replace']);
    expect(actionsFor('refunded')).to.deep.equal([]);
  });

  it('a returned unit is worth its share of the net and tax; every unit together gives back exactly the line', () => {
    // 3 × $10.00 with a $1.00 promotion share: net $29.00, tax $2.90 (10 %).
    const l = { quantity: 3, net: 2900, tax: 290 };
    expect(returnCredit(l, 1)).to.deep.equal({ net: 967, tax: 97, cents: 1064 });
    expect(returnCredit(l, 1, 1)).to.deep.equal({ net: 966, tax: 96, cents: 1062 });
    expect(returnCredit(l, 1, 2)).to.deep.equal({ net: 967, tax: 97, cents: 1064 });
    expect(1064 + 1062 + 1064).to.equal(2900 + 290);
    expect(returnCredit(l, 3)).to.deep.equal({ net: 2900, tax: 290, cents: 3190 });
  });

  it('2 × $50.00 + $10.00 tax, one returned and refunded ($55.00): nothing is owed, $55.00 paid net', () => {
    const b = orderBalance({
      status: 'processing',
      totalCents: 11000,
      paymentCents: [11000],
      refundCents: [5500],
      returnedCents: [5500],
    });
    expect(b).to.deep.equal({ owed: true, billed: 5500, paid: 11000, refunded: 5500, returned: 5500, unpaid: 0 });
    // The same refund without a return: the customer keeps both units and owes $55.00 again.
    expect(
      orderBalance({ status: 'processing', totalCents: 11000, paymentCents: [11000], refundCents: [5500] }).unpaid,
    ).to.equal(5500);
  });

  it('the stored ledger reads a return refund off the bill, line by line as the ledger split the tax', () => {
    const order = {
      status: 'processing',
      subtotal: '100.00',
      shipping: '0.00',
      tax: '10.00',
      discount: '0.00',
      total: '110.00',
    };
    const parts = {
      lines: [
        { id: 7, lineType: 0, title: 'Disc', unitPrice: '50.00', quantity: 2, discount: '0.00', paidTotal: '50.00' },
      ],
      payments: [{ total: '110.00', successful: true }],
      refunds: [{ amount: '55.00', returnId: 3 }],
    };
    const l = storedLedger(order, parts);
    expect(l.lines[0]).to.include({ net: 10000, tax: 1000 });
    expect(returnCredit(l.lines[0], 1).cents).to.equal(5500);
    expect([l.total, l.returned, l.paidNet, l.unpaid]).to.deep.equal([11000, 5500, 5500, 0]);
    expect(storedOrderBalance(order, parts).unpaid).to.equal(0);
  });
});
