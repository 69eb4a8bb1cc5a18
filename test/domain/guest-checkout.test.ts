/** Guest checkout's rule: a guest pays in full by new card or check; the rest needs an account. */
import { expect } from 'chai';
import { GUEST_CHOICES, guestMay, guestRefusal } from '../../src/domain/guest-checkout.ts';

describe('domain: guest checkout', () => {
  it('a guest may pay by card or check, and nothing else', () => {
    expect(GUEST_CHOICES).to.deep.equal(['card', 'check']);
    expect(
      (['card', 'check', 'saved_method', 'bank', 'invoice', 'epp', 'tax_exempt', 'organisation'] as const).filter(
        guestMay,
      ),
    ).to.deep.equal(['card', 'check']);
  });

  it('names the field of the first refused choice', () => {
    const table: [Parameters<typeof guestRefusal>[0], string | null][] = [
      [{ paymentType: 1 }, null],
      [{ paymentType: 2 }, null],
      [{ accountType: 'personal', taxExempt: false }, null],
      [{ paymentType: 1, epp: true }, 'epp'],
      [{ paymentType: 1, savedMethodId: 9 }, 'saved_method_id'],
      [{ paymentType: 3 }, 'payment_type'],
      [{ paymentType: 4 }, 'payment_type'],
      [{ taxExempt: true }, 'tax-exempt'],
      [{ accountType: 'organization' }, 'accountType'],
      [{ taxExempt: true, paymentType: 4 }, 'tax-exempt'],
    ];
    for (const [req, field] of table) expect(guestRefusal(req)?.field ?? null, JSON.stringify(req)).to.equal(field);
  });
});
