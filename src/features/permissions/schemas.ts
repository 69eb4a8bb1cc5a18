import { z } from 'zod';
import { text } from '../../http/validate.ts';
import { PERMISSION_EFFECTS, PERMISSION_KEYS } from '../../db/schema/constants.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const PermissionKeyInput = z.enum(PERMISSION_KEYS, { message: 'Choose a permission.' });
const reason = z
  .string({ message: 'A reason is required.' })
  .trim()
  .min(3, 'A reason is required (at least 3 characters).')
  .max(500, 'At most 500 characters.');

/** The permission adder's form: grant or deny one key, with a reason. */
export const OverrideInput = z.object({
  key: PermissionKeyInput,
  effect: z.enum(PERMISSION_EFFECTS, { message: 'Choose grant or deny.' }),
  reason,
});
export type OverrideInput = z.infer<typeof OverrideInput>;

/** Taking an override away (the key goes back to what the role or organisation gives). */
export const RemoveInput = z.object({ key: PermissionKeyInput, reason });
export type RemoveInput = z.infer<typeof RemoveInput>;

export const RemoveQuery = z.object({ key: PermissionKeyInput });

export const UserSearch = z.object({
  q: z.preprocess(blank, text().trim().max(100, 'At most 100 characters.').optional()),
});
