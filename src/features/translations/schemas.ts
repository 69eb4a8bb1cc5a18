/** Input of the translation routes (zod; a failure is a 400 naming the field). */
import { z } from 'zod';
import { MESSAGES, PLACEHOLDER_LANGUAGE } from '../../domain/constants.ts';
import { FIELD_PATTERN, LANGUAGE_COUNTRIES, MAX_TRANSLATION_LENGTH, parseLocaleTag } from '../../domain/translation.ts';

export const FieldParam = z.string().regex(FIELD_PATTERN, 'Not a translation key.');

export const Language = z
  .string({ message: MESSAGES.languageRequired })
  .trim()
  .toLowerCase()
  .superRefine((l, ctx) => {
    if (!l) ctx.addIssue({ code: 'custom', message: MESSAGES.languageRequired });
    else if (l === PLACEHOLDER_LANGUAGE || !Object.hasOwn(LANGUAGE_COUNTRIES, l))
      ctx.addIssue({ code: 'custom', message: 'Unknown language.' });
  });

export const OpenQuery = z.object({
  locale: z.string().transform((v, ctx) => {
    const p = parseLocaleTag(v);
    if (!p || !Object.hasOwn(LANGUAGE_COUNTRIES, p.language)) {
      ctx.addIssue({ code: 'custom', message: 'Unknown locale.' });
      return z.NEVER;
    }
    if (p.country && !LANGUAGE_COUNTRIES[p.language].includes(p.country)) {
      ctx.addIssue({ code: 'custom', message: 'Unknown country for that language.' });
      return z.NEVER;
    }
    return p;
  }),
});

const optionalInt = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().int().min(0).max(2147483647).optional(),
);

export const SaveBody = z
  .object({
    language: Language,
    country: z.preprocess((v) => (v == null ? '' : v), z.string().trim().toUpperCase().max(2)),
    value: z
      .string({ message: 'Value is required.' })
      .max(MAX_TRANSLATION_LENGTH, `At most ${MAX_TRANSLATION_LENGTH} characters.`),
    id: optionalInt,
    version: optionalInt,
    field: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.country && !LANGUAGE_COUNTRIES[b.language]?.includes(b.country))
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'Unknown country for that language.' });
  });

export type SaveInput = z.infer<typeof SaveBody>;
