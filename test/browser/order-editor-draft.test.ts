/**
 * In a real browser: the order editor edits a draft. From the back office's
 * navigation to an order, into the editor, one more seed plate: the figures show the draft (priced
 * by the server, nothing written), "Back to order" asks first, "Save order" writes it and the
 * order's history says what changed in words.
 *
 * Test order 13, cloned: Torque Wrench 8 × $119.00 + Seed Plate — Cotton 36-cell 1 × $39.00 =
 * $991.00, shipping $28.76, tax $69.37, total $1,089.13. With 2 seed plates: $1,030.00, tax 6 %
 * $61.80 + 1 % $10.30 = $72.10, total $1,030.00 + $28.76 + $72.10 = $1,130.86.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { cloneOrder, sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

const PLATE = 'Seed Plate — Cotton 36-cell';
const LEAVE = 'This order has unsaved changes. Leave without saving them?';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

const stored = async (id: number) =>
  (
    await sqlRows<{ total: string; version: number; plates: number }>(
      `select total::text, version, (select quantity from order_line_items where order_id = o.id and title = $2) as plates from orders o where id = $1`,
      [id, PLATE],
    )
  )[0];

const editorIdle = (page: TestPage) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-unsaved') === 'false',
  );

describe('browser: the order editor edits a draft', function () {
  this.timeout(240_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('+ changes only the draft, leaving asks first, Save order writes it and the history says it in words', async () => {
    const id = await cloneOrder(13);
    await sqlRows(`update orders set po_number = 'PO-ISSUE-33' where id = $1`, [id]); // so the search finds this copy only
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'staff@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Orders', exact: true }).click(),
    ]);
    await page.getByTestId('filter-po').fill('PO-ISSUE-33');
    await Promise.all([page.waitForNavigation(), page.getByTestId('filter-apply').click()]);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: `#${id}`, exact: true }).click()]);
    expect(await page.getByTestId('order-total').textContent()).to.equal('$1,089.13');
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit order' }).click()]);
    await hydrated(page);

    const editor = page.getByTestId('order-editor');
    const plate = editor.getByTestId('editor-lines').locator('tbody tr', { hasText: PLATE });
    await editor.getByRole('button', { name: `One more: ${PLATE}` }).click();
    await editorIdle(page);
    expect(await plate.getByTestId('line-qty').textContent()).to.equal('2');
    expect(await plate.getByTestId('line-unit').textContent()).to.equal('$39.00');
    expect(await plate.getByTestId('line-total').textContent()).to.equal('$78.00');
    expect(await editor.getByTestId('editor-subtotal').textContent()).to.equal('$1,030.00');
    expect(await editor.getByTestId('editor-shipping').textContent()).to.equal('$28.76');
    expect(await editor.getByTestId('editor-tax').textContent()).to.equal('$72.10');
    expect(await editor.getByTestId('editor-total').textContent()).to.equal('$1,130.86');
    expect(await editor.getByTestId('editor-paid').textContent()).to.equal('$0.00');
    expect(await editor.getByTestId('editor-status-line').textContent()).to.equal(
      'Unsaved changes: they are kept aside until you save the order.',
    );
    expect(await editor.getByTestId('editor-unpaid').textContent()).to.equal('$1,130.86');
    expect(await stored(id)).to.deep.equal({ total: '1089.13', version: 1, plates: 1 }); // nothing written yet
    await screenshot(page, 'order-editor-draft-1280');
    expect(await axe(page)).to.deep.equal([]);

    // "Back to order" with unsaved changes asks; staying keeps the draft.
    const asked: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (d) => {
      asked.push(d.message());
      void (answer === 'accept' ? d.accept() : d.dismiss());
    });
    await editor.getByRole('link', { name: 'Back to order' }).click();
    expect(asked).to.deep.equal([LEAVE]);
    expect(new URL(page.url()).pathname).to.equal(`/admin/orders/detail/${id}/edit`);
    expect(await plate.getByTestId('line-qty').textContent()).to.equal('2');

    // At 375 px the draft reads the same, without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the editor scrolls sideways at 375 px').to.be.at.most(0);
    await screenshot(page, 'order-editor-draft-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Save order writes the whole draft; leaving then asks nothing.
    await editor.getByRole('button', { name: 'Save order' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-dirty') === 'false',
    );
    expect(await stored(id)).to.deep.equal({ total: '1130.86', version: 2, plates: 2 });
    const saved = page.locator('[data-testid="alert"]', { hasText: 'Order saved.' });
    await saved.getByRole('button', { name: 'Close' }).click(); // the notice sits over the action bar, as a person sees it
    await Promise.all([page.waitForNavigation(), editor.getByRole('link', { name: 'Back to order' }).click()]);
    expect(asked).to.have.length(1);
    expect(await page.getByTestId('order-total').textContent()).to.equal('$1,130.86');
    expect(await page.getByTestId('order-log-text').first().textContent()).to.equal(
      `${PLATE}: quantity 1 → 2, total $1,089.13 → $1,130.86, by staff@example.com`,
    );

    // Another change, then leaving by the navigation and accepting: the change is not kept.
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit order' }).click()]);
    await hydrated(page);
    await editor.getByRole('button', { name: `One more: ${PLATE}` }).click();
    await editorIdle(page);
    expect(await editor.getByTestId('editor-total').textContent()).to.not.equal('$1,130.86');
    answer = 'accept';
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Orders', exact: true }).click(),
    ]);
    expect(asked).to.deep.equal([LEAVE, LEAVE]);
    expect(await stored(id)).to.deep.equal({ total: '1130.86', version: 2, plates: 2 });
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('Discard changes goes back to the saved order after asking', async () => {
    const id = await cloneOrder(13);
    await sqlRows(`update orders set po_number = 'PO-ISSUE-33-B' where id = $1`, [id]);
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'staff@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Orders', exact: true }).click(),
    ]);
    await page.getByTestId('filter-po').fill('PO-ISSUE-33-B');
    await Promise.all([page.waitForNavigation(), page.getByTestId('filter-apply').click()]);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: `#${id}`, exact: true }).click()]);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit order' }).click()]);
    await hydrated(page);
    const editor = page.getByTestId('order-editor');
    await editor.getByRole('button', { name: `Remove: ${PLATE}` }).click();
    await editorIdle(page);
    expect(await editor.getByTestId('editor-subtotal').textContent()).to.equal('$952.00');
    page.once('dialog', (d) => void d.accept());
    await editor.getByRole('button', { name: 'Discard changes' }).click();
    expect(await editor.getByTestId('editor-subtotal').textContent()).to.equal('$991.00');
    expect(await editor.getByTestId('editor-total').textContent()).to.equal('$1,089.13');
    expect(await stored(id)).to.deep.equal({ total: '1089.13', version: 1, plates: 1 });
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
