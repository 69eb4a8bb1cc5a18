/**
 * Mocha root hooks: give each browser test one more try, and stop the shared server and browser
 * once, after every test.
 *
 * Why a retry, and only there: a journey in Chromium can lose a race with the machine (a slow
 * paint, a busy CI core) that no amount of waiting for the right element fully rules out, and one
 * such loss would fail the whole run. A test that fails twice still fails; one that passed only on
 * its second try is listed by the reporter ("retried: …") at the end of the run, so it is seen and
 * fixed rather than hidden. Every other test runs once.
 */
import type { Context, Suite } from 'mocha';
import { stopTestServer } from './server.ts';
import { closeBrowser } from './browser.ts';

const BROWSER_FILE = /[\\/]test[\\/]browser[\\/]/;

function retryBrowserTests(suite: Suite) {
  for (const test of suite.tests) if (test.file && BROWSER_FILE.test(test.file)) test.retries(1);
  for (const child of suite.suites) retryBrowserTests(child);
}

export const mochaHooks = {
  beforeAll(this: Context) {
    const root = this.test?.parent;
    if (root) retryBrowserTests(root);
  },
  async afterAll() {
    await closeBrowser();
    await stopTestServer();
  },
};
