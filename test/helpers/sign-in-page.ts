/** Signing in as a person does, in a real browser: from a storefront's first page, in that page's words. */
import type { TestPage } from './browser.ts';
import { DEMO_PASSWORD } from './http.ts';

export type SignInWords = { signIn: string; email: string; password: string };

/** The header's sign-in link on `/{locale}/`, then the form; resolves once the page it lands on has loaded. */
export async function signInFrom(page: TestPage, base: string, locale: string, email: string, words: SignInWords) {
  await page.goto(`${base}/${locale}/`);
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: words.signIn }).first().click()]);
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForNavigation(),
    page.getByTestId('login-form').getByRole('button', { name: words.signIn }).click(),
  ]);
}
