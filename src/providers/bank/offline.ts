/**
 * The built-in bank-link provider: a working sandbox, not a stub. It issues link tokens, serves
 * its own hosted account form (POST /bank-link/accounts, the part Plaid Link plays), checks the
 * routing number's ABA checksum, sends two micro-deposits of 1–99 cents to every new account and
 * keeps all of it in its own tables (bank_sandbox_*), so a restart or a second process loses
 * nothing. A signed-in user sees the sandbox's deposits to their own accounts on
 * GET /bank-link/statement — the bank statement they would read in real life.
 *
 * Debits happen inside the order's transaction, where a second pool client must not be used
 * (it would deadlock the embedded database), so the debit ledger is in memory (like the card
 * sandbox's charges) and an account's outcome class is carried by its reference: account numbers
 * ending in 0002 are refused on debit (insufficient funds, ACH R01).
 */
import { unauthorized } from '../../domain/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { randomBytes, randomInt } from 'node:crypto';
import type { Router } from 'express';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { fromCents } from '../../domain/money.ts';
import { bankSandboxAccounts, bankSandboxLinks } from '../../db/schema/index.ts';
import { routingValid, SANDBOX_BANKS } from './routing.ts';
import {
  BankLinkError,
  type BankAccount,
  type BankLinkProvider,
  type Debit,
  type DebitRequest,
  type LinkToken,
  type VerifyOutcome,
} from './types.ts';
import { route, routes } from '../../http/route.ts';

const LINK_TTL_MS = 30 * 60_000;
const NSF_SUFFIX = '0002';
const hex = (n: number) => randomBytes(n).toString('hex');

const AccountBody = z.object({
  link_token: z
    .string({ message: 'The bank link expired. Start again.' })
    .trim()
    .min(1, 'The bank link expired. Start again.')
    .max(200),
  routing_number: z
    .string({ message: 'Enter the 9-digit routing number.' })
    .trim()
    .regex(/^\d{9}$/, 'Enter the 9-digit routing number.')
    .refine(routingValid, 'This routing number is not valid.'),
  account_number: z
    .string({ message: 'Enter the account number (4 to 17 digits).' })
    .trim()
    .regex(/^\d{4,17}$/, 'Enter the account number (4 to 17 digits).'),
  account_holder: z
    .string({ message: 'Enter the account holder’s name.' })
    .trim()
    .min(1, 'Enter the account holder’s name.')
    .max(120, 'At most 120 characters.'),
  account_type: z.enum(['checking', 'savings'], { message: 'Choose checking or savings.' }).default('checking'),
});

export class OfflineBankLinkProvider implements BankLinkProvider {
  readonly kind = 'offline';
  readonly accountsUrl = '/bank-link/accounts';
  private readonly debits = new Map<string, { fingerprint: string; debit: Debit }>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createLinkToken(clientUserId: string): Promise<LinkToken> {
    const token = `link-sandbox-${hex(16)}`;
    const expiration = new Date(this.clock().getTime() + LINK_TTL_MS);
    await this.db.insert(bankSandboxLinks).values({ token, clientUserId, expiresAt: expiration });
    return { linkToken: token, expiration };
  }

  /** What the hosted form does: takes the numbers, keeps the last four, sends the deposits, answers a public token. */
  async addAccount(
    input: z.infer<typeof AccountBody>,
  ): Promise<{ publicToken: string; mask: string; bankName: string }> {
    const [link] = await this.db
      .select()
      .from(bankSandboxLinks)
      .where(and(eq(bankSandboxLinks.token, input.link_token), gt(bankSandboxLinks.expiresAt, this.clock())))
      .limit(1);
    if (!link) throw new BankLinkError('invalid_token', 'The bank link expired. Start again.');
    const mask = input.account_number.slice(-4);
    const bankName = SANDBOX_BANKS[input.routing_number] ?? 'Sandbox Bank';
    const d1 = randomInt(1, 100);
    let d2 = randomInt(1, 100);
    if (d2 === d1) d2 = d1 === 99 ? 98 : d1 + 1; // two different amounts, as banks send
    const publicToken = `public-sandbox-${hex(16)}`;
    await this.db.insert(bankSandboxAccounts).values({
      ref: `acct_offline_${mask === NSF_SUFFIX ? 'nsf_' : ''}${hex(12)}`,
      publicToken,
      clientUserId: link.clientUserId,
      routingNumber: input.routing_number,
      mask,
      bankName,
      holderName: input.account_holder,
      accountType: input.account_type,
      deposit1Cents: d1,
      deposit2Cents: d2,
    });
    return { publicToken, mask, bankName };
  }

  async exchange(publicToken: string, clientUserId: string): Promise<BankAccount> {
    // One use only, and only by the user the link was made for.
    const [row] = await this.db
      .update(bankSandboxAccounts)
      .set({ exchanged: true })
      .where(
        and(
          eq(bankSandboxAccounts.publicToken, publicToken),
          eq(bankSandboxAccounts.clientUserId, clientUserId),
          eq(bankSandboxAccounts.exchanged, false),
        ),
      )
      .returning();
    if (!row) throw new BankLinkError('invalid_token', 'This bank link is not valid any more. Add the account again.');
    return {
      ref: row.ref,
      last4: row.mask,
      bankName: row.bankName,
      holderName: row.holderName,
      accountType: row.accountType as BankAccount['accountType'],
    };
  }

  async verify(ref: string, amountsCents: [number, number]): Promise<VerifyOutcome> {
    const [row] = await this.db.select().from(bankSandboxAccounts).where(eq(bankSandboxAccounts.ref, ref)).limit(1);
    if (!row) throw new BankLinkError('invalid_account', 'This bank account is not known to the bank link.');
    const want = [row.deposit1Cents, row.deposit2Cents].sort((a, b) => a - b);
    const got = [...amountsCents].sort((a, b) => a - b);
    if (want[0] !== got[0] || want[1] !== got[1]) return 'mismatch';
    await this.db.update(bankSandboxAccounts).set({ verifiedAt: this.clock() }).where(eq(bankSandboxAccounts.ref, ref));
    return 'verified';
  }

  /** The two deposits the sandbox sent to an account (the statement; tests read it too). */
  async deposits(ref: string): Promise<[number, number] | null> {
    const [row] = await this.db.select().from(bankSandboxAccounts).where(eq(bankSandboxAccounts.ref, ref)).limit(1);
    return row ? [row.deposit1Cents, row.deposit2Cents] : null;
  }

  async debit(req: DebitRequest): Promise<Debit> {
    const fingerprint = `${req.ref}|${req.amountCents}|${req.currency}`;
    const seen = this.debits.get(req.idempotencyKey);
    if (seen) {
      if (seen.fingerprint !== fingerprint)
        throw new BankLinkError('provider_error', 'This payment was already attempted with different details.');
      return seen.debit;
    }
    if (!req.ref.startsWith('acct_offline_'))
      throw new BankLinkError('invalid_account', 'This bank account is not known to the bank link.');
    if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0)
      throw new BankLinkError('provider_error', 'The amount to debit is not valid.');
    if (req.ref.startsWith('acct_offline_nsf_'))
      throw new BankLinkError('debit_declined', 'The bank refused the debit (insufficient funds).');
    const debit: Debit = {
      ref: `ach_offline_${hex(12)}`,
      status: 'pending',
      amountCents: req.amountCents,
      currency: req.currency.toUpperCase(),
    };
    this.debits.set(req.idempotencyKey, { fingerprint, debit });
    return debit;
  }

  async cancel(debitRef: string): Promise<void> {
    for (const [key, v] of this.debits) if (v.debit.ref === debitRef) this.debits.delete(key);
  }

  get debitCount(): number {
    return this.debits.size;
  }

  router(): Router {
    const r = routes();
    /** POST /bank-link/accounts — the sandbox's hosted form: {link_token, routing_number, account_number, account_holder, account_type} → {public_token, account}. */
    route(
      r,
      'post',
      '/accounts',
      { allow: 'public', note: "the offline bank sandbox's hosted form: the link token names the user" },
      async (req, res) => {
        // Bad input and a refused link are errors the error handler answers, in the visitor's language.
        const a = await this.addAccount(parseInput(AccountBody, req.body));
        res.status(201).json({ public_token: a.publicToken, account: { mask: a.mask, bank_name: a.bankName } });
      },
    );
    /** GET /bank-link/statement — the signed-in user's sandbox bank statement: the micro-deposits sent to their accounts. */
    route(
      r,
      'get',
      '/statement',
      { allow: 'signed-in', note: "the offline sandbox statement of the caller's own accounts" },
      async (req, res) => {
        if (!req.user) throw unauthorized();
        const rows = await this.db
          .select()
          .from(bankSandboxAccounts)
          .where(eq(bankSandboxAccounts.clientUserId, String(req.user.id)));
        res.json({
          accounts: rows.map((a) => ({
            mask: a.mask,
            bank_name: a.bankName,
            deposits: [a.deposit1Cents, a.deposit2Cents].map(fromCents),
          })),
        });
      },
    );
    return r;
  }
}
