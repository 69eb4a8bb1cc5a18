/**
 * Back-office order pages: the order search (/{locale}/account/dashboard/orders) and the order
 * detail (/admin/orders/detail/{order_id}). Every route checks orders.view.
 */
import { orderBackorders } from '../../db/queries/back-order.ts';
import { splitShipmentOf } from '../../db/queries/split-shipment.ts';
import { shipmentNoteOf } from '../../domain/split-shipment.ts';
import type { Router, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { ORDER_STATUSES } from '../../db/schema/constants.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { orderLog, historyText, isHistoryWords, type WordsTranslate, synchronize } from '../order-api/index.ts';
import { orderLedgerView } from '../../domain/ledger-view.ts';
import type { OrderJson } from '../../domain/order-edit.ts';
import { editorLabels } from '../../domain/order-edit-labels.ts';
import { shipmentMethodLabel } from '../../domain/shipping.ts';
import { orderCardLabel } from '../../domain/payments.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import { containerRoutes } from './container-routes.ts';
import { createDraft, findPeople, submitDraft } from './drafts.ts';
import { OrderSearchQuery } from './schemas.ts';
import { searchOrders } from './search.ts';
import { quoteNumberOf } from './queries.ts';
import { orderDisplayNumber } from '../../domain/order-number.ts';
import { orderSearchView } from './view-model.ts';
import { orderPlan } from '../epp/index.ts'; // EPP plan and schedule
import { buyerIsGuest } from '../guest/index.ts';
import { returnsPanel } from '../returns/index.ts'; // The order's returns (RMA)
import { mount, route, routes } from '../../http/route.ts';
import { machineDownOf } from '../machine-down/index.ts';
import { allocationWarehouses, stockAllocationRoute } from '../stock-allocation/index.ts';

/** Routes under /{locale}/… */
export function orderAdminLocalizedRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/account/dashboard/orders */
  route(r, 'get', '/account/dashboard/orders', { allow: 'orders.view' }, async (req, res) => {
    const q = parseInput(OrderSearchQuery, req.query);
    const channels = await s.channels.all();
    const channelId = q.channel ? (channels.find((c) => c.code === q.channel)?.id ?? null) : undefined;
    const page = await searchOrders(s.db, q, channelId);
    const path = `/${req.locale}/account/dashboard/orders`;
    const view = orderSearchView(path, q, page, (id) => channels.find((c) => c.id === id)?.code ?? '');
    await res.page('order-admin/index', {
      title: req.t('oa.orders.title'),
      layout: 'layouts/admin',
      nav: 'orders',
      statuses: ORDER_STATUSES,
      channelList: channels.map((c) => ({ code: c.code, name: c.name })),
      // Staff who edit orders hand incoming stock to waiting orders (machine down first).
      allocateFrom: req.user!.permissions.has('orders.edit') ? await allocationWarehouses(s.db) : null,
      ...view,
    });
  });

  /** POST /{locale}/account/dashboard/orders/allocate */
  stockAllocationRoute(r, s);

  /** GET /{locale}/admin/orders/create — find the person the order is for */
  route(r, 'get', '/admin/orders/create', { allow: 'orders.edit' }, async (req, res) => {
    const q = parseInput(PeopleQuery, req.query).q;
    const people = q ? await findPeople(s.db, q) : [];
    await res.page('order-admin/create', {
      title: req.t('oa.create.title'),
      layout: 'layouts/admin',
      nav: 'orders',
      q: q ?? '',
      people,
    });
  });

  /** POST /{locale}/admin/orders/create (person_id) — a new draft, then the editor */
  route(r, 'post', '/admin/orders/create', { allow: 'orders.edit' }, async (req, res) => {
    const { person_id } = parseInput(z.object({ person_id: IdParam }), req.body);
    const id = await createDraft(s.db, person_id, req.user!, req.locale);
    res.redirect(303, `/admin/orders/detail/${id}/edit`);
  });

  return r;
}

const PeopleQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(100, 'At most 100 characters.').optional(),
  ),
});

/** Unprefixed routes (/admin/…). */
export function orderAdminRoutes(s: Services): Router {
  const r = routes();
  mount(r, containerRoutes(s));

  /** GET /admin/orders/detail/{order_id} */
  route(r, 'get', '/admin/orders/detail/:orderId', { allow: 'orders.view' }, async (req, res) => {
    await res.page('order-admin/detail', await detailLocals(s, req, req.params.orderId));
  });

  // A refused submit (no lines yet, or submitted meanwhile: 409): the order page again with the message.
  // The error handler runs outside this router, where req.params is empty: keep the id now.
  const submitForm: RequestHandler = (req, res, next) => {
    const orderId = req.params.orderId;
    return formPage('order-admin/detail', (rq) => detailLocals(s, rq, orderId))(req, res, next);
  };

  /** POST /admin/orders/detail/{order_id}/submit — a staff draft goes to the customer */
  route(r, 'post', '/admin/orders/detail/:orderId/submit', { allow: 'orders.edit' }, submitForm, async (req, res) => {
    const id = parseInput(IdParam, req.params.orderId);
    await submitDraft(s.db, id, req.user!);
    flash(req, 'success', req.t('oa.create.submitted'));
    res.redirect(303, `/admin/orders/detail/${id}`);
  });

  /** GET /admin/orders/detail/{order_id}/edit — the order editor island */
  route(r, 'get', '/admin/orders/detail/:orderId/edit', { allow: 'orders.edit' }, editorPage(s));

  return r;
}

/** The order page's locals: the order, its history, its EPP plan and its figures from the one ledger. */
async function detailLocals(s: Services, req: Request, param: unknown) {
  const id = parseInput(IdParam, param);
  const [order, log, epp, quoteId, machineDown, returns, backorders, splitShipment] = await Promise.all([
    synchronize(s.db, id, req.user, req.t as unknown as (k: string) => string),
    orderLog(s.db, id),
    orderPlan(s.db, id),
    quoteNumberOf(s.db, id),
    machineDownOf(s.db, id), // The buyer's machine is stopped: flagged at the top
    returnsPanel(s.db, id),
    orderBackorders(s.db, id),
    splitShipmentOf(s.db, id),
  ]);
  const t = req.t as unknown as WordsTranslate;
  // A quote is "Quote #N" with the buyer's number (order-number.ts), never "Order #id".
  const shown = orderDisplayNumber({ id: order.order_id, status: order.status, quote: order.quote, quoteId });
  const heading = req.t(shown.key as never, { id: shown.number } as never);
  return {
    title: heading,
    heading,
    order,
    log,
    epp,
    machineDown,
    returnsPanel: returns,
    layout: 'layouts/admin',
    nav: 'orders',
    backorders, // lines waiting for back-ordered units
    // Back-ordered units: in parts or together, and when (src/domain/split-shipment.ts).
    shipmentNote: shipmentNoteOf(
      {
        splitShipment,
        lines: Object.values(backorders).map((b) => ({ backorderedQuantity: b.quantity, backorderShipOn: b.shipOn })),
      },
      req.locale,
      req.t as never,
    ),
    // A returned core is credited from its deposit line by staff who may refund (orders.pay).
    canCreditCore: req.user?.permissions.has('orders.pay') === true && order.status !== 'cart',
    // Every figure of the page from the one ledger: rows that add up, unpaid by the balance rule.
    ledger: orderLedgerView(order as OrderJson),
    // A save of the editor reads in the reader's language (history-words.ts); older entries as written.
    logText: (e: { message: string; data: unknown }) => {
      const words = (e.data as { words?: unknown } | null)?.words;
      return isHistoryWords(words) ? historyText(words, t, req.locale) : e.message;
    },
    shipmentLabel: shipmentMethodLabel(order.shipment_method, order.shipment_quotes),
    guestBuyer: await buyerIsGuest(s.db, order), // Marked "Guest"
    cardOf: (p: { payment_method_id: string | null }) =>
      orderCardLabel('third_party_info' in order ? order.third_party_info : null, p.payment_method_id),
  };
}

/** GET /admin/orders/detail/{order_id}/edit: the order editor island. */
function editorPage(s: Services) {
  return async (req: Request, res: Response) => {
    const id = parseInput(IdParam, req.params.orderId);
    const t = req.t as unknown as (k: string) => string;
    const order = await synchronize(s.db, id, req.user, t);
    const statuses = ORDER_STATUSES.filter((st) => st !== 'cart').map((value) => ({
      value,
      label: t(`order.status.${value}`),
    }));
    await res.page('order-admin/edit', {
      title: req.t('oa.editor.title', { id }),
      layout: 'layouts/admin',
      nav: 'orders',
      order,
      editorProps: {
        locale: req.locale,
        order,
        statuses,
        canPay: req.user!.permissions.has('orders.pay'),
        tokenizeUrl: paymentProviderOf(s).tokenizeUrl,
        labels: editorLabels(t),
      },
    });
  };
}
