/**
 * HTTP test client: a supertest agent (keeps cookies) against the shared app,
 * with helpers for the CSRF token and signing in as a demo account.
 */
import supertest from 'supertest';
import { testServer } from './server.ts';

export const DEMO_PASSWORD = 'demo-pass-2026';
export type Agent = ReturnType<typeof supertest.agent>;

export async function agent(): Promise<Agent> {
  const app = await testServer();
  return supertest.agent(app.url);
}

/** The CSRF token of the agent's session, read from a page's meta tag. */
export async function csrf(a: Agent, path = '/en-us/login'): Promise<string> {
  const res = await a.get(path);
  const m = /<meta name="csrf-token" content="([^"]+)"/.exec(res.text);
  if (!m) throw new Error(`no csrf meta on ${path} (status ${res.status})`);
  return m[1];
}

export async function signIn(a: Agent, email: string, password = DEMO_PASSWORD) {
  const token = await csrf(a);
  const res = await a.post('/en-us/login').type('form').send({ email, password, _csrf: token });
  if (res.status !== 303) throw new Error(`sign-in as ${email} failed: ${res.status}`);
  return res;
}

/** The bearer token of a signed-in agent (from the api-token meta). */
export async function apiToken(a: Agent): Promise<string> {
  const res = await a.get('/en-us/account');
  const m = /<meta name="api-token" content="([^"]+)"/.exec(res.text);
  if (!m) throw new Error('no api-token meta');
  return m[1];
}
