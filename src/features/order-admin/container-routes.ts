/** The containers screen: /admin/orders/detail/{order_id}/containers (orders.view to see, orders.edit to pack). */
import type { Router, Request, Response } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { AppError } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { constraintConflict, translated } from '../../http/error-handler.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { createContainer, deleteContainer, loadContainers, packLine } from './containers.ts';
import { route, routes } from '../../http/route.ts';

const NewContainer = z.object({
  warehouse_id: IdParam,
  label: z
    .string({ message: 'Name the container.' })
    .trim()
    .min(1, 'Name the container.')
    .max(60, 'At most 60 characters.'),
});
const Pack = z.object({
  container: IdParam,
  line_item_id: IdParam,
  quantity: z.coerce
    .number({ message: 'Enter a number of units.' })
    .int('Enter a whole number of units.')
    .min(0, 'Enter 0 or more units.')
    .max(999, 'At most 999 units.'),
});

export function containerRoutes(s: Services): Router {
  const r = routes();
  const base = '/admin/orders/detail/:orderId/containers';
  const page = (id: number) => `/admin/orders/detail/${id}/containers`;

  async function render(req: Request, res: Response, id: number, error?: AppError) {
    const state = await loadContainers(s.db, id);
    await res.page(
      'order-admin/containers',
      {
        title: req.t('oa.containers.title', { id }),
        layout: 'layouts/admin',
        nav: 'orders',
        orderId: id,
        groups: state.groups,
        error: error?.message ?? null,
      },
      error?.status ?? 200,
    );
  }
  /** Browsers get the screen again with the message; scripts get the JSON error. */
  const writing = (run: (req: Request, id: number) => Promise<void>) => async (req: Request, res: Response) => {
    const id = parseInput(IdParam, req.params.orderId);
    try {
      await run(req, id);
    } catch (e) {
      // Bad input (400) or a conflict (409, a constraint violation included): the screen again, in the visitor's language.
      const known = e instanceof AppError ? e : constraintConflict(e);
      if (known && (known.status === 400 || known.status === 409) && !wantsJson(req))
        return render(req, res, id, translated(known, req));
      throw e;
    }
    flash(req, 'success', req.t('oa.containers.saved'));
    res.redirect(303, page(id));
  };

  /** GET /admin/orders/detail/{order_id}/containers */
  route(r, 'get', base, { allow: 'orders.view' }, async (req, res) =>
    render(req, res, parseInput(IdParam, req.params.orderId)),
  );

  /** POST /admin/orders/detail/{order_id}/containers (warehouse_id, label) */
  route(
    r,
    'post',
    base,
    { allow: 'orders.edit' },
    writing(async (req, id) => {
      const body = parseInput(NewContainer, req.body);
      await createContainer(s.db, id, body.warehouse_id, body.label, req.user!);
    }),
  );

  /** POST /admin/orders/detail/{order_id}/containers/pack (container, line_item_id, quantity; 0 takes the line out) */
  route(
    r,
    'post',
    `${base}/pack`,
    { allow: 'orders.edit' },
    writing(async (req, id) => {
      const body = parseInput(Pack, req.body);
      await packLine(s.db, id, body.container, body.line_item_id, body.quantity, req.user!);
    }),
  );

  /** POST /admin/orders/detail/{order_id}/containers/{container_id}/delete */
  route(
    r,
    'post',
    `${base}/:containerId/delete`,
    { allow: 'orders.edit' },
    writing(async (req, id) => {
      await deleteContainer(s.db, id, parseInput(IdParam, req.params.containerId), req.user!);
    }),
  );

  return r;
}
