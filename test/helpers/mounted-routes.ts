/**
 * Every route an Express app has mounted, read (never changed) from its router stack: method and
 * full path pattern ('/:locale/account/orders/:id'). Tests only: it is what Express really serves,
 * found without the route declarations (src/http/route.ts), so the authorization walk
 * (test/http/route-permissions.test.ts) and the fuzz cover a route even if it escaped them, and
 * test/http/route-table.test.ts checks that every mounted route was declared.
 */
import type { Express } from 'express';

export type MountedRoute = { method: string; path: string };

/** A route layer of Express's router (router 2.x): `handle` runs the route's handlers. */
type RouteLayer = {
  route: { path: string | string[]; methods: Record<string, boolean> };
  handle: (req: unknown, res: unknown, next: (err?: unknown) => void) => unknown;
};

type Layer = {
  route?: RouteLayer['route'];
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
  slash?: boolean;
};

/** Each route layer with the full path patterns it answers (prefixes of its routers joined). */
function routeLayers(app: Express): { layer: RouteLayer; paths: string[] }[] {
  const out: { layer: RouteLayer; paths: string[] }[] = [];
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(root.stack, '', out);
  return out;
}

export function mountedRoutes(app: Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  for (const { layer, paths } of routeLayers(app)) {
    for (const p of paths) {
      for (const [m, on] of Object.entries(layer.route.methods)) {
        if (on && m !== '_all') out.push({ method: m.toUpperCase(), path: p });
      }
    }
  }
  const seen = new Set<string>();
  return out.filter((r) => {
    const k = `${r.method} ${r.path}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function walk(stack: Layer[], prefix: string, out: { layer: RouteLayer; paths: string[] }[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      out.push({ layer: layer as RouteLayer, paths: paths.map((p) => join(prefix, p)) });
    } else if (layer.handle?.stack) {
      const raw = Array.isArray(layer.rawPath) ? layer.rawPath[0] : layer.rawPath;
      walk(layer.handle.stack, layer.slash || !raw || raw === '/' ? prefix : join(prefix, raw), out);
    }
  }
}

function join(a: string, b: string): string {
  const p = `${a}/${b}`.replace(/\/+/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}
