/** zod at the edge: bad input becomes a 400 AppError naming each field. */
import { z } from 'zod';
import { invalid, type FieldErrors } from '../domain/errors.ts';

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, message = 'Please correct the highlighted fields.'): z.infer<S> {
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
export const IdParam = z.coerce.number({ message: 'Must be a number.' }).int('Must be a whole number.').positive('Must be positive.').max(2147483647, 'Too large.');
