/**
 * Server side of the browser bundles: hashed asset URLs from the build manifest, and server
 * rendering of islands into the mount-point markup boot.ts hydrates.
 *
 * Views get both as app.locals (`app.locals.assetUrl = assetUrl; app.locals.renderIsland =
 * renderIsland`, or `Object.assign(app.locals, viewHelpers)`); call loadManifest() and
 * loadIslands() once at startup.
 */
import escapeHtml from 'escape-html';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islands } from '../../islands/registry.ts';
import { IslandShell } from '../../islands/lib/shell.ts';

export type Manifest = Record<string, string>;

let manifest: Manifest | undefined;
let manifestFile = '';
let manifestMtime = 0;

/** Reads `dir/manifest.json` ({"boot.js": "/build/boot-HASH.js", ...}). */
export function loadManifest(dir = 'public/build'): Manifest {
  const file = path.resolve(dir, 'manifest.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    manifestMtime = statSync(file).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`Asset manifest ${file} not found: run \`npm run build\` first.`);
    }
    throw err;
  }
  manifest = JSON.parse(text) as Manifest;
  manifestFile = file;
  return manifest;
}

/** The URL of a built asset by logical name ('boot.js', 'app.css'). */
export function assetUrl(name: string): string {
  if (!manifest) loadManifest();
  else if (process.env.NODE_ENV !== 'production') {
    // `npm run dev` rebuilds under a running server: pick up the new hashes.
    try {
      if (statSync(manifestFile).mtimeMs !== manifestMtime) loadManifest(path.dirname(manifestFile));
    } catch {
      // mid-rebuild; keep the last manifest
    }
  }
  const url = manifest![name];
  if (!url) throw new Error(`No asset "${name}" in ${manifestFile} (has: ${Object.keys(manifest!).join(', ')})`);
  return url;
}

const loaded = new Map<string, ComponentType<any>>();

/** Imports every island once, so renderIsland can stay synchronous. Idempotent. */
export async function loadIslands(): Promise<void> {
  await Promise.all(
    Object.entries(islands).map(async ([name, load]) => {
      if (!loaded.has(name)) loaded.set(name, (await load()).default);
    }),
  );
}

/** JSON that is safe inside <script>: nothing can close the tag or start a comment. */
export function scriptJson(value: unknown): string {
  return (JSON.stringify(value ?? null) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttr = (v: string) => escapeHtml(v);

const ATTR_NAME = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;
const RESERVED = new Set(['data-island', 'data-island-id', 'data-hydrated']);

// Per-mount useId prefix, so two islands on one page never share an id.
let mounts = 0;

/**
 * The mount point for island `name`, server-rendered:
 * `<div data-island="name" data-island-id=".." ...attrs><script type="application/json"
 * data-island-props>{props}</script><div data-island-root>HTML</div></div>`.
 */
export function renderIsland(name: string, props: unknown, attrs: Record<string, string> = {}): string {
  if (!Object.hasOwn(islands, name)) throw new Error(`Unknown island "${name}"`);
  const Component = loaded.get(name);
  if (!Component) throw new Error(`Island "${name}" is not loaded: call loadIslands() at startup`);

  mounts = (mounts + 1) % 0x7fffffff;
  const id = `i${mounts.toString(36)}-`;
  let attrText = '';
  for (const [key, value] of Object.entries(attrs)) {
    if (!ATTR_NAME.test(key) || RESERVED.has(key.toLowerCase()) || key.toLowerCase().startsWith('on')) {
      throw new Error(`renderIsland: attribute "${key}" not allowed`);
    }
    attrText += ` ${key}="${escapeAttr(String(value))}"`;
  }
  const html = renderToString(createElement(IslandShell, null, createElement(Component, props as object)), {
    identifierPrefix: id,
  });
  return (
    `<div data-island="${escapeAttr(name)}" data-island-id="${id}"${attrText}>` +
    `<script type="application/json" data-island-props>${scriptJson(props)}</script>` +
    `<div data-island-root>${html}</div></div>`
  );
}

/** For `Object.assign(app.locals, viewHelpers)`. */
export const viewHelpers = { assetUrl, renderIsland };
