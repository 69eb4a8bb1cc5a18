/**
 * Every route an Express app has mounted, read from its router stack: method and full path
 * pattern ('/:locale/account/orders/:id'). The route-permission test walks this list against
 * src/http/route-permissions.ts, so a router that adds a route without a table row fails it.
 */
import type { Express } from 'express';

export type MountedRoute = { method: string; path: string };

type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
  slash?: boolean;
};

export function mountedRoutes(app: Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(root.stack, '', out);
  const seen = new Set<string>();
  return out.filter((r) => {
    const k = `${r.method} ${r.path}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function walk(stack: Layer[], prefix: string, out: MountedRoute[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const p of paths) {
        for (const [m, on] of Object.entries(layer.route.methods)) {
          if (on && m !== '_all') out.push({ method: m.toUpperCase(), path: join(prefix, p) });
        }
      }
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
