/** Routes of the catalog area (filled in by its owner). */
import { Router } from 'express';
import type { Services } from '../../app.ts';

export function catalogRoutes(_s: Services): Router {
  const r = Router({ mergeParams: true });
  return r;
}
