import { Router } from 'express';
import type { Services } from '../../services.ts';
export function orderApiRoutes(_s: Services): Router {
  return Router({ mergeParams: true });
}
