import { z } from 'zod';
import { text } from '../../http/validate.ts';

export const Email = text({ message: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ message: 'Enter a valid email address.' }));
const password = z
  .string({ message: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(200, 'Password is too long.');
export const NewPassword = z
  .string({ message: 'Password is required.' })
  .min(10, 'Password must be at least 10 characters.')
  .max(200, 'Password is too long.');

export const SignIn = z.object({ email: Email, password });
export type SignIn = z.infer<typeof SignIn>;

const name = (label: string) =>
  text({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long.`);

export const Register = z
  .object({
    email: Email,
    password: NewPassword,
    firstName: name('First name'),
    lastName: name('Last name'),
    phone: text()
      .trim()
      .max(40, 'Phone is too long.')
      .optional()
      .transform((v) => v || undefined),
    accountType: z
      .enum(['personal', 'organization'], { message: 'Choose personal or organisation.' })
      .default('personal'),
    organization: text()
      .trim()
      .max(200, 'Organisation name is too long.')
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((v) => v.accountType !== 'organization' || !!v.organization, {
    message: 'Organisation name is required.',
    path: ['organization'],
  });
export type Register = z.infer<typeof Register>;

export const ResetRequest = z.object({ email: Email });
export const ResetConfirm = z.object({
  token: text().min(10, 'The reset link is incomplete.').max(200),
  password: NewPassword,
});
