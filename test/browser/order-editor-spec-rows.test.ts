/**
 * The spec's last partial rows in the order editor (a real browser, as staff move):
 * - spec §4: PO number and attention are sent only when dirty (they differ from the order);
 * - spec §8: an update failure alerts 'Failed to update order, check console log for details',
 *   with the server's own words beside it.
 *
 * Test order 13, cloned (so nothing else sees the change), found through Orders → PO filter.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { cloneOrder, sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

const editorIdle = (page: TestPage) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-unsaved') === 'false',
  );

/** Staff: Orders in the navigation → filter by PO → the order → Edit order. */
async function openEditor(page: TestPage, id: number, po: string) {
  const nav = page.getByTestId('admin-nav');
  await Promise.all([page.waitForNavigation(), nav.getByRole('link', { name: 'Orders', exact: true }).click()]);
  await page.getByTestId('filter-po').fill(po);
  await Promise.all([page.waitForNavigation(), page.getByTestId('filter-apply').click()]);
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: `#${id}`, exact: true }).click()]);
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit order' }).click()]);
  await hydrated(page);
}

const STALE =
  'This order was changed by someone else after you opened it. Reload the order to see the latest version, then make your change again.';

describe('browser: the order editor follows the spec’s last rows', function () {
  this.timeout(240_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: PO number and attention go with a save only when changed; a refused save says the spec’s words and the server’s`, async () => {
      const id = await cloneOrder(13);
      const po = `PO-34-${width}`;
      await sqlRows(`update orders set po_number = $2, attention = 'Dock 4' where id = $1`, [id, po]);
      const page = await newPage({ width });
      await signInAs(page, base, 'staff@example.com');
      await openEditor(page, id, po);

      const sent: Record<string, unknown>[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/orders/${id}/update`))
          sent.push(JSON.parse(r.postData() ?? '{}'));
      });
      const editor = page.getByTestId('order-editor');
      const save = async () => {
        await editor.getByRole('button', { name: 'Save order' }).click();
        await editorIdle(page);
      };

      // Only the notes change: neither PO number nor attention is sent (the order keeps both).
      await editor.getByRole('textbox', { name: 'Notes' }).fill('Call before delivery');
      await save();
      await page
        .getByRole('alert')
        .or(page.locator('[data-testid="alert"]'))
        .filter({ hasText: 'Order saved.' })
        .first()
        .waitFor();
      expect(sent).to.have.length(1);
      expect(sent[0].notes).to.equal('Call before delivery');
      expect(sent[0]).to.not.have.property('po_number');
      expect(sent[0]).to.not.have.property('attention');

      // The PO number changes: it is sent, attention still is not.
      await editor.getByRole('textbox', { name: 'PO number' }).fill(`${po}-B`);
      await save();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="order-editor"]')?.getAttribute('data-dirty') === 'false',
      );
      expect(sent).to.have.length(2);
      expect(sent[1].po_number).to.equal(`${po}-B`);
      expect(sent[1]).to.not.have.property('attention');
      const [row] = await sqlRows<{ po_number: string; attention: string; notes: string }>(
        `select po_number, attention, notes from orders where id = $1`,
        [id],
      );
      expect(row).to.deep.equal({ po_number: `${po}-B`, attention: 'Dock 4', notes: 'Call before delivery' });

      // Someone else saves meanwhile: the save is refused (409) with the spec's message and the server's beside it.
      await sqlRows(`update orders set version = version + 1 where id = $1`, [id]);
      await editor.getByRole('textbox', { name: 'Attention' }).fill('Gate 2');
      await editor.getByRole('button', { name: 'Save order' }).click();
      const alert = page.locator('[data-testid="alert"]', { hasText: 'Failed to update order' });
      await alert.waitFor();
      expect((await alert.textContent())?.replace(/×$/, '').trim()).to.equal(
        `Failed to update order, check console log for details. ${STALE}`,
      );
      expect(sent).to.have.length(3);
      expect(sent[2].attention).to.equal('Gate 2');
      expect(sent[2]).to.not.have.property('po_number');
      await screenshot(page, `order-editor-failed-${width}`);
      expect(await axe(page)).to.deep.equal([]);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
