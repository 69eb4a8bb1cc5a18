/** How a person moves through the pages in the journeys: pointer or keyboard only. */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { hydrated, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { sqlRows } from '../helpers/server.ts';

export type Mode = 'pointer' | 'keyboard';

/**
 * How a person acts on the page: with a pointer (Playwright's click/fill, which also scroll the
 * control into view and fail when it is hidden or covered) or with the keyboard only (Tab until
 * the control has focus, then Enter, Space, arrows or typing).
 */
export function person(page: TestPage, mode: Mode) {
  const focused = (target: Locator) =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  /** Tab (forward) until the control, or a control inside it, has focus: as a keyboard user moves. */
  const tabTo = async (target: Locator, max = 300) => {
    await target.waitFor({ state: 'visible' });
    for (let i = 0; i < max; i++) {
      if (await focused(target)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target}`);
  };
  return {
    mode,
    /** A link or a button. */
    async press(target: Locator) {
      if (mode === 'pointer') return target.click();
      await tabTo(target);
      await page.keyboard.press('Enter');
    },
    async type(target: Locator, text: string) {
      if (mode === 'pointer') return target.fill(text);
      await tabTo(target);
      await page.keyboard.type(text);
    },
    /** A checkbox: by keyboard, Space toggles it. */
    async tick(box: Locator, on: boolean) {
      if (mode === 'pointer') return box.setChecked(on);
      await tabTo(box);
      if ((await box.isChecked()) !== on) await page.keyboard.press('Space');
      expect(await box.isChecked(), `${box} ${on ? 'ticked' : 'unticked'}`).to.equal(on);
    },
    /** A radio button: by keyboard the group is one tab stop, the arrows move the choice. */
    async choose(group: Locator, radio: Locator) {
      if (mode === 'pointer') return radio.check();
      await tabTo(group);
      for (let i = 0; i < 12 && !(await radio.isChecked()); i++) await page.keyboard.press('ArrowDown');
      expect(await radio.isChecked(), `${radio} chosen by arrow keys`).to.equal(true);
    },
    /** A closed <select>: the arrows change its value. */
    async select(target: Locator, label: string) {
      if (mode === 'pointer') return void (await target.selectOption({ label }));
      await tabTo(target);
      const shown = () => target.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.label ?? '');
      for (let i = 0; i < 80 && (await shown()) !== label; i++) await page.keyboard.press('ArrowDown');
      expect(await shown()).to.equal(label);
    },
  };
}

/** Reads a labelled figure (a <dt>/<dd> pair) inside `scope`. */
export const figure = (scope: Locator, term: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** Signs in as a person does: from the landing page, the header's Sign in link, the form. */
export async function signInFromLanding(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/`);
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new, empty cart for the Acme Farms buyer (the newest cart is theirs), so a journey never shares Acme's demo cart. */
export async function freshAcmeCart(): Promise<number> {
  const [{ id }] = await sqlRows<{ id: number }>(
    `insert into orders (status, locale, channel_id, currency_id, order_currency, user_id, person_id, created_by, created_at)
     select 'cart', 'en-us', o.channel_id, o.currency_id, o.order_currency, o.user_id, o.person_id, o.user_id, now()
     from orders o join users u on u.id = o.user_id where u.email = 'buyer@acme.example' order by o.id limit 1 returning id`,
  );
  return id;
}

/** Drops a cart made by freshAcmeCart if it was never placed. */
export async function dropCart(id: number | null) {
  await sqlRows(`delete from orders where id = $1 and status = 'cart'`, [id]);
}

type Person = ReturnType<typeof person>;

/**
 * From the storefront (signed in): the header's home link, a product of "Popular right now" by the
 * start of its name, Add to cart, View cart: the cart page, hydrated.
 */
export async function addPopularToCart(page: TestPage, me: Person, productName: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Harrow & Drill' }).click();
  await hydrated(page);
  await page
    .getByRole('region', { name: 'Popular right now' })
    .getByRole('link', { name: new RegExp(`^${productName}`) })
    .click();
  await page.waitForURL(/\/en-us\/products\/\d+$/);
  await hydrated(page);
  await me.press(page.getByRole('button', { name: 'Add to cart' }));
  await me.press(page.getByRole('link', { name: 'View cart' }));
  await page.waitForURL(/\/en-us\/cart$/);
  await hydrated(page);
}

/**
 * The Acme Farms buyer's checkout from the cart page up to the payment step: Checkout, ship to the
 * Texas farm (4410 FM 1585), Continue, the first shipping method, Continue. Returns the Payment tab.
 */
export async function acmeCheckoutToPayment(page: TestPage, me: Person): Promise<Locator> {
  await me.press(page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }));
  await page.waitForURL(/\/en-us\/cart\/checkout$/);
  await hydrated(page);
  const info = page.getByRole('tabpanel', { name: 'Customer info' });
  await me.choose(info.getByRole('group', { name: 'Ship to' }), info.getByRole('radio', { name: /4410 FM 1585/ }));
  await me.press(info.getByRole('button', { name: 'Continue' }));
  const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
  await shipping.getByRole('radio').first().waitFor();
  await me.press(shipping.getByRole('button', { name: 'Continue' }));
  const payment = page.getByRole('tabpanel', { name: 'Payment' });
  await payment.getByRole('heading', { name: 'Payment' }).waitFor();
  return payment;
}
