/**
 * Customers in the back office: the search (/account/dashboard/customers), the customer page
 * (addresses, organisation, orders, payments) and the customer address edit screen.
 */
import type { Router, Request, Response } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { IdParam, parseInput, text } from '../../http/validate.ts';
import { withQuery } from '../order-admin/index.ts';
import {
  CUSTOMER_SORTS,
  customerDefaultDir,
  getCustomer,
  listCountries,
  listRegionsOf,
  searchCustomers,
} from './queries.ts';
import { AddressForm, updateCustomerAddress } from './service.ts';
import type { FormPage } from '../../http/error-handler.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { addCustomer, CustomerForm } from './create.ts';
import { route, routes } from '../../http/route.ts';
import { machinesOf } from '../machines/index.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const CustomerQuery = z.object({
  q: z.preprocess(blank, text().trim().max(100, 'At most 100 characters.').optional()),
  sort: z.preprocess(blank, z.enum(CUSTOMER_SORTS, { message: 'Unknown sort column.' }).optional()),
  dir: z.preprocess(blank, z.enum(['asc', 'desc'], { message: 'Sort asc or desc.' }).optional()),
  after: z.preprocess(blank, z.string().max(400).optional()),
  before: z.preprocess(blank, z.string().max(400).optional()),
});

const base = '/account/dashboard/customers';

/** "Add customer": the form and the new account. */
function registerNewCustomer(r: Router, s: Services): void {
  // "Add customer": static path, so before /:personId.
  const newPage = async (req: import('express').Request, values: Record<string, unknown>) => {
    const country = String(values.countryCode || 'US').toUpperCase();
    const [countries, regions] = await Promise.all([listCountries(s.db), listRegionsOf(s.db, country)]);
    return {
      title: req.t('oa.customers.add'),
      layout: 'layouts/admin',
      nav: 'customers',
      values: { countryCode: country, ...values },
      countries,
      regions,
    };
  };

  /** GET /account/dashboard/customers/new */
  route(
    r,
    'get',
    `${base}/new`,
    { allow: 'customers.edit', note: 'staff open a customer account (role customer, no permissions)' },
    async (req, res) => {
      await res.page('customers/new', { ...(await newPage(req, {})), fields: {} });
    },
  );

  /** POST /account/dashboard/customers/new */
  route(
    r,
    'post',
    `${base}/new`,
    { allow: 'customers.edit', note: 'staff open a customer account (role customer, no permissions)' },
    async (req, res, next) => {
      // The re-rendered form needs the countries and regions: read them before the handler may throw.
      const locals = await newPage(req, req.body ?? {});
      res.locals.formPage = { view: 'customers/new', locals: () => locals } satisfies FormPage;
      next();
    },
    async (req, res) => {
      const form = parseInput(CustomerForm, req.body);
      const { personId } = await addCustomer(s.db, s.auth, form, req.locale, req.user!.id);
      if (wantsJson(req)) return void res.status(201).json({ customer: { id: personId } });
      flash(req, 'success', req.t('oa.customers.added', { name: `${form.firstName} ${form.lastName}` }));
      res.redirect(303, `${base}/${personId}`);
    },
  );
}

/** A customer's address, edited by staff. */
function registerAddressEdit(r: Router, s: Services): void {
  async function addressLocals(
    req: import('express').Request,
    personId: number,
    addressId: number,
    form: Record<string, unknown> | null,
  ) {
    const customer = await getCustomer(s.db, personId);
    const address = customer?.addresses.find((a) => a.id === addressId);
    if (!customer || !address) throw notFound('Address not found.');
    const values = { ...address, ...(form ?? {}) } as Record<string, unknown>;
    const country = String(values.countryCode ?? 'US').toUpperCase();
    const [countries, regions] = await Promise.all([listCountries(s.db), listRegionsOf(s.db, country)]);
    return {
      title: req.t('oa.address.editTitle'),
      layout: 'layouts/admin',
      nav: 'customers',
      customer,
      address,
      values,
      countries,
      regions,
    };
  }

  /** GET /account/dashboard/customers/{person_id}/addresses/{address_id}/edit */
  route(r, 'get', `${base}/:personId/addresses/:addressId/edit`, { allow: 'customers.edit' }, async (req, res) => {
    const locals = await addressLocals(
      req,
      parseInput(IdParam, req.params.personId),
      parseInput(IdParam, req.params.addressId),
      null,
    );
    await res.page('customers/address-edit', { ...locals, fields: {} });
  });

  /**
   * POST /account/dashboard/customers/{person_id}/addresses/{address_id}/edit — bad input: the
   * form again (400, the typed values kept, the messages beside the fields); scripts get the error shape.
   */
  const addressForm: import('express').RequestHandler = (req, res, next) => {
    // The error handler runs outside this router, where req.params is empty: keep the ids now.
    const { personId, addressId } = req.params;
    res.locals.formPage = {
      view: 'customers/address-edit',
      locals: (rq) => addressLocals(rq, parseInput(IdParam, personId), parseInput(IdParam, addressId), rq.body ?? {}),
    } satisfies FormPage;
    next();
  };
  route(
    r,
    'post',
    `${base}/:personId/addresses/:addressId/edit`,
    { allow: 'customers.edit' },
    addressForm,
    async (req, res) => {
      const personId = parseInput(IdParam, req.params.personId);
      const addressId = parseInput(IdParam, req.params.addressId);
      const customer = await getCustomer(s.db, personId);
      if (!customer) throw notFound();
      const form = parseInput(AddressForm, req.body);
      await updateCustomerAddress(s.db, personId, customer.userId, addressId, form, req.user!.id);
      if (wantsJson(req)) return void res.json({ ok: true });
      flash(req, 'success', req.t('oa.address.saved'));
      res.redirect(303, `${base}/${personId}`);
    },
  );
}

export function customerRoutes(s: Services): Router {
  const r = routes();
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /account/dashboard/customers */
  route(r, 'get', base, { allow: 'customers.view' }, customerIndex(s));

  registerNewCustomer(r, s);

  /** GET /account/dashboard/customers/{person_id} */
  route(r, 'get', `${base}/:personId`, { allow: 'customers.view' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.personId);
    const customer = await getCustomer(s.db, id);
    if (!customer) throw notFound();
    // The machines the customer keeps (My machines), so staff can answer "which part fits mine".
    const machines = customer.userId ? await machinesOf(s.db, customer.userId) : [];
    await res.page('customers/show', {
      title: `${customer.firstName} ${customer.lastName}`,
      layout: 'layouts/admin',
      nav: 'customers',
      customer,
      machines,
    });
  });

  registerAddressEdit(r, s);
  return r;
}

/** GET /account/dashboard/customers: the search, sorted and paged. */
function customerIndex(s: Services) {
  return async (req: Request, res: Response) => {
    const q = parseInput(CustomerQuery, req.query);
    const page = await searchCustomers(s.db, q);
    const keep = { q: q.q, sort: q.sort, dir: q.dir };
    const columns = Object.fromEntries(
      CUSTOMER_SORTS.map((key) => {
        const active = key === page.sort;
        const nextDir = active ? (page.dir === 'asc' ? 'desc' : 'asc') : customerDefaultDir(key);
        return [
          key,
          { key, active, dir: active ? page.dir : null, href: withQuery(base, { q: q.q, sort: key, dir: nextDir }) },
        ];
      }),
    );
    await res.page('customers/index', {
      title: req.t('oa.customers.title'),
      layout: 'layouts/admin',
      nav: 'customers',
      q: q.q ?? '',
      rows: page.rows,
      columns,
      nextHref: page.next ? withQuery(base, { ...keep, after: page.next }) : null,
      prevHref: page.prev ? withQuery(base, { ...keep, before: page.prev }) : null,
    });
  };
}
