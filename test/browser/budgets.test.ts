/**
 * Browser budgets, the one place a test holds the storefront to numbers:
 * - bytes, from the esbuild metafile of a fresh build: the shared React chunk at most 75 KB gzip,
 *   each island (its own chunk plus the non-React chunks it pulls in) at most 25 KB gzip;
 * - the product page's Cumulative Layout Shift in headless Chromium, under 0.05 (a count of moved
 *   pixels, not a time).
 * Paint times (Largest Contentful Paint) are wall-clock figures that say nothing on a loaded
 * machine: they are measured by `npm run bench:paint` (bench/paint.ts), not judged here.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
      const { build } = (await import(pathToFileURL(path.resolve('esbuild.config.mjs')).href)) as {
        build: (o: object) => Promise<{ metafile: Metafile }>;
      };
      ({ metafile } = await build({ outdir: path.join(dir, 'build'), quiet: true }));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    const reactChunk = () => {
      const found = Object.entries(metafile.outputs).filter(
        ([f, o]) =>
          f.endsWith('.js') &&
          Object.keys(o.inputs).some((i) => i.endsWith('node_modules/react-dom/cjs/react-dom-client.production.js')),
      );
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
        const source = registrySource.match(
          new RegExp(`'?${name}'?:\\s*\\(\\)\\s*=>\\s*import\\('\\./([^']+)'\\)`),
        )?.[1];
        expect(source, `the registry's module of island ${name}`).to.be.a('string');
        const entry = Object.entries(metafile.outputs).find(
          ([f, o]) => f.endsWith('.js') && o.entryPoint === `islands/${source}`,
        );
        expect(entry, `a chunk for island ${name}`).to.not.equal(undefined);
        const files = new Set<string>();
        // React aside: the react-dom chunk, and a chunk holding only React itself (esbuild puts
        // react in its own chunk when its importers differ from react-dom's).
        const reactOnly = (f: string) =>
          Object.keys(metafile.outputs[f].inputs).every((i) => /node_modules\/(react|scheduler)\//.test(i));
        const visit = (f: string) => {
          if (f === react || reactOnly(f) || files.has(f)) return;
          files.add(f);
          for (const imp of metafile.outputs[f].imports) if (imp.kind === 'import-statement') visit(imp.path);
        };
        visit(entry![0]);
        const size = [...files].reduce((sum, f) => sum + gz(f), 0);
        expect(size, `island ${name}: ${(size / KB).toFixed(1)} KB gzip over ${files.size} file(s)`).to.be.at.most(
          ISLAND_MAX,
        );
      }
    });
  });

  describe('product page layout (headless Chromium)', () => {
    it(`shifts its layout by less than ${CLS_MAX} (CLS) while it loads and hydrates`, async () => {
      const app = await testServer();
      const url = `${app.url}/en-us/products/${await productIdByStockcode('DEMO-CONFIG')}`;
      const page = await newPage();
      try {
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number };
          w.__cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!e.hadRecentInput) w.__cls += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(url, { waitUntil: 'load' });
        await hydrated(page);
        // Wait for what can still move the layout: fonts, images, then two frames for hydration's own layout.
        const cls = await page.evaluate(async () => {
          await document.fonts.ready;
          const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
          await Promise.all(
            pending.map(
              (img) =>
                new Promise((r) => {
                  img.addEventListener('load', r, { once: true });
                  img.addEventListener('error', r, { once: true });
                }),
            ),
          );
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return (window as unknown as { __cls: number }).__cls;
        });
        expect(page.problems).to.deep.equal([]);
        expect(cls, 'CLS').to.be.below(CLS_MAX);
      } finally {
        await page.close();
      }
    });
  });
});
