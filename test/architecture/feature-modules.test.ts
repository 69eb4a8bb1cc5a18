/**
 * The module rule of src (docs/architecture.md, "Features and workflows"), checked from the import
 * statements of every .ts/.tsx file under src:
 *   - src/features/<name> folders import each other in one direction only: no cycle among them;
 *   - anything outside a feature imports it through src/features/<name>/index.ts, never a deeper file;
 *   - no feature imports src/workflows (workflows compose features, never the other way round);
 *   - src/domain (pure rules) imports neither features nor workflows.
 * A plain scanner rather than the compiler: the code base formats every import the same way
 * (Biome), and the installed TypeScript has no JavaScript API to parse with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(root, 'src');

type Import = { from: string; to: string; line: number };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

// `import … from '…'` and `export … from '…'` at the start of a line (an import's clause never holds
// `;`, `(`, `)` or `=`, so the match cannot run past its own statement), `import '…'` and `import('…')`.
const STATEMENT = /^[ \t]*(?:import|export)\s[^;()=]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** The relative imports of a file, resolved to paths from the repository root (src/…). */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): Import[] {
  const out: Import[] = [];
  for (const re of [STATEMENT, SIDE_EFFECT, DYNAMIC]) {
    for (const m of text.matchAll(re)) {
      const spec = m[1];
      if (!spec.startsWith('.')) continue;
      const line = text.slice(0, m.index).split('\n').length;
      out.push({ from: rel(file), to: rel(path.resolve(path.dirname(file), spec)), line });
    }
  }
  return out;
}

/** 'cart' for src/features/cart/…; null outside src/features. */
const featureOf = (p: string) => /^src\/features\/([^/]+)\//.exec(p)?.[1] ?? null;
const show = (i: Import) => `${i.from}:${i.line} -> ${i.to}`;

/** Every cycle's strongly connected component (Tarjan), each given as one concrete loop a -> b -> … -> a. */
export function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1 || edges.get(v)?.has(v)) components.push(c);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  // A shortest loop back to the component's first node, found breadth first inside the component.
  return components.map((c) => {
    const inside = new Set(c);
    const start = [...c].sort()[0];
    const prev = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of edges.get(v) ?? []) {
        if (!inside.has(w)) continue;
        if (w === start) {
          const loop = [v];
          while (loop[0] !== start) loop.unshift(prev.get(loop[0])!);
          return [...loop, start];
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    return [...c, c[0]];
  });
}

describe('architecture: feature modules', () => {
  const imports = sourceFiles(SRC).flatMap((f) => importsOf(f));

  it('finds the imports it checks', () => {
    // A scanner that matched nothing would pass every rule below.
    expect(imports.length).to.be.greaterThan(1000);
    expect(imports.some((i) => featureOf(i.to) && i.from.startsWith('src/routes.ts'))).to.equal(true);
  });

  it('has no import cycle among src/features folders', () => {
    const edges = new Map<string, Set<string>>();
    const why = new Map<string, Import[]>();
    for (const i of imports) {
      const a = featureOf(i.from);
      const b = featureOf(i.to);
      if (!a || !b || a === b) continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
      why.set(`${a}>${b}`, [...(why.get(`${a}>${b}`) ?? []), i]);
    }
    const report = cyclesOf(edges).map((loop) =>
      [
        `cycle: ${loop.join(' -> ')}`,
        ...loop.slice(1).map((b, k) => {
          const a = loop[k];
          return `  ${a} -> ${b}:\n${why
            .get(`${a}>${b}`)!
            .map((i) => `    ${show(i)}`)
            .join('\n')}`;
        }),
      ].join('\n'),
    );
    expect(report.length, `feature folders import each other in a cycle:\n${report.join('\n')}\n`).to.equal(0);
  });

  it('imports another feature only through its index.ts', () => {
    const deep = imports.filter((i) => {
      const b = featureOf(i.to);
      return b && featureOf(i.from) !== b && i.to !== `src/features/${b}/index.ts`;
    });
    const report = deep.map((i) => `${show(i)}  (use src/features/${featureOf(i.to)}/index.ts)`);
    expect(report.length, `deep imports of another feature:\n${report.join('\n')}\n`).to.equal(0);
  });

  it('never imports src/workflows from a feature', () => {
    const report = imports.filter((i) => featureOf(i.from) && i.to.startsWith('src/workflows/')).map(show);
    expect(report.length, `features importing a workflow:\n${report.join('\n')}\n`).to.equal(0);
  });

  it('keeps src/domain free of features and workflows', () => {
    const report = imports
      .filter((i) => i.from.startsWith('src/domain/') && /^src\/(features|workflows)\//.test(i.to))
      .map(show);
    expect(report.length, `src/domain importing a feature or workflow:\n${report.join('\n')}\n`).to.equal(0);
  });
});

describe('architecture: the checks themselves', () => {
  it('reads multi-line, type-only, re-export, side-effect and dynamic imports', () => {
    const text = [
      "import {\n  a,\n  type B,\n} from '../cart/pricing.ts';",
      "import type { C } from '../epp/index.ts';",
      "export { d } from './d.ts';",
      "import './side.ts';",
      "const m = await import('../../workflows/checkout/routes.ts');",
      ' * import { not } from "../comment.ts" in a comment is not an import',
      "import express from 'express';",
    ].join('\n');
    const found = importsOf(path.join(SRC, 'features/orders/x.ts'), text).map((i) => i.to);
    expect(found).to.have.members([
      'src/features/cart/pricing.ts',
      'src/features/epp/index.ts',
      'src/features/orders/d.ts',
      'src/features/orders/side.ts',
      'src/workflows/checkout/routes.ts',
    ]);
  });

  it('names the loop of a cycle', () => {
    const edges = new Map([
      ['cart', new Set(['epp', 'channels'])],
      ['epp', new Set(['orders'])],
      ['orders', new Set(['cart'])],
      ['channels', new Set<string>()],
    ]);
    expect(cyclesOf(edges)).to.deep.equal([['cart', 'epp', 'orders', 'cart']]);
    expect(cyclesOf(new Map([['a', new Set(['b'])]]))).to.deep.equal([]);
  });
});
