import type { Request } from 'express';

/** Scripts (XHR marker, JSON accept, bearer or /api paths) get JSON; browsers navigating get HTML. */
export function wantsJson(req: Request): boolean {
  if (req.xhr || req.bearer || req.get('authorization')) return true;
  if (req.path.startsWith('/api/') || /^\/[a-z]{2}-[a-z]{2}\/api\//.test(req.path)) return true;
  const accept = req.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
