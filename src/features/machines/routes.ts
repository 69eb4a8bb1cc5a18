/**
 * My machines, a customer's own list under /{locale}/:
 *   GET  /account/machines                 the list and the add form (JSON: {machines})
 *   POST /account/machines                 add (form or JSON); no model: found from the serial
 *   GET  /account/machines/{id}/edit       the edit form
 *   POST /account/machines/{id}            change it
 *   POST /account/machines/{id}/delete     remove it
 * Only the owner's machines: another user's id answers 404, as a missing one does. Who may reach
 * the routes is the route table's business (src/http/route-permissions.ts).
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { listModels, machinesOf, ownMachine } from './queries.ts';
import { MachineBody } from './schemas.ts';
import { addMachine, editMachine, removeMachine } from './service.ts';
import { formValues, machineJson, modelOptions } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/machines';

const idOf = (req: Request) => parseInput(IdParam, req.params.id);

/** The list page's locals; `typed`: what the add form sent, shown again when refused. */
async function listLocals(s: Services, req: Request, typed: Record<string, unknown> | null) {
  const [machines, models] = await Promise.all([machinesOf(s.db, req.user!.id), listModels(s.db)]);
  return {
    title: req.t('machines.title'),
    machines,
    models: modelOptions(models),
    values: formValues(null, typed),
    fields: {},
    accountNav: 'machines',
  };
}

/** The edit page's locals (404 for a machine that is not the user's). */
async function editLocals(s: Services, req: Request, typed: Record<string, unknown> | null) {
  const machine = await ownMachine(s.db, req.user!.id, idOf(req));
  if (!machine) throw notFound('That machine does not exist.');
  return {
    title: req.t('machines.edit.title', { name: machine.name }),
    machine,
    models: modelOptions(await listModels(s.db)),
    values: formValues(machine, typed),
    fields: {},
    accountNav: 'machines',
  };
}

export function machineRoutes(s: Services): Router {
  const r = routes();

  const done = (req: Request, res: Response, key: 'machines.added' | 'machines.saved' | 'machines.removed') => {
    flash(req, 'success', req.t(key));
    res.redirect(303, `/${req.locale}${BASE}`);
  };

  /** GET /{locale}/account/machines */
  route(r, 'get', BASE, { allow: 'signed-in', note: 'own machines' }, async (req, res) => {
    const locals = await listLocals(s, req, null);
    if (wantsJson(req)) return void res.json({ machines: locals.machines.map(machineJson) });
    await res.page('machines/index', locals);
  });

  /** POST /{locale}/account/machines */
  route(
    r,
    'post',
    BASE,
    { allow: 'signed-in', note: 'adds to own machines' },
    formPage('machines/index', (rq) => listLocals(s, rq, rq.body ?? {})),
    async (req, res) => {
      const id = await addMachine(s.db, req.user!.id, parseInput(MachineBody, req.body), new Date());
      if (!wantsJson(req)) return done(req, res, 'machines.added');
      const machine = await ownMachine(s.db, req.user!.id, id);
      res.status(201).json({ machine: machineJson(machine!) });
    },
  );

  /** GET /{locale}/account/machines/{id}/edit */
  route(r, 'get', `${BASE}/:id/edit`, { allow: 'signed-in', note: 'own machine; 404 otherwise' }, async (req, res) => {
    await res.page('machines/edit', await editLocals(s, req, null));
  });

  /** POST /{locale}/account/machines/{id} */
  route(
    r,
    'post',
    `${BASE}/:id`,
    { allow: 'signed-in', note: 'own machine; 404 otherwise' },
    formPage('machines/edit', (rq) => editLocals(s, rq, rq.body ?? {})),
    async (req, res) => {
      const id = idOf(req);
      // Another's machine is a 404 before its input is read: a 400 would say it exists.
      if (!(await ownMachine(s.db, req.user!.id, id))) throw notFound('That machine does not exist.');
      await editMachine(s.db, req.user!.id, id, parseInput(MachineBody, req.body), new Date());
      if (!wantsJson(req)) return done(req, res, 'machines.saved');
      res.json({ machine: machineJson((await ownMachine(s.db, req.user!.id, id))!) });
    },
  );

  /** POST /{locale}/account/machines/{id}/delete */
  route(
    r,
    'post',
    `${BASE}/:id/delete`,
    { allow: 'signed-in', note: 'own machine; 404 otherwise' },
    async (req, res) => {
      const id = idOf(req);
      await removeMachine(s.db, req.user!.id, id);
      if (!wantsJson(req)) return done(req, res, 'machines.removed');
      res.json({ deleted: id });
    },
  );

  return r;
}
