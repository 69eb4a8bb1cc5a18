/** The log screen's filters (all in the URL). A filter that does not parse is a 400, not ignored. */
import { z } from 'zod';
import { text } from '../../http/validate.ts';

export const LOG_KINDS = ['staff', 'signin', 'permission', 'integration'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

const blank = (v: unknown) => (v === '' ? undefined : v);
const day = (label: string) =>
  z.preprocess(
    blank,
    text()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date such as 2026-05-31.`)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${label}: that date does not exist.`)
      .optional(),
  );

export const LogQuery = z
  .object({
    q: z.preprocess(blank, text().trim().max(100, 'Search for at most 100 characters.').optional()),
    who: z.preprocess(blank, text().trim().max(254, 'Who: at most 254 characters.').optional()),
    action: z.preprocess(
      blank,
      text()
        .trim()
        .max(60, 'What: at most 60 characters.')
        .regex(/^[a-z0-9_.-]+$/i, 'What: an action such as order.update or webhook.')
        .optional(),
    ),
    kind: z.preprocess(blank, z.enum(LOG_KINDS, { message: 'Choose a kind of entry from the list.' }).optional()),
    level: z.preprocess(
      blank,
      z.enum(['debug', 'info', 'warn', 'error'], { message: 'Choose a level from the list.' }).optional(),
    ),
    from: day('From'),
    to: day('To'),
    after: text().max(400).optional().catch(undefined),
    before: text().max(400).optional().catch(undefined),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'From must be on or before To.', path: ['to'] });
export type LogQuery = z.infer<typeof LogQuery>;
