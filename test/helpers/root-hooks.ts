/** Mocha root hooks: stop the shared server and browser once, after every test. */
import { stopTestServer } from './server.ts';
import { closeBrowser } from './browser.ts';

export const mochaHooks = {
  async afterAll() {
    await closeBrowser();
    await stopTestServer();
  },
};
