/**
 * No source file over 400 lines in src/ or islands/: a file that grows past it is split by job
 * (the product shape apart from the product lists, a schema's tables apart from each other), so a
 * reader finds one job per file. Lines are counted as `wc -l` counts them. Style sheets are not
 * counted (the storefront's is one cascade).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const MAX_LINES = 400;
const root = path.resolve('.');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|ejs)$/.test(e.name) ? [full] : [];
  });
}

describe('architecture: file length', () => {
  it(`no file under src/, islands/ or views/ is over ${MAX_LINES} lines`, () => {
    const long = ['src', 'islands', 'views']
      .flatMap((d) => sourceFiles(path.join(root, d)))
      .map((f) => ({ file: path.relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).to.deep.equal([]);
  });
});
