/** Password hashing (argon2id) and opaque tokens (random, stored only as sha256). */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id with its parameters stated (they are argon2's defaults, and OWASP's minimum is lower):
 * 64 MiB of memory, 3 passes, 4 lanes, 32-byte hash, 16-byte random salt.
 * The parameters are stored in each hash, so raising them later re-hashes nothing until sign-in.
 */
export const ARGON2_PARAMS = {
  type: argon2.argon2id,
  memoryCost: 64 * 1024,
  timeCost: 3,
  parallelism: 4,
  hashLength: 32,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_PARAMS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/**
 * A hash to verify against when the email is unknown, so that a failed sign-in
 * takes the same time whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
