/** zod at the edge: bad input becomes a 400 AppError naming each field. */
import { z } from 'zod';
import { invalid, type FieldErrors } from '../domain/errors.ts';

export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  message = 'Please correct the highlighted fields.',
): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw invalid(firstMessage(result.error) ?? message, fieldErrors(result.error));
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function firstMessage(error: z.ZodError): string | undefined {
  return error.issues.length === 1 ? error.issues[0].message : undefined;
}

/** Numeric route parameter: a positive integer or a 404-worthy 400. */
export const IdParam = z.coerce
  .number({ message: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be positive.')
  .max(2147483647, 'Too large.');

/**
 * Text people type is text: no NUL (PostgreSQL can never store it, and the driver's failure was
 * a 500), no other C0 control character nor DEL (invisible, they let one name pass for another
 * and break logs and CSV exports), no lone UTF-16 surrogate (not a character; no encoding can
 * write it). A text area allows tab, newline and carriage return; a one-line field none of them.
 */
export const TEXT_REFUSED = 'This text contains a character that is not allowed.';
const LINE_BAD = /[\u0000-\u001f\u007f]/;
const AREA_BAD = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isCleanLine = (v: string): boolean => !LINE_BAD.test(v) && !LONE_SURROGATE.test(v);
export const isCleanText = (v: string): boolean => !AREA_BAD.test(v) && !LONE_SURROGATE.test(v);

type StringParams = Parameters<typeof z.string>[0];
/** A one-line text field (names, emails, searches): `text({ message }).trim().max(100)`. */
export const text = (params?: StringParams) => z.string(params).refine(isCleanLine, TEXT_REFUSED);
/** A text area (messages, descriptions, notes): tab and line breaks allowed. */
export const multilineText = (params?: StringParams) => z.string(params).refine(isCleanText, TEXT_REFUSED);
