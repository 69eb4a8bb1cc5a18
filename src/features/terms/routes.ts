/**
 * Pay on terms in the back office:
 *   POST /account/dashboard/customers/{person_id}/terms   staff give the customer's organisation net terms and a credit limit (customers.edit)
 *   GET  /{locale}/account/dashboard/invoices             invoices due, ?overdue=1 for those past due, keyset pages ?after=/?before= (orders.view)
 * Who may reach them: each route's own declaration (route(…, { allow }): src/http/route.ts).
 */
import { wantsJson } from '../../http/wants-json.ts';
import type { Router, Request } from 'express';
import type { Services } from '../../services.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { fromCents } from '../../domain/money.ts';
import { daysOverdue, isoDay } from '../../domain/terms.ts';
import { flash } from '../../http/context.ts';
import type { FormPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { getCustomer } from '../customers/index.ts';
import { withQuery } from '../order-admin/index.ts';
import { dueInvoicesPage } from './queries.ts';
import { InvoicesQuery, TermsForm } from './schemas.ts';
import { setOrganisationTerms } from './service.ts';
import { route, routes } from '../../http/route.ts';

/** POST /account/dashboard/customers/{person_id}/terms (unprefixed, beside the customer page). */
export function termsAdminRoutes(s: Services): Router {
  const r = routes();
  const base = '/account/dashboard/customers';

  route(
    r,
    'post',
    `${base}/:personId/terms`,
    { allow: 'customers.edit', note: "the customer's organisation's net terms and credit limit" },
    async (req, res, next) => {
      const id = parseInput(IdParam, req.params.personId);
      const customer = await getCustomer(s.db, id);
      if (!customer) throw notFound();
      // Bad input re-renders the customer page with the form's messages (400).
      res.locals.formPage = {
        view: 'customers/show',
        locals: (rq: Request) => ({
          title: `${customer.firstName} ${customer.lastName}`,
          layout: 'layouts/admin',
          nav: 'customers',
          customer,
          termsValues: rq.body ?? {},
        }),
      } satisfies FormPage;
      res.locals.termsCustomer = customer;
      next();
    },
    async (req, res) => {
      const customer = res.locals.termsCustomer as NonNullable<Awaited<ReturnType<typeof getCustomer>>>;
      if (!customer.organisation)
        throw new AppError(409, 'no_organisation', 'This customer does not belong to an organisation.');
      const form = parseInput(TermsForm, req.body);
      await setOrganisationTerms(s.db, customer.organisation.id, form, req.user!.id);
      if (wantsJson(req))
        return void res.json({
          organisation: {
            id: customer.organisation.id,
            net_terms_days: form.netTermsDays,
            credit_limit: fromCents(form.creditLimitCents),
          },
        });
      flash(req, 'success', req.t('terms.saved', { name: customer.organisation.name }));
      res.redirect(303, `${base}/${customer.id}`);
    },
  );

  return r;
}

/** GET /{locale}/account/dashboard/invoices */
export function invoicesRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  route(
    r,
    'get',
    '/account/dashboard/invoices',
    { allow: 'orders.view', note: 'open invoices by due date, ?overdue=1' },
    async (req, res) => {
      const q = parseInput(InvoicesQuery, req.query);
      const now = new Date();
      const page = await dueInvoicesPage(s.db, {
        overdueBefore: q.overdue ? isoDay(now) : undefined,
        after: q.after,
        before: q.before,
      });
      // Pager links carry the filter (kept in the URL) and the cursor.
      const path = `/${req.locale}/account/dashboard/invoices`;
      const keep = { overdue: q.overdue };
      await res.page('terms/invoices', {
        title: req.t('terms.invoices.title'),
        layout: 'layouts/admin',
        nav: 'invoices',
        overdue: !!q.overdue,
        rows: page.rows.map((o) => ({
          ...o,
          daysOverdue: daysOverdue(o.dueOn, now),
          href: `/admin/orders/detail/${o.id}`,
          customerHref: o.personId ? `/account/dashboard/customers/${o.personId}` : null,
        })),
        nextHref: page.next ? withQuery(path, { ...keep, after: page.next }) : null,
        prevHref: page.prev ? withQuery(path, { ...keep, before: page.prev }) : null,
      });
    },
  );
  return r;
}
