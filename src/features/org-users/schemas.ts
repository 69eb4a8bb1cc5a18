import { z } from 'zod';

export const InviteInput = z.object({
  email: z
    .string({ message: 'Email is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required.')
    .max(254, 'Email is too long.')
    .pipe(z.email({ message: 'Enter a valid email address.' })),
});
export type InviteInput = z.infer<typeof InviteInput>;

/** A checkbox or select: 'true'/'on'/'1' allow, 'false'/'off'/'0' disallow. */
export const TaxExemptInput = z.object({
  allowed: z
    .preprocess(
      (v) => (typeof v === 'boolean' ? String(v) : v),
      z.enum(['true', 'false', 'on', 'off', '1', '0'], { message: 'Choose allow or do not allow.' }),
    )
    .transform((v) => v === 'true' || v === 'on' || v === '1'),
});
