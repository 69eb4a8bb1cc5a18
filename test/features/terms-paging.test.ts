/**
 * Invoices due past the first rows: the back office's index pages by keyset,
 * 50 rows a page by due date then id, with Previous/Next links that keep the overdue filter, and
 * a cursor that is not one the shop made reads as none; the reminder job walks every overdue
 * invoice in batches, each mailed once, and a second run the same day mails none.
 *
 * The invoices are copies of a demo order made open invoices by SQL, due in 2000–2001 so that
 * they come first in due-date order whatever else the shared database holds; they are deleted
 * after.
 */
import { expect } from 'chai';
import { removeInvoices, seedInvoices } from '../helpers/invoices.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { remindOverdueInvoices } from '../../src/features/terms/reminders.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';

/** The order ids of the rows of an invoices-due page, top to bottom. */
const rowIds = (html: string) => [...html.matchAll(/data-order-id="(\d+)"/g)].map((m) => Number(m[1]));
/** The href of the pager link with this test id (HTML-unescaped), or null when the link is not there. */
const pagerHref = (html: string, testid: 'page-next' | 'page-prev') => {
  const m = html.match(new RegExp(`<a [^>]*href="([^"]+)"[^>]*data-testid="${testid}"`));
  return m ? m[1].replace(/&amp;/g, '&') : null;
};

describe('invoices due: pages and reminders past the first rows', function () {
  this.timeout(120_000);

  describe('the back-office index', () => {
    let ids: number[] = [];
    before(async () => {
      await testServer();
      ids = await seedInvoices(60, '2001-01-01');
    });
    after(() => removeInvoices(ids));

    it('shows 50 rows a page by due date, Next to the rest and Previous back', async () => {
      const staff = await signedIn('staff@example.com');
      const first = await staff.a.get('/en-us/account/dashboard/invoices');
      expect(first.status).to.equal(200);
      expect(rowIds(first.text)).to.deep.equal(ids.slice(0, 50));
      expect(first.text).to.include('data-testid="pagination"');
      expect(pagerHref(first.text, 'page-prev'), 'no Previous on the first page').to.equal(null);
      const next = pagerHref(first.text, 'page-next');
      expect(next).to.match(/^\/en-us\/account\/dashboard\/invoices\?after=[A-Za-z0-9_-]+$/);

      const second = await staff.a.get(next!);
      expect(second.status).to.equal(200);
      const secondIds = rowIds(second.text);
      expect(secondIds.slice(0, 10)).to.deep.equal(ids.slice(50));
      expect(secondIds.filter((id) => ids.slice(0, 50).includes(id))).to.deep.equal([]);
      const prev = pagerHref(second.text, 'page-prev');
      expect(prev).to.match(/^\/en-us\/account\/dashboard\/invoices\?before=[A-Za-z0-9_-]+$/);

      const back = await staff.a.get(prev!);
      expect(rowIds(back.text)).to.deep.equal(ids.slice(0, 50));
      expect(pagerHref(back.text, 'page-prev'), 'back on the first page').to.equal(null);
      expect(pagerHref(back.text, 'page-next')).to.equal(next);
    });

    it('keeps the overdue filter on both pages', async () => {
      const staff = await signedIn('staff@example.com');
      const first = await staff.a.get('/en-us/account/dashboard/invoices?overdue=1');
      expect(rowIds(first.text)).to.deep.equal(ids.slice(0, 50));
      const next = pagerHref(first.text, 'page-next');
      expect(next).to.match(/^\/en-us\/account\/dashboard\/invoices\?overdue=1&after=[A-Za-z0-9_-]+$/);
      const second = await staff.a.get(next!);
      expect(second.status).to.equal(200);
      expect(rowIds(second.text).slice(0, 10)).to.deep.equal(ids.slice(50));
      expect(second.text).to.include('value="1" checked data-testid="filter-overdue"');
      expect(pagerHref(second.text, 'page-prev')).to.match(
        /^\/en-us\/account\/dashboard\/invoices\?overdue=1&before=[A-Za-z0-9_-]+$/,
      );
      // In French too: the same rows, the pager's own words.
      const fr = await staff.a.get(next!.replace('/en-us/', '/fr-ca/'));
      expect(rowIds(fr.text).slice(0, 10)).to.deep.equal(ids.slice(50));
      expect(pagerHref(fr.text, 'page-prev')).to.match(/^\/fr-ca\/account\/dashboard\/invoices\?overdue=1&before=/);
    });

    it('reads a cursor it did not make as none: the first page, not an error', async () => {
      const staff = await signedIn('staff@example.com');
      const notADate = Buffer.from(JSON.stringify(['2001-02-30', 5])).toString('base64url');
      const sqlInDate = Buffer.from(JSON.stringify(["2001-01-01'; drop table orders; --", 5])).toString('base64url');
      const numberKey = Buffer.from(JSON.stringify([20010101, 5])).toString('base64url');
      for (const q of [
        'after=garbage!!',
        'before=%%%',
        'after=' + 'A'.repeat(500),
        `after=${notADate}`,
        `before=${sqlInDate}`,
        `after=${numberKey}`,
        'after=a&after=b',
        'overdue=1&before=eyJ4Ijp9',
      ]) {
        const res = await staff.a.get(`/en-us/account/dashboard/invoices?${q}`);
        expect(res.status, q).to.equal(200);
        expect(rowIds(res.text), q).to.deep.equal(ids.slice(0, 50));
        expect(pagerHref(res.text, 'page-prev'), q).to.equal(null);
      }
    });

    it('only staff who see orders may page through it', async () => {
      const page = await (await signedIn('staff@example.com')).a.get('/en-us/account/dashboard/invoices');
      const next = pagerHref(page.text, 'page-next')!;
      expect((await (await signedIn('customer@example.com')).a.get(next)).status).to.equal(403);
      expect((await (await signedIn('buyer@acme.example')).a.get(next)).status).to.equal(403);
    });
  });

  describe('the reminder job', () => {
    let ids: number[] = [];
    before(async () => {
      await testServer();
      ids = await seedInvoices(12, '2000-03-01');
    });
    after(() => removeInvoices(ids));

    it('mails every overdue invoice once across batches, and none on a second run the same day', async () => {
      const s = await testServer();
      const mailer = s.services.mailer as FileMailer;
      const deps = { db: s.services.db, mailer, texts: s.services.texts };
      const mailsOf = async (id: number) =>
        (await mailer.list()).filter((m) => new RegExp(`order #${id}\\b`).test(m.content) && /overdue/.test(m.content))
          .length;

      // Due 2000-03-01 … 2000-03-12, run on 2000-06-01: nothing else in the database is due that early.
      const first = await remindOverdueInvoices(deps, new Date('2000-06-01T14:00:00Z'), { batchSize: 5 });
      expect(first.mailed, 'in due-date order').to.deep.equal(ids);
      expect(first.mailed).to.have.length(12);
      for (const id of ids) expect(await mailsOf(id), `order ${id}`).to.equal(1);
      const [logged] = await sqlRows<{ n: number }>(
        `select count(*)::int as n from logs where action = 'order.invoice_reminder' and entity_id = any($1::int[])`,
        [ids],
      );
      expect(logged.n).to.equal(12);

      const again = await remindOverdueInvoices(deps, new Date('2000-06-01T20:00:00Z'), { batchSize: 5 });
      expect(again.mailed).to.deep.equal([]);
      expect(again.skipped).to.equal(12);
      for (const id of ids) expect(await mailsOf(id), `order ${id}`).to.equal(1);

      // The next day every one is due again, whatever the batch size.
      const nextDay = await remindOverdueInvoices(deps, new Date('2000-06-02T14:00:00Z'), { batchSize: 4 });
      expect(nextDay.mailed).to.have.length(12);
    });

    it('reaches invoices past the first 500: the oldest ones with nobody to mail do not hide the rest', async () => {
      const s = await testServer();
      const mailer = s.services.mailer as FileMailer;
      const [nobody] = await sqlRows<{ id: number }>(
        `insert into persons (first_name, last_name, email) values ('No', 'Email', null) returning id`,
      );
      const silent = await seedInvoices(520, '1998-01-01', nobody.id);
      const later = await seedInvoices(3, '1999-09-01');
      try {
        // Due 1998-01-01 … 1999-06-04 (no email: skipped) then 1999-09-01 … 09-03; run on 1999-12-01 with the job's own batch size.
        const run = await remindOverdueInvoices(
          { db: s.services.db, mailer, texts: s.services.texts },
          new Date('1999-12-01T14:00:00Z'),
        );
        expect(run.mailed).to.deep.equal(later);
        expect(run.skipped).to.equal(520);
      } finally {
        await removeInvoices([...silent, ...later]);
        await sqlRows('delete from persons where id = $1', [nobody.id]);
      }
    });
  });
});
