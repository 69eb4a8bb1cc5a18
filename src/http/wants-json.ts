import type { Request } from 'express';

/**
 * THE decision between an HTML answer and a JSON one; every route and the error handler ask it,
 * none reads Accept, X-Requested-With or the bearer on its own. JSON goes to:
 *   - a request carrying an Authorization header (a bearer call, or a failed one: a script either way);
 *   - a request marked `X-Requested-With: XMLHttpRequest` (the contract's mark of our scripts);
 *   - a request under /api/ or /{locale}/api/;
 *   - a request whose Accept prefers application/json over text/html (acceptPrefersJson).
 * Everything else (browsers navigating or posting forms, no Accept, `*\/*`) gets HTML.
 */
export function wantsJson(req: Request): boolean {
  if (req.xhr || req.bearer || req.get('authorization')) return true;
  if (req.path.startsWith('/api/') || /^\/[a-z]{2}-[a-z]{2}\/api\//.test(req.path)) return true;
  return acceptPrefersJson(req.get('accept'));
}

type Match = { q: number; specificity: number; order: number };

/**
 * Whether an Accept header prefers application/json over text/html, as content negotiation ranks
 * them (and as Express's req.accepts(['html', 'json']) answers): the higher quality wins; on a
 * tie the more specific range (`application/json` over `application/*` over `*\/*`), then the one
 * listed first. No header, `*\/*` alone, or neither acceptable: HTML.
 */
export function acceptPrefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part, order) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return { range, q: Number.isFinite(q) ? q : 0, order };
  });
  const best = (type: string, subtype: string): Match | undefined => {
    let found: Match | undefined;
    for (const r of ranges) {
      const [t, s] = r.range.split('/');
      const specificity =
        t === type && s === subtype ? 2 : t === type && s === '*' ? 1 : t === '*' && s === '*' ? 0 : -1;
      if (specificity < 0) continue;
      if (!found || specificity > found.specificity) found = { q: r.q, specificity, order: r.order };
    }
    return found && found.q > 0 ? found : undefined;
  };
  const json = best('application', 'json');
  const html = best('text', 'html');
  if (!json) return false;
  if (!html) return true;
  if (json.q !== html.q) return json.q > html.q;
  if (json.specificity !== html.specificity) return json.specificity > html.specificity;
  return json.order < html.order;
}
