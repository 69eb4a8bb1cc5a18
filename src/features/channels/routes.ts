/** Channel routes (filled in by its owner). */
import { Router } from 'express';
import type { Services } from '../../app.ts';

/** Under /{locale}/ */
export function channelRoutes(_s: Services): Router {
  return Router({ mergeParams: true });
}

/** Unprefixed (/api/…) */
export function channelApiRoutes(_s: Services): Router {
  return Router();
}
