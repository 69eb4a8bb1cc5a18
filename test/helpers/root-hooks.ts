/**
 * Mocha root hooks: start the shared test server once before any test that needs it, give each
 * browser test one more try, and stop the shared server and browser once, after every test.
 *
 * Why start the server here: the first file of a process to ask for it used to pay its start (a
 * fresh database, migrations, the demo seed: seconds on PostgreSQL, up to a minute or more on the
 * embedded one on a busy machine) inside its own `before` hook and that file's time limit, so a
 * file with a short limit failed only because it happened to run first.
 *
 * Why a retry, and only there: a journey in Chromium can lose a race with the machine (a slow
 * paint, a busy CI core) that no amount of waiting for the right element fully rules out, and one
 * such loss would fail the whole run. A test that fails twice still fails; one that passed only on
 * its second try is listed by the reporter ("retried: …") at the end of the run, so it is seen and
 * fixed rather than hidden. Every other test runs once.
 */
import type { Context, Suite } from 'mocha';
import { stopTestServer, testServer } from './server.ts';
import { closeBrowser } from './browser.ts';

const BROWSER_FILE = /[\\/]test[\\/]browser[\\/]/;

/** Files of pure rules and builds: they never ask for the app. */
const NO_SERVER = /[\\/]test[\\/](domain|islands|architecture)[\\/]/;

function needsServer(suite: Suite): boolean {
  return (
    suite.tests.some((t) => !t.file || !NO_SERVER.test(t.file)) || suite.suites.some((child) => needsServer(child))
  );
}

function retryBrowserTests(suite: Suite) {
  for (const test of suite.tests) if (test.file && BROWSER_FILE.test(test.file)) test.retries(1);
  for (const child of suite.suites) retryBrowserTests(child);
}

export const mochaHooks = {
  async beforeAll(this: Context) {
    const root = this.test?.parent;
    if (!root) return;
    retryBrowserTests(root);
    if (needsServer(root)) {
      this.timeout(600_000);
      await testServer();
    }
  },
  async afterAll() {
    await closeBrowser();
    await stopTestServer();
  },
};
