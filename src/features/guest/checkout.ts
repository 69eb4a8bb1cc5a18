/**
 * Guest checkout's rules on checkout's routes: what src/domain/guest-checkout.ts refuses
 * a guest answers 400 naming the field, before anything is written.
 */
import type { Request } from 'express';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../domain/errors.ts';
import { GUEST_NEEDS_ACCOUNT, guestRefusal, type GuestRequest } from '../../domain/guest-checkout.ts';
import type { CustomerInfo, PlaceOrder } from '../../domain/checkout-input.ts';
import { createGuestBuyer } from './service.ts';
import { isGuestSession } from './session.ts';

const asFlag = (v: unknown) => ['true', '1', 'on', 'yes'].includes(String(v ?? '').toLowerCase());

function refuse(r: GuestRequest): void {
  const refused = guestRefusal(r);
  if (refused) throw invalid(GUEST_NEEDS_ACCOUNT, { [refused.field]: GUEST_NEEDS_ACCOUNT }, 'guest_needs_account');
}

/**
 * Customer info from a guest: a visitor asking for guest checkout (`guest` in the body) gets a
 * `create` that makes their record; a session already checking out as a guest is held to the same
 * rules (no tax exemption). Anyone else: null.
 */
export function guestCustomerInfo(req: Request, info: CustomerInfo): { create: (db: Db) => Promise<number> } | null {
  if (isGuestSession(req)) {
    refuse({ taxExempt: info.tax.exempt });
    return null;
  }
  if (req.user || info.returning || !asFlag((req.body as Record<string, unknown> | undefined)?.guest)) return null;
  refuse({ taxExempt: info.tax.exempt, accountType: info.accountType });
  const a = info.address;
  return {
    create: (db) =>
      createGuestBuyer(
        db,
        { email: info.email, firstName: a.firstName, lastName: a.lastName, phone: a.phone, subscribe: info.subscribe },
        req.locale,
      ),
  };
}

/** Place order by a guest: a new card or a check, paid in full (no saved method, bank, invoice or EPP). */
export function guestPlaceCheck(input: PlaceOrder, epp: boolean): void {
  refuse({ paymentType: input.payment_type, savedMethodId: input.saved_method_id ?? null, epp });
}
