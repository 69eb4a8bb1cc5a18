import { expect } from 'chai';
import { replacePayment } from '../../src/domain/payment-refresh.ts';

describe('domain: payment refresh in place (spec §4)', () => {
  const list = [
    { payment_id: 4, successful: true, total: '10.00' },
    { payment_id: 7, successful: false, total: '25.00' },
    { payment_id: 9, successful: true, total: '5.00' },
  ];

  it('replaces the payment at its own place; the status changed, so the order synchronizes', () => {
    const r = replacePayment(list, { payment_id: 7, successful: true, total: '25.00' });
    expect(r.payments.map((p) => [p.payment_id, p.successful])).to.deep.equal([
      [4, true],
      [7, true],
      [9, true],
    ]);
    expect(r.statusChanged).to.equal(true);
    expect(list[1].successful, 'the old list is left alone').to.equal(false);
  });

  it('the same status: replaced, no synchronize', () => {
    const r = replacePayment(list, { payment_id: 9, successful: true, total: '6.00' });
    expect(r.payments.map((p) => p.total)).to.deep.equal(['10.00', '25.00', '6.00']);
    expect(r.statusChanged).to.equal(false);
  });

  it('a payment not listed yet is appended and synchronizes', () => {
    const r = replacePayment(list, { payment_id: 12, successful: true, total: '1.00' });
    expect(r.payments.map((p) => p.payment_id)).to.deep.equal([4, 7, 9, 12]);
    expect(r.statusChanged).to.equal(true);
  });
});
