// Builds the browser bundles: `node esbuild.config.mjs [--watch]`.
//
// Two entries: islands/boot.ts (a tiny script that finds mount points and lazily imports the
// island code) and islands/styles/app.css. Splitting puts each island and React in their own
// chunks, so a page without islands downloads only boot. The server finds hashed file names
// through public/build/manifest.json ({"boot.js": "/build/boot-HASH.js", ...}).
//
// Tests import build() to bundle into a temporary directory instead of public/build.
import * as esbuild from 'esbuild';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';

const root = path.dirname(fileURLToPath(import.meta.url));

export const ENTRY_POINTS = ['islands/boot.ts', 'islands/styles/app.css'];

/** esbuild options; `outdir` is where files go, `publicPath` the URL the server serves it at. */
export function buildOptions({ outdir = 'public/build', publicPath = '/build' } = {}) {
  return {
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    target: 'es2020',
    sourcemap: 'linked',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    outdir: path.resolve(root, outdir),
    // Absolute URLs for file-loader assets (fonts, Leaflet's marker images) wherever they are used.
    publicPath,
    loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  };
}

/** Logical name ("boot.js", "app.css") → URL, for the entries we declared (not lazy chunks). */
export function manifestOf(metafile, outdir, publicPath) {
  const declared = new Set(ENTRY_POINTS);
  const manifest = {};
  const url = (file) => `${publicPath}/${path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/')}`;
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!out.entryPoint || !declared.has(out.entryPoint) || file.endsWith('.map')) continue;
    const base = path.basename(out.entryPoint).replace(/\.[^.]+$/, '');
    manifest[base + path.extname(file)] = url(file);
    // CSS imported from a JS entry comes out as a sibling bundle.
    if (out.cssBundle) manifest[`${base}.css`] = url(out.cssBundle);
  }
  return manifest;
}

function refuseDangerousOutdir(outdir) {
  const rel = path.relative(outdir, root);
  // outdir must not be the project itself or one of its parents.
  if (outdir === path.parse(outdir).root || rel === '' || !rel.startsWith('..')) {
    throw new Error(`refusing to clean ${outdir}`);
  }
}

async function cleanDir(outdir) {
  refuseDangerousOutdir(outdir);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
}

/** Deletes files a rebuild no longer produces (watch mode would otherwise pile up hashes). */
async function prune(outdir, keep) {
  for (const entry of await readdir(outdir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!keep.has(file)) await rm(file, { force: true });
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** "boot" counts what every page loads up front: boot plus its static imports. */
function sizeLine(metafile, manifest, outdir, ms) {
  const bootKey = Object.keys(metafile.outputs).find(
    (f) => manifest['boot.js'] && path.resolve(root, f) === path.join(outdir, manifest['boot.js'].split('/').pop()),
  );
  const initial = new Set();
  const visit = (f) => {
    if (!f || initial.has(f)) return;
    initial.add(f);
    for (const imp of metafile.outputs[f].imports) if (imp.kind === 'import-statement') visit(imp.path);
  };
  visit(bootKey);
  const sum = { boot: [0, 0], lazy: [0, 0], css: [0, 0] };
  for (const file of Object.keys(metafile.outputs)) {
    if (file.endsWith('.map') || !/\.(js|css)$/.test(file)) continue;
    const bytes = readFileSync(path.resolve(root, file));
    const bucket = file.endsWith('.css') ? sum.css : initial.has(file) ? sum.boot : sum.lazy;
    bucket[0] += bytes.length;
    bucket[1] += gzipSync(bytes).length;
  }
  const fmt = ([raw, gz]) => `${kb(raw)} (${kb(gz)} gz)`;
  return `islands built in ${ms} ms: boot ${fmt(sum.boot)}, lazy chunks ${fmt(sum.lazy)}, css ${fmt(sum.css)}`;
}

/** Writes manifest.json (atomically: a running dev server may be reading it) and prunes stale files. */
function manifestPlugin({ outdir, publicPath, quiet }) {
  let started = 0;
  return {
    name: 'manifest',
    setup(build) {
      build.onStart(() => {
        started = Date.now();
      });
      build.onEnd(async (result) => {
        if (result.errors.length || !result.metafile) return;
        const manifest = manifestOf(result.metafile, outdir, publicPath);
        const target = path.join(outdir, 'manifest.json');
        const tmp = `${target}.${process.pid}.tmp`;
        await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
        await rename(tmp, target);
        const keep = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(root, f)));
        keep.add(target);
        await prune(outdir, keep);
        if (!quiet) console.log(sizeLine(result.metafile, manifest, outdir, Date.now() - started));
      });
    },
  };
}

/**
 * One build. Returns {manifest, metafile, outdir}. Cleans outdir first.
 * @param {{outdir?: string, publicPath?: string, quiet?: boolean}} [opts]
 */
export async function build({ outdir = 'public/build', publicPath = '/build', quiet = false } = {}) {
  const options = buildOptions({ outdir, publicPath });
  await cleanDir(options.outdir);
  const result = await esbuild.build({
    ...options,
    plugins: [manifestPlugin({ outdir: options.outdir, publicPath, quiet })],
  });
  return {
    outdir: options.outdir,
    metafile: result.metafile,
    manifest: manifestOf(result.metafile, options.outdir, publicPath),
  };
}

/** Rebuilds on change until the process ends; a failed rebuild keeps the last good manifest. */
export async function watch({ outdir = 'public/build', publicPath = '/build' } = {}) {
  const options = buildOptions({ outdir, publicPath });
  await cleanDir(options.outdir);
  const ctx = await esbuild.context({
    ...options,
    logLevel: 'info',
    plugins: [manifestPlugin({ outdir: options.outdir, publicPath, quiet: false })],
  });
  await ctx.watch();
  return ctx;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (process.argv.includes('--watch')) {
    await watch();
  } else {
    try {
      await build();
    } catch {
      // esbuild has already printed the errors.
      process.exit(1);
    }
  }
}
