/** Saved payment methods: request shapes, validated at the edge. */
import { z } from 'zod';
import { IdParam } from '../../http/validate.ts';
import { toCents } from '../../domain/money.ts';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `user_id`: whose methods (the caller's own when absent; staff may name a customer). */
export const OwnerQuery = z.object({ user_id: z.preprocess(blank, IdParam.optional()) });

/** GET /api/plaid/link-token?user_id= (required there, as in spec §7). */
export const LinkTokenQuery = z.object({ user_id: z.preprocess(blank, IdParam) });

export const AddCard = OwnerQuery.extend({
  token: z
    .string({ message: 'Enter your card details.' })
    .trim()
    .min(1, 'Enter your card details.')
    .max(200, 'This card token is not valid.'),
});

export const AddBank = OwnerQuery.extend({
  public_token: z
    .string({ message: 'Link the bank account first.' })
    .trim()
    .min(1, 'Link the bank account first.')
    .max(200, 'This bank link is not valid.'),
});

/** One micro-deposit as the bank statement shows it: 0.01 to 0.99 dollars → cents. */
const deposit = z
  .union([z.string(), z.number()], { message: 'Enter the amount, for example 0.32.' })
  .transform((v) => String(v).trim().replace(/^\$/, ''))
  .pipe(z.string().regex(/^0?\.\d{1,2}$/, 'Enter the amount under $1.00, for example 0.32.'))
  .transform((v) => toCents(v))
  .pipe(z.number().int().min(1, 'Enter the amount under $1.00, for example 0.32.').max(99));

export const VerifyDeposits = z.object({ amount_1: deposit, amount_2: deposit });

export const MethodId = IdParam;
