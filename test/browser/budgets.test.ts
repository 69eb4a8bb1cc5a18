/**
 * Browser budgets (issue #8), the one place a test holds the storefront to numbers:
 * - bytes, from the esbuild metafile of a fresh build: the shared React chunk at most 75 KB gzip,
 *   each island (its own chunk plus the non-React chunks it pulls in) at most 25 KB gzip;
 * - the product page's own paint in headless Chromium on localhost: Largest Contentful Paint under
 *   800 ms and Cumulative Layout Shift under 0.05, read from PerformanceObserver entries (times
 *   relative to the page's navigation start, so the test's own overhead never counts). The page is
 *   loaded with an empty browser cache three times and the median is held to the budget, so one
 *   scheduling hiccup does not decide; on a machine whose load average exceeds its CPU count the
 *   paint budget is skipped (with a message), as a timing there says nothing about the page.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { islands } from '../../islands/registry.ts';
import { hydrated, newPage } from '../helpers/browser.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

const KB = 1024;
const registrySource = readFileSync(path.resolve('islands/registry.ts'), 'utf8');
const REACT_CHUNK_MAX = 75 * KB;
const ISLAND_MAX = 25 * KB;
const LCP_MAX_MS = 800;
const CLS_MAX = 0.05;

type Output = { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] };
type Metafile = { outputs: Record<string, Output> };

describe('browser budgets', function () {
  this.timeout(120_000);

  describe('bundle sizes (esbuild metafile)', () => {
    let dir: string;
    let metafile: Metafile;
    const gz = (file: string) => gzipSync(readFileSync(path.resolve(file))).length;

    before(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'budgets-'));
      const { build } = (await import(pathToFileURL(path.resolve('esbuild.config.mjs')).href)) as { build: (o: object) => Promise<{ metafile: Metafile }> };
      ({ metafile } = await build({ outdir: path.join(dir, 'build'), quiet: true }));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    const reactChunk = () => {
      const found = Object.entries(metafile.outputs).filter(([f, o]) => f.endsWith('.js') && Object.keys(o.inputs).some((i) => i.endsWith('node_modules/react-dom/cjs/react-dom-client.production.js')));
      expect(found, 'one chunk holds react-dom').to.have.length(1);
      return found[0][0];
    };

    it(`keeps the shared React chunk within ${REACT_CHUNK_MAX / KB} KB gzip`, () => {
      const size = gz(reactChunk());
      expect(size, `React chunk ${(size / KB).toFixed(1)} KB gzip`).to.be.at.most(REACT_CHUNK_MAX);
    });

    it(`keeps every island within ${ISLAND_MAX / KB} KB gzip (its chunk and what it imports, React aside)`, () => {
      const react = reactChunk();
      const names = Object.keys(islands);
      expect(names.length).to.be.greaterThan(0);
      for (const name of names) {
        // The registry names each island's module (islands/x.tsx or islands/x/index.tsx).
        const source = registrySource.match(new RegExp(`'?${name}'?:\\s*\\(\\)\\s*=>\\s*import\\('\\./([^']+)'\\)`))?.[1];
        expect(source, `the registry's module of island ${name}`).to.be.a('string');
        const entry = Object.entries(metafile.outputs).find(([f, o]) => f.endsWith('.js') && o.entryPoint === `islands/${source}`);
        expect(entry, `a chunk for island ${name}`).to.not.equal(undefined);
        const files = new Set<string>();
        const visit = (f: string) => {
          if (f === react || files.has(f)) return;
          files.add(f);
          for (const imp of metafile.outputs[f].imports) if (imp.kind === 'import-statement') visit(imp.path);
        };
        visit(entry![0]);
        const size = [...files].reduce((sum, f) => sum + gz(f), 0);
        expect(size, `island ${name}: ${(size / KB).toFixed(1)} KB gzip over ${files.size} file(s)`).to.be.at.most(ISLAND_MAX);
      }
    });
  });

  describe('product page paint (headless Chromium)', () => {
    it(`has LCP under ${LCP_MAX_MS} ms and CLS under ${CLS_MAX}`, async function () {
      // A paint time means nothing while other work starves the browser of CPU (measured: LCP
      // 1.0-1.5 s at a load average of 8 on 2 cores, first byte at 130-200 ms). Then the budget
      // is not judged, and the test says so; on a machine with CPU to spare it always is.
      const [load1] = os.loadavg();
      if (load1 > os.cpus().length) {
        console.warn(`      (LCP/CLS budget not judged: load average ${load1.toFixed(1)} on ${os.cpus().length} CPUs)`);
        return this.skip();
      }
      const app = await testServer();
      const url = `${app.url}/en-us/products/${await productIdByStockcode('DEMO-CONFIG')}`;
      // The server's first render compiles templates and fills caches; a visitor meets a warm server.
      expect((await fetch(url)).status).to.equal(200);

      const samples: { lcp: number; cls: number; element: string; ttfb: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const page = await newPage();
        try {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Network.clearBrowserCache');
          await page.addInitScript(() => {
            const w = window as unknown as { __lcp: { t: number; el: string }; __cls: number };
            w.__lcp = { t: -1, el: '' };
            w.__cls = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
                const el = e.element;
                w.__lcp = { t: e.startTime, el: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}` : '' };
              }
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await page.goto(url, { waitUntil: 'load' });
          await hydrated(page);
          // Give hydration's own layout a couple of frames to land before reading the shifts.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await page.waitForTimeout(300);
          const m = await page.evaluate(() => {
            const w = window as unknown as { __lcp: { t: number; el: string }; __cls: number };
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            return { lcp: w.__lcp.t, cls: w.__cls, element: w.__lcp.el, ttfb: nav?.responseStart ?? -1 };
          });
          expect(m.lcp, 'a largest-contentful-paint entry was recorded').to.be.greaterThan(0);
          expect(page.problems).to.deep.equal([]);
          samples.push(m);
        } finally {
          await page.close();
        }
      }
      const median = <T>(xs: T[], key: (x: T) => number) => xs.map(key).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const lcp = median(samples, (s) => s.lcp);
      const cls = median(samples, (s) => s.cls);
      const seen = samples.map((s) => `LCP ${s.lcp.toFixed(0)} ms (${s.element}; first byte at ${s.ttfb.toFixed(0)} ms), CLS ${s.cls.toFixed(3)}`).join('; ');
      expect(lcp, `median LCP; samples: ${seen}`).to.be.below(LCP_MAX_MS);
      expect(cls, `median CLS; samples: ${seen}`).to.be.below(CLS_MAX);
    });
  });
});
