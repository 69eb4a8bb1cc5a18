/**
 * Debian's chromium driven by playwright-core (never a downloaded browser), one
 * per test run, a fresh context per test. Pages fail the test on a CSP violation
 * or an uncaught error; axe() runs axe-core in the page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Call first in a browser suite's before(): without Chromium the suite is skipped on a
 * developer's machine, but FAILS under CI=true, so a CI without a browser can never look green.
 */
export function requireChromium(ctx: Mocha.Context): void {
  if (existsSync(CHROMIUM)) return;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: browser tests must run under CI (apt-get install -y chromium)`,
    );
  ctx.skip();
}
// On globalThis for the same reason as the test server (root hooks load as CommonJS).
type State = { ctx?: Promise<{ context: BrowserContext; dir: string }> };
const state: State = ((globalThis as Record<string, unknown>).__hdTestBrowser ??= {}) as State;

async function context(): Promise<BrowserContext> {
  state.ctx ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hd-chromium-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
    return { context, dir };
  })();
  return (await state.ctx).context;
}

export type TestPage = Page & { problems: string[] };

/** A new page with cookies cleared; console CSP violations and page errors are collected. */
export async function newPage(opts: { width?: number; height?: number } = {}): Promise<TestPage> {
  const c = await context();
  await c.clearCookies();
  const page = (await c.newPage()) as TestPage;
  page.problems = [];
  if (opts.width) await page.setViewportSize({ width: opts.width, height: opts.height ?? 800 });
  page.on('console', (m) => {
    const text = m.text();
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(text)) page.problems.push(`CSP: ${text}`);
  });
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  return page;
}

/** Waits until every island on the page has hydrated. */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-island]')].every((el) => el.getAttribute('data-hydrated') === 'true'),
    null,
    { timeout: 15_000 },
  );
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe rules whose outcome can change with the language of the page alone: the page's
 * language and title, and the names of controls, images and fields. A screen already checked
 * with every rule in one language is checked in the others with these (colour, contrast and
 * structure do not change with the words, and the whole run is about a second a screen).
 */
export const AXE_LANGUAGE_RULES = [
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
  'document-title',
  'button-name',
  'link-name',
  'input-button-name',
  'label',
  'select-name',
  'image-alt',
  'aria-command-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-progressbar-name',
  'aria-meter-name',
  'aria-tooltip-name',
  'svg-img-alt',
  'frame-title',
];

/**
 * Serious or critical axe-core violations on the page (empty when it passes); `rules` limits the
 * run to those rules.
 */
export async function axe(page: Page, rules?: string[]): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async (only) => {
    const options = only
      ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } }
      : { resultTypes: ['violations'] };
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, options);
    return r.violations.map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, rules ?? null);
  return result
    .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: { id: string; help: string; targets: string[] }) => `${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/**
 * Waits for the element with this test id; when it does not come, the error says where the page
 * was and what it showed instead (a screen that went elsewhere explains itself in the report).
 */
export async function showsTestId(page: Page, testId: string, timeout = 30_000) {
  try {
    await page.getByTestId(testId).waitFor({ timeout });
  } catch (e) {
    const shown = await page
      .evaluate(() => (document.querySelector('main') ?? document.body)?.innerText.slice(0, 400) ?? '')
      .catch(() => '(page not readable)');
    await screenshot(page, `missing-${testId}`, true);
    throw new Error(`no [data-testid="${testId}"] at ${page.url()}; the page shows: ${shown}\n${(e as Error).message}`);
  }
}

export async function screenshot(page: Page, name: string, always = false) {
  if (!process.env.SCREENSHOTS && !always) return;
  const dir = path.resolve('test-results');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function closeBrowser() {
  if (!state.ctx) return;
  const { context, dir } = await state.ctx;
  state.ctx = undefined;
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}
