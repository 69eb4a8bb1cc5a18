/** Back-office orders in a real browser: search → detail → editor, payments, a stale second tab, axe at 1280 and 375 px. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { cloneOrder, testServer, sqlRows } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

const query = sqlRows;
const usd = (v: string | number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

/** A US order with a PO number, two or more product lines and nothing paid, not used by another test here. */
const used = new Set<number>();
async function poOrder(withPo = true): Promise<{ id: number; po: string }> {
  const rows = await query<{ id: number; po: string }>(
    `select o.id, o.po_number as po from orders o join channels c on c.id = o.channel_id
    where c.code = 'US' and (o.po_number is not null or not $1) and o.status in ('pending', 'processing') and not exists (select 1 from payments p where p.order_id = o.id)
    and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type = 0) >= 2 order by o.id desc`,
    [withPo],
  );
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  return row;
}

describe('browser: back-office orders', function () {
  this.timeout(300_000); // nine pages with axe each, on a shared machine
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('staff find an order by PO number, add, change and remove lines, save, and see totals recomputed by the server', async () => {
    const { id, po } = await poOrder();
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/en-us/account/dashboard/orders`);
    await page.getByTestId('filter-po').fill(po.toLowerCase());
    await Promise.all([page.waitForNavigation(), page.getByTestId('filter-apply').click()]);
    expect(new URL(page.url()).searchParams.get('po')).to.equal(po.toLowerCase());
    const row = page.locator(`tr[data-order-id="${id}"]`);
    await row.waitFor();
    await hydrated(page);
    await page.waitForFunction(
      () => document.querySelector('[data-behaviour="row-links"]')?.getAttribute('data-behaviour-ready') === 'true',
    );
    await Promise.all([page.waitForNavigation(), row.locator('td').nth(2).click()]); // a click anywhere on the row opens it
    expect(new URL(page.url()).pathname).to.equal(`/admin/orders/detail/${id}`);
    await Promise.all([page.waitForNavigation(), page.getByTestId('order-edit').click()]);
    await hydrated(page);

    const editor = page.getByTestId('order-editor');
    const lines = editor.getByTestId('editor-lines').locator('tbody tr[data-line-type="0"]');
    const before = await lines.count();
    // Add a product through the typeahead.
    await editor.getByTestId('product-search').fill('seed plate');
    await editor.getByTestId('product-suggestions').locator('li[data-product-id]').first().waitFor();
    await editor.getByTestId('product-search').press('Enter');
    await expect(await lines.count()).to.equal(before + 1);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-unsaved') === 'false',
    );
    expect(await editor.getByTestId('line-total').last().textContent()).to.match(/^\$[\d,]+\.\d\d$/); // the draft's new line, priced by the server
    // Remove the second stored line, then save.
    await lines.nth(1).getByTestId('line-remove').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-unsaved') === 'false',
    );
    await editor.getByTestId('editor-save').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-dirty') === 'false',
    );
    // Quantity +1 on the first line changes the draft (priced by update-item, nothing written) until the next save.
    const firstQty = Number(await lines.first().getByTestId('line-qty').textContent());
    await lines.first().getByTestId('qty-up').click();
    await page.waitForFunction(
      (q) =>
        document.querySelector('[data-testid="editor-lines"] tbody tr[data-line-type="0"] [data-testid="line-qty"]')
          ?.textContent === String(q),
      firstQty + 1,
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-unsaved') === 'false',
    );
    const firstId = await lines.first().getAttribute('data-line-id');
    expect(
      (await query<{ quantity: number }>(`select quantity from order_line_items where id = $1`, [firstId]))[0].quantity,
    ).to.equal(firstQty);
    await editor.getByTestId('editor-save').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-dirty') === 'false',
    );
    expect(
      (await query<{ quantity: number }>(`select quantity from order_line_items where id = $1`, [firstId]))[0].quantity,
    ).to.equal(firstQty + 1);

    const [db] = await query<{ total: string; n: number }>(
      `select total, (select count(*)::int from order_line_items l where l.order_id = o.id and l.line_type = 0) as n from orders o where o.id = $1`,
      [id],
    );
    expect(db.n).to.equal(before);
    expect(await editor.getByTestId('editor-total').textContent()).to.equal(usd(db.total));
    // Never below 1.
    const down = lines.last().getByTestId('qty-down');
    expect(await lines.last().getByTestId('line-qty').textContent()).to.equal('1');
    expect(await down.isDisabled()).to.equal(true);
    expect(page.problems).to.deep.equal([]);
    await screenshot(page, 'order-editor-1280');
    await page.close();
  });

  it('takes a partial check payment distributed across lines and shows paid and unpaid per line', async () => {
    const { id } = await poOrder(false);
    const lines = await query<{ id: number; unpaid_total: string }>(
      `select id, unpaid_total from order_line_items where order_id = $1 and line_type <> 5 order by sort, id`,
      [id],
    );
    const owed = lines.reduce((s, l) => s + Math.round(Number(l.unpaid_total) * 100), 0);
    const first = Math.round(Number(lines[0].unpaid_total) * 100);
    const pay = first + 1_000 < owed ? first + 1_000 : Math.floor(owed / 2); // more than the first line, less than the order
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/admin/orders/detail/${id}/edit`);
    await hydrated(page);
    const panel = page.getByTestId('payment-panel');
    await panel.getByTestId('pay-amount').fill((pay / 100).toFixed(2));
    await panel.getByTestId('pay-check').fill('5521');
    await panel.getByTestId('pay-distribute').click();
    expect(await panel.getByTestId('pay-remaining').textContent()).to.include('$0.00');
    await panel.getByTestId('pay-record').click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="alert"]')].some((a) => /Payment recorded/.test(a.textContent ?? '')),
    );
    const after = await query<{ id: number; paid_total: string; unpaid_total: string }>(
      `select id, paid_total, unpaid_total from order_line_items where order_id = $1 and line_type <> 5 order by sort, id`,
      [id],
    );
    expect(after.reduce((s, l) => s + Math.round(Number(l.paid_total) * 100), 0)).to.equal(pay);
    for (const l of after) {
      const rowEl = panel.locator(`tr[data-line-id="${l.id}"]`);
      expect(await rowEl.getByTestId('pay-line-paid').textContent()).to.equal(usd(l.paid_total));
      expect(await rowEl.getByTestId('pay-line-unpaid').textContent()).to.equal(usd(l.unpaid_total));
    }
    expect(Number(after[0].unpaid_total)).to.equal(0);
    expect(Number(after[1].paid_total)).to.be.greaterThan(0);
    await page.close();
  });

  it('charges a card for part of the order, then refunds part of it after a confirmation', async () => {
    const [src] = await query<{
      id: number;
    }>(`select o.id from orders o join channels c on c.id = o.channel_id where c.code = 'US' and o.status in ('pending', 'processing') and not exists (select 1 from payments p where p.order_id = o.id)
      and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type = 0 and l.unpaid_total > 20) >= 2 order by o.id limit 1`);
    const id = await cloneOrder(src.id);
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/admin/orders/detail/${id}/edit`);
    await hydrated(page);
    const panel = page.getByTestId('payment-panel');
    await panel.getByTestId('pay-amount').fill('20.00');
    await panel.getByTestId('pay-method-card').check();
    expect(await panel.getByTestId('pay-check').count(), 'no check number for a card').to.equal(0);
    await panel.getByTestId('pay-card-number').fill('4242 4242 4242 4242');
    await panel.getByTestId('pay-card-expiry').fill('12/40');
    await panel.getByTestId('pay-card-cvc').fill('123');
    await panel.getByTestId('pay-distribute').click();
    await panel.getByTestId('pay-record').click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="alert"]')].some((a) => /Payment recorded/.test(a.textContent ?? '')),
    );
    const [p] = await query<{ id: number; payment_method_id: string; provider_ref: string }>(
      `select id, payment_method_id, provider_ref from payments where order_id = $1 and payment_type = 1`,
      [id],
    );
    expect(p.payment_method_id).to.equal('Visa •••• 4242');

    const row = page.locator(`[data-testid="refund-row"][data-payment-id="${p.id}"]`);
    expect(await row.getByTestId('refund-left').textContent()).to.equal('$20.00');
    await row.getByTestId('refund-amount').fill('7.50');
    await row.getByTestId('refund-reason').fill('Damaged in transit');
    page.once('dialog', (d) => void d.accept());
    await row.getByTestId('refund-button').click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="alert"]')].some((a) => /Refund sent/.test(a.textContent ?? '')),
    );
    await page.waitForFunction(
      (pid) =>
        document.querySelector(`[data-testid="refund-row"][data-payment-id="${pid}"] [data-testid="refund-left"]`)
          ?.textContent === '$12.50',
      p.id,
    );
    expect(await row.getByTestId('refund-refunded').textContent()).to.equal('$7.50');
    await panel.getByTestId('pay-method-card').check();
    await screenshot(page, 'order-editor-card-refund');
    const [{ paid }] = await query<{ paid: string }>(
      `select sum(paid_total)::text as paid from order_line_items where order_id = $1`,
      [id],
    );
    expect(Math.round(Number(paid) * 100)).to.equal(1250);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("a second tab's stale save is refused with a clear message", async () => {
    const { id } = await poOrder(false);
    const a = await newPage();
    await signInAs(a, base, 'staff@example.com');
    await a.goto(`${base}/admin/orders/detail/${id}/edit`);
    await hydrated(a);
    const b = await a.context().newPage();
    await b.goto(`${base}/admin/orders/detail/${id}/edit`);
    await hydrated(b);
    await a.getByTestId('editor-notes').fill('Saved from the first tab');
    await a.getByTestId('editor-save').click();
    await a.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-unsaved') === 'false',
    );
    await b.getByTestId('editor-notes').fill('Saved from the second tab');
    await b.getByTestId('editor-save').click();
    const alert = b.locator('[data-testid="alert"]', { hasText: 'changed by someone else' });
    await alert.waitFor();
    const [row] = await query<{ notes: string }>(`select notes from orders where id = $1`, [id]);
    expect(row.notes).to.equal('Saved from the first tab');
    await b.close();
    await a.close();
  });

  for (const width of [1280, 375]) {
    it(`search, detail and editor at ${width} px: no serious axe violations, no sideways scroll`, async () => {
      const page = await newPage({ width });
      await signInAs(page, base, 'admin@example.com');
      const [addr] = await query<{ person_id: number; id: number }>(
        `select p.id as person_id, a.id from persons p join addresses a on a.user_id = p.user_id where p.email = 'buyer@acme.example' order by a.id limit 1`,
      );
      for (const path of [
        '/en-us/account/dashboard/orders',
        '/en-us/account/dashboard/orders?po=zz-none',
        '/admin/orders/detail/6',
        '/admin/orders/detail/6/edit',
        '/admin/orders/detail/8/containers',
        '/en-us/admin/orders/create?q=a',
        '/account/dashboard/customers',
        `/account/dashboard/customers/${addr.person_id}`,
        `/account/dashboard/customers/${addr.person_id}/addresses/${addr.id}/edit`,
      ]) {
        await page.goto(`${base}${path}`);
        await page.getByTestId('admin-nav').waitFor();
        await hydrated(page);
        expect(await axe(page), path).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
        await screenshot(page, `order-admin${path.replace(/\W+/g, '_')}-${width}`);
      }
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
