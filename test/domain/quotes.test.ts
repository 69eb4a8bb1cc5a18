/** Quotes: the pure rules, with hand-written expectations. */
import { expect } from 'chai';
import { answerRefusal, checkExpiry, checkQuoteMessage, defaultExpiry, quoteState } from '../../src/domain/quotes.ts';
import { staffUnitPriceCents } from '../../src/domain/order-edit.ts';

const now = new Date('2026-11-28T15:00:00Z');

describe('domain/quotes', () => {
  it('an offer holds through its expiry day (UTC), then reads expired', () => {
    expect(quoteState({ status: 'offered', expiresOn: '2026-11-28' }, now)).to.equal('offered');
    expect(quoteState({ status: 'offered', expiresOn: '2026-11-27' }, now)).to.equal('expired');
    expect(quoteState({ status: 'requested', expiresOn: null }, now)).to.equal('requested');
    expect(quoteState({ status: 'accepted', expiresOn: '2026-01-01' }, now)).to.equal('accepted');
  });

  it('the buyer answers only an open offer; an expired one can be rejected, not accepted', () => {
    expect(answerRefusal({ status: 'offered', expiresOn: '2026-12-01' }, now, 'accept')).to.equal(null);
    expect(answerRefusal({ status: 'offered', expiresOn: '2026-11-01' }, now, 'accept')).to.equal('expired');
    expect(answerRefusal({ status: 'offered', expiresOn: '2026-11-01' }, now, 'reject')).to.equal(null);
    expect(answerRefusal({ status: 'requested', expiresOn: null }, now, 'accept')).to.equal('notOffered');
    expect(answerRefusal({ status: 'rejected', expiresOn: '2026-12-01' }, now, 'reject')).to.equal('notOpen');
    expect(answerRefusal({ status: 'accepted', expiresOn: '2026-12-01' }, now, 'accept')).to.equal('notOpen');
  });

  it('an expiry day is a real day after today, at most 90 days ahead', () => {
    expect(checkExpiry('2026-11-29', now)).to.deep.equal({ ok: true, day: '2026-11-29' });
    expect(checkExpiry('2027-02-26', now)).to.deep.equal({ ok: true, day: '2027-02-26' });
    expect(checkExpiry('2027-02-27', now)).to.deep.equal({ ok: false, error: 'expiryFar' });
    expect(checkExpiry('2026-11-28', now)).to.deep.equal({ ok: false, error: 'expiryPast' });
    expect(checkExpiry('2026-02-30', now)).to.deep.equal({ ok: false, error: 'expiryFormat' });
    expect(checkExpiry('12/01/2026', now)).to.deep.equal({ ok: false, error: 'expiryFormat' });
    expect(checkExpiry(undefined, now)).to.deep.equal({ ok: false, error: 'expiryFormat' });
    expect(defaultExpiry(now)).to.equal('2026-12-28');
  });

  it('a message is 1 to 2000 characters once trimmed', () => {
    expect(checkQuoteMessage('  hello \r\n there ')).to.deep.equal({ ok: true, text: 'hello \n there' });
    expect(checkQuoteMessage('   ')).to.deep.equal({ ok: false });
    expect(checkQuoteMessage('x'.repeat(2000))).to.deep.include({ ok: true });
    expect(checkQuoteMessage('x'.repeat(2001))).to.deep.equal({ ok: false });
    expect(checkQuoteMessage(42)).to.deep.equal({ ok: false });
  });

  it('a unit price staff type: 0 to 99,999,999.99 with at most two decimals', () => {
    expect(staffUnitPriceCents('9.50')).to.equal(950);
    expect(staffUnitPriceCents(' 1,250.5 ')).to.equal(125050);
    expect(staffUnitPriceCents('0')).to.equal(0);
    expect(staffUnitPriceCents('99999999.99')).to.equal(9999999999);
    expect(staffUnitPriceCents('100000000')).to.equal(null);
    expect(staffUnitPriceCents('-1')).to.equal(null);
    expect(staffUnitPriceCents('1.005')).to.equal(null);
    expect(staffUnitPriceCents('abc')).to.equal(null);
    expect(staffUnitPriceCents(undefined)).to.equal(null);
    expect(staffUnitPriceCents(12.5)).to.equal(1250);
  });
});
