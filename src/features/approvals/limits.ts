/**
 * Spending limits at placement, asked by checkout's reserve step once the total is
 * known: does the buyer's organisation's limit on them send this cart for approval instead?
 * The answer is an error that rolls the reservation back (nothing is held or written); the
 * place-order route then records the approval request (service.ts requestApproval).
 */
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../domain/errors.ts';
import { needsApproval, periodStart, SPENDING_MESSAGES, type ApprovalReason } from '../../domain/spending.ts';
import { limitsOfMember, pendingApprovalOf, spentSince, userEmail } from './queries.ts';

/** Thrown out of the reserve transaction: the cart goes to approval. */
export class NeedsApproval extends Error {
  constructor(
    readonly reason: ApprovalReason,
    readonly organisationId: number,
    readonly totalCents: number,
  ) {
    super('This order needs approval.');
  }
}

/** 409 when the cart waits for approval (cart writes and placement refuse it). */
export const cartLocked = () => new AppError(409, 'cart_locked', SPENDING_MESSAGES.locked);

export async function assertNotLocked(db: DbOrTx, orderId: number | null): Promise<void> {
  if (orderId !== null && (await pendingApprovalOf(db, orderId))) throw cartLocked();
}

/**
 * Throws NeedsApproval when the member's limits do not cover this order (spent = placed, not
 * cancelled orders this period and placements under way). The member's limits row stays locked
 * until the caller's transaction ends, and each caller writes what it spends in that same
 * transaction (checkout's reserve its payment attempt, its confirm the placed order, a quote's
 * acceptance the placed order): purchases at once are checked one after the other, and the
 * period's limit holds. Asked with the organisation's row already locked by invoice terms, never
 * the other way round.
 */
export async function checkSpending(
  tx: DbOrTx,
  args: { userId: number; currency: string; totalCents: number; orderId: number; now: Date },
): Promise<void> {
  const u = await userEmail(tx, args.userId);
  if (!u?.organisationId) return;
  const limits = await limitsOfMember(tx, u.organisationId, args.userId, { lock: true });
  if (!limits) return;
  const spent =
    limits.perPeriod === null
      ? 0
      : await spentSince(tx, args.userId, periodStart(args.now, limits.period), args.currency, args.orderId);
  const need = needsApproval(limits, spent, args.totalCents);
  if (need) throw new NeedsApproval(need.reason, u.organisationId, args.totalCents);
}
