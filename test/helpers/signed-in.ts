/**
 * One signed-in agent per demo account for the whole run (the tests), because sign-in is
 * rate limited per account (10 in 5 minutes) and the suite shares one app.
 */
import { agent, csrf, signIn, type Agent } from './http.ts';

type Cache = Map<string, Promise<{ a: Agent; token: string }>>;
const cache: Cache = ((globalThis as Record<string, unknown>).__hdSignedIn ??= new Map()) as Cache;

export function signedIn(email: string): Promise<{ a: Agent; token: string }> {
  let p = cache.get(email);
  if (!p) {
    p = (async () => {
      const a = await agent();
      await signIn(a, email);
      return { a, token: await csrf(a, '/en-us/') };
    })();
    p.catch(() => cache.delete(email));
    cache.set(email, p);
  }
  return p;
}
