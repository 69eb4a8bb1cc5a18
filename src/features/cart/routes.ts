/** Routes of the cart area (filled in by its owner). */
import { Router } from 'express';
import type { Services } from '../../app.ts';

export function cartRoutes(_s: Services): Router {
  const r = Router({ mergeParams: true });
  return r;
}
