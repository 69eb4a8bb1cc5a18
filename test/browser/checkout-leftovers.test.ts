/**
 * The checkout leftovers, as a person meets them (by role and visible name, 1280 and 375 px,
 * in the locale of the finding):
 *   - en-us: before a shipping method is chosen, the summary says shipping and tax are calculated
 *     at the shipping step (never $0.00) and its total is the total before them; a saved card is
 *     offered the Extended Payment Program; the confirmation lists each line's configured options.
 *   - fr-ca: the checkout tabs stay on one row at 375 px and move by arrow keys; the EPP charge line
 *     writes its rate the French way ("16,05 %"; the finding saw "16.12 %").
 *   - es-mx: the checkout speaks "usted".
 *   - back office: the order editor's card payment takes the expiry as "1229" and as "12/29".
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { invoiceOrder } from '../features/invoice-order-helpers.ts';
import { figure, signInFromLanding } from './journeys-person.ts';

/** A new, empty cart for a demo customer (the newest cart is theirs), so no other suite's cart is touched. */
async function freshCart(email: string, locale: string): Promise<number> {
  const [{ id }] = await sqlRows<{ id: number }>(
    `insert into orders (status, locale, channel_id, currency_id, order_currency, user_id, person_id, created_by, created_at)
     select 'cart', $2, o.channel_id, o.currency_id, o.order_currency, o.user_id, o.person_id, o.user_id, now()
     from orders o join users u on u.id = o.user_id where u.email = $1 order by o.id limit 1 returning id`,
    [email, locale],
  );
  return id;
}

const dropCart = (id: number | null) => sqlRows(`delete from orders where id = $1 and status = 'cart'`, [id]);

describe('browser: checkout leftovers', function () {
  this.timeout(300_000);
  let base: string;
  let cartId: number | null = null;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    // The drawbar clevis in stock in every warehouse, as the checkout suite keeps it.
    await sqlRows(
      `update inventory set quantity = greatest(quantity, 50) where product_id = (select id from products where stockcode = 'HT-CLV')`,
    );
  });
  afterEach(async () => {
    await dropCart(cartId);
    cartId = null;
  });

  /** Signed in on the landing page of `locale` (the header's sign-in link, the form). */
  async function signIn(
    page: TestPage,
    locale: string,
    email: string,
    w: { signIn: string; email: string; password: string },
  ) {
    await page.goto(`${base}/${locale}/`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: w.signIn }).click();
    await page.getByRole('textbox', { name: w.email }).fill(email);
    await page.getByRole('textbox', { name: w.password }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: w.signIn }).click();
  }

  type Words = {
    signIn: string;
    email: string;
    password: string;
    search: string;
    product: string;
    add: string;
    viewCart: string;
    summary: string;
    checkout: string;
    customer: string;
    shipping: string;
    payment: string;
    next: string;
  };
  const FR: Words = {
    signIn: 'Se connecter',
    email: 'Courriel',
    password: 'Mot de passe',
    search: 'Rechercher des produits',
    product: 'Chape de barre d’attelage, forgée',
    add: 'Ajouter au panier',
    viewCart: 'Voir le panier',
    summary: 'Récapitulatif',
    checkout: 'Passer la commande',
    customer: 'Client',
    shipping: 'Livraison',
    payment: 'Paiement',
    next: 'Continuer',
  };
  const ES: Words = {
    signIn: 'Iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    search: 'Buscar productos',
    product: 'Horquilla de barra de tiro, forjada',
    add: 'Agregar al carrito',
    viewCart: 'Ver carrito',
    summary: 'Resumen del pedido',
    checkout: 'Pagar pedido',
    customer: 'Cliente',
    shipping: 'Envío',
    payment: 'Pago',
    next: 'Continuar',
  };

  /**
   * From the locale's landing page, signed in: the header's search for the drawbar clevis (HT-CLV),
   * its page, add to cart, the cart, checkout, the first saved address, the first rate: the Payment tab.
   */
  async function toPayment(page: TestPage, locale: string, email: string, w: Words) {
    await signIn(page, locale, email, w);
    await page.waitForURL(new RegExp(`/${locale}/account$`));
    await page.getByRole('banner').getByRole('combobox', { name: w.search }).fill('HT-CLV');
    await page.getByRole('banner').getByRole('combobox', { name: w.search }).press('Enter');
    await page.getByRole('link', { name: w.product }).first().click();
    await page.waitForURL(new RegExp(`/${locale}/products/\\d+$`));
    await hydrated(page);
    await page.getByRole('button', { name: w.add }).click();
    await page.getByRole('link', { name: w.viewCart }).click();
    await page.waitForURL(new RegExp(`/${locale}/cart$`));
    await hydrated(page);
    await page.getByRole('complementary', { name: w.summary }).getByRole('link', { name: w.checkout }).click();
    await page.waitForURL(new RegExp(`/${locale}/cart/checkout$`));
    await hydrated(page);
    const info = page.getByRole('tabpanel', { name: w.customer });
    await info.getByRole('radio').first().check();
    await info.getByRole('button', { name: w.next }).click();
    const shipping = page.getByRole('tabpanel', { name: w.shipping });
    await shipping.getByRole('radio').first().waitFor();
    await shipping.getByRole('button', { name: w.next }).click();
    const payment = page.getByRole('tabpanel', { name: w.payment });
    await payment.getByRole('heading', { name: w.payment }).waitFor();
    return payment;
  }

  for (const width of [375, 1280]) {
    it(`fr-ca: the checkout tabs stay on one row and move by arrow keys; the EPP charge line writes "16,05 %" (${width} px)`, async () => {
      cartId = await freshCart('luc.tremblay@example.net', 'fr-ca');
      const page = await newPage({ width, height: 900 });
      const payment = await toPayment(page, 'fr-ca', 'luc.tremblay@example.net', FR);
      const tablist = page.getByRole('tablist', { name: 'Étapes du paiement' });
      const tabs = tablist.getByRole('tab');
      expect((await tabs.allTextContents()).map((t) => t.trim())).to.deep.equal([
        '1 Client',
        '2 Livraison',
        '3 Paiement',
      ]);
      // One row, inside the screen: every tab's top is the first tab's, none runs past the list's right edge.
      const boxes = await tabs.evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: Math.round(r.right) })),
      );
      const list = await tablist.evaluate((e) => ({
        right: Math.round(e.getBoundingClientRect().right),
        scroll: e.scrollWidth - e.clientWidth,
      }));
      expect(
        boxes.map((b) => b.top),
        'the tabs on one row',
      ).to.deep.equal([boxes[0].top, boxes[0].top, boxes[0].top]);
      expect(
        boxes.every((b) => b.right <= list.right),
        'no tab past the edge',
      ).to.equal(true);
      expect(list.scroll, 'nothing hidden to scroll to').to.equal(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);

      // WAI-ARIA tabs: one tab stop (the current tab), the arrows move the focus, Enter opens.
      const current = tablist.getByRole('tab', { name: 'Paiement' });
      expect(await current.getAttribute('tabindex')).to.equal('0');
      expect(await tablist.getByRole('tab', { name: 'Livraison' }).getAttribute('tabindex')).to.equal('-1');
      await current.focus();
      await page.keyboard.press('ArrowLeft');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('2 Livraison');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'wraps to the first').to.equal(
        '1 Client',
      );
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await page.getByRole('tabpanel', { name: 'Livraison' }).getByRole('heading', { name: 'Livraison' }).waitFor();
      expect(await tablist.getByRole('tab', { name: 'Livraison' }).getAttribute('aria-selected')).to.equal('true');
      await screenshot(page, `co34-fr-ca-tabs-${width}`);
      await tablist.getByRole('tab', { name: 'Paiement' }).click();

      // The EPP charge line, its rate written the French way: the standard plan on the whole order,
      // shipping and taxes included (20 % down of 115,99 $ = 23,20 $, then 12 months), costs a 16.05 % APR,
      // read "16,05 %" (the old line said "16.05 %"; and it showed 15,89 $, the down payment of the
      // total before shipping, until the debounced refresh came back).
      expect(
        await figure(page.getByRole('complementary', { name: 'Résumé de la commande' }), 'Total').textContent(),
      ).to.equal('115,99\u00a0$');
      await payment.getByRole('checkbox', { name: 'Payer avec le Programme de paiement prolongé' }).check();
      const charge = payment.getByText(/^Porté à votre carte aujourd’hui : /);
      await charge.waitFor();
      // (Money and the percent sign keep their no-break spaces; compared here as plain spaces.)
      expect((await charge.textContent())?.replace(/[\u00a0\u202f]/g, ' ')).to.equal(
        'Porté à votre carte aujourd’hui : 23,20 $ (acompte); puis 12 paiements mensuels de 8,43 $ à un TAP de 16,05 %.',
      );
      expect(await payment.textContent()).not.to.match(/\d\.\d\d\s?%/);
      // The ways to pay in French (the store's own names are English: "Credit or debit card", "Cheque").
      const methods = payment.getByRole('group', { name: 'Mode de paiement' }).getByRole('radio');
      expect(await methods.evaluateAll((els) => els.map((e) => e.parentElement?.textContent?.trim()))).to.deep.equal([
        'Carte de crédit ou de débit',
        'Chèque',
      ]);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `co34-fr-ca-epp-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });

    it(`es-mx: the checkout says "usted" (${width} px)`, async () => {
      cartId = await freshCart('maria.gonzalez@example.net', 'es-mx');
      const page = await newPage({ width, height: 900 });
      const payment = await toPayment(page, 'es-mx', 'maria.gonzalez@example.net', ES);
      await payment
        .getByText('Modo de prueba: use 4242 4242 4242 4242, una fecha futura y 3 dígitos cualesquiera.')
        .waitFor();
      await payment.getByRole('radio', { name: 'Cheque' }).check();
      await payment.getByText(/^Envíe su cheque a Harrow & Drill/).waitFor();
      // No tú anywhere the buyer reads on the way (the checkout's three tabs and the summary).
      const read =
        (await page.locator('main').innerText()) +
        (await page.getByRole('tabpanel', { includeHidden: true }).allTextContents()).join(' ');
      expect(
        read.match(
          /(?<![\p{L}])(tu|tus|usa|envía|elige|agrega|ingresa|escribe|prueba|puedes|tienes|quieres)(?![\p{L}])/giu,
        ) ?? [],
      ).to.deep.equal([]);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `co34-es-mx-usted-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  for (const width of [1280, 375]) {
    it(`en-us: shipping and tax wait for the shipping step, a saved card pays by EPP, the confirmation lists the options (${width} px)`, async () => {
      cartId = await freshCart('customer@example.com', 'en-us');
      const page = await newPage({ width, height: 900 });
      await signInFromLanding(page, base, 'customer@example.com');
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      // The earlier order with the configured planter, ordered again: the cart holds its options.
      const newest = page.getByRole('region', { name: 'Recent orders' }).getByRole('row').nth(1);
      await newest.getByRole('link').click();
      await page
        .getByRole('region', { name: 'Items' })
        .getByRole('row', { name: /Custom Vacuum Planter — Build Your Own/ })
        .waitFor();
      await page.getByRole('button', { name: 'Order again' }).click();
      await page.waitForURL(/\/en-us\/cart$/);
      await hydrated(page);
      await page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL(/\/en-us\/cart\/checkout$/);
      await hydrated(page);

      // Customer info: nothing chosen to ship yet. Shipping and tax are not $0.00 but still to come,
      // and the total is the goods' total: the planter $18,500 + 8 rows $4,900 + 36 in $350 + drawbar
      // $780 + 10 × $38.50 + 4 × $36 = $25,059, and the setup service $350: $25,409.00.
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      expect(await figure(summary, 'Shipping').textContent()).to.equal('Calculated at the shipping step');
      expect(await figure(summary, 'Tax').textContent()).to.equal('Calculated at the shipping step');
      expect(await figure(summary, 'Merchandise').textContent()).to.equal('$25,409.00');
      expect(await figure(summary, 'Total before shipping and tax').textContent()).to.equal('$25,409.00');
      expect(
        await summary
          .getByRole('term')
          .filter({ hasText: /^Total$/ })
          .count(),
        'no "Total" that pretends to hold shipping and tax',
      ).to.equal(0);
      expect(await summary.textContent()).not.to.contain('$0.00');
      // The three tabs fit the screen, nothing hidden to scroll to.
      expect(
        await page.getByRole('tablist', { name: 'Checkout steps' }).evaluate((e) => e.scrollWidth - e.clientWidth),
      ).to.equal(0);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `co34-summary-before-${width}`);

      const info = page.getByRole('tabpanel', { name: 'Customer info' });
      await info.getByRole('radio', { name: /1412 Oakwood Drive, Ames IA 50010/ }).check();
      await info.getByRole('button', { name: 'Continue' }).click();
      const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
      await shipping.getByRole('radio').first().waitFor();
      // The cheapest rate is chosen and saved at once: the summary now shows it, Iowa's 7 % tax on the
      // goods (0.07 × $25,409 = $1,778.63) and the total: $25,409 + $2,630.62 + $1,778.63 = $29,818.25.
      await summary
        .getByRole('term')
        .filter({ hasText: /^Total$/ })
        .waitFor();
      expect(await figure(summary, 'Shipping').textContent()).to.equal('$2,630.62');
      expect(await figure(summary, 'Tax').textContent()).to.equal('$1,778.63');
      expect(await figure(summary, 'Total').textContent()).to.equal('$29,818.25');
      expect(await summary.textContent()).not.to.contain('Calculated at the shipping step');
      await shipping.getByRole('button', { name: 'Continue' }).click();

      // Payment: the saved card is chosen first, and the Extended Payment Program is offered with it.
      const payment = page.getByRole('tabpanel', { name: 'Payment' });
      expect(await payment.getByRole('radio', { name: /^Visa ending 4242/ }).isChecked()).to.equal(true);
      const epp = payment.getByRole('checkbox', { name: 'Pay with the Extended Payment Program' });
      await epp.check();
      const calculator = payment.getByRole('region', { name: 'Extended Payment Program (EPP)' });
      await calculator.getByLabel('Down payment', { exact: true }).selectOption({ label: '20% down' });
      await calculator.getByLabel('Term', { exact: true }).selectOption({ label: '24 months' });
      const charge = payment.getByText(/^Charged to your card today: /);
      await charge.waitFor();
      // The setup service is not financed: paid in full ($350), and 20 % of the rest
      // (0.2 × ($29,818.25 − $350) = $5,893.65) = $6,243.65 today.
      await payment
        .getByText(/^Charged to your card today: \$6,243\.65 \(down payment\); then 24 monthly payments of /)
        .waitFor();
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `co34-saved-card-epp-${width}`);
      await page.getByRole('button', { name: 'Place order' }).click();

      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      await page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ }).waitFor();
      const orderId = Number(/orders\/(\d+)/.exec(page.url())![1]);
      expect(await page.getByRole('region', { name: 'Payment', exact: true }).textContent()).to.contain(
        'VISA ending in 4242',
      );
      // The plan is stored with the order: the down payment charged, then the 24 payments.
      const plan = page.getByRole('region', { name: 'Extended Payment Program', exact: true }).first();
      expect(await plan.textContent()).to.contain('$6,243.65');
      // The configured options, under their line, as the cart showed them.
      const planter = page
        .getByRole('region', { name: 'Items' })
        .getByRole('row')
        .filter({ hasText: 'Custom Vacuum Planter — Build Your Own' });
      expect((await planter.getByRole('listitem').allTextContents()).map((t) => t.trim())).to.deep.equal([
        'Row count: 8 rows',
        'Row unit spacing: 36 in',
        'Hitch: Drawbar pull-type',
        'Extra seed plates: Corn 30-cell × 10',
        'Extra seed plates: Soybean 60-cell × 4',
      ]);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `co34-confirmation-options-${width}`);
      // The saved card paid the down payment only.
      const paid = await sqlRows<{ total: string }>(
        'select total::text from payments where order_id = $1 and successful',
        [orderId],
      );
      expect(paid.map((p) => p.total)).to.deep.equal(['6243.65']);
      cartId = null;
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  /** Opens an order's editor as staff do: the back office's Orders, a search by PO number, the order, Edit order. */
  async function openEditor(width: number, id: number, po: string) {
    const staff = await newPage({ width, height: 900 });
    await signInFromLanding(staff, base, 'staff@example.com');
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await hydrated(staff);
    const search = staff.getByRole('search', { name: 'Orders' });
    await search.getByRole('searchbox', { name: 'PO number' }).fill(po);
    await search.getByRole('button', { name: 'Search' }).click();
    await staff
      .getByRole('table', { name: 'Orders' })
      .getByRole('row')
      .filter({ hasText: po })
      .getByRole('link', { name: `#${id}` })
      .click();
    await hydrated(staff);
    await staff.getByRole('link', { name: 'Edit order' }).click();
    await staff.waitForURL(/\/admin\/orders\/detail\/\d+\/edit$/);
    await hydrated(staff);
    return staff;
  }

  for (const [width, typed] of [
    [1280, '12/29'],
    [375, '12 / 2029'],
  ] as const) {
    it(`back office: a card payment takes the expiry typed "1229" as well as "${typed}" (${width} px)`, async () => {
      const { id, po } = await invoiceOrder(); // $2,714.11 owed, nothing paid
      const staff = await openEditor(width, id, po);
      const take = staff.getByRole('region', { name: 'Take a payment' });
      await take.getByRole('radio', { name: 'Card' }).check();
      await take.getByRole('textbox', { name: 'Amount received (USD)' }).fill('20.00');
      await take.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      const expiry = take.getByRole('textbox', { name: 'Expiry (MM/YY)' });
      expect(await expiry.getAttribute('placeholder')).to.equal('MM/YY');
      await take.getByRole('textbox', { name: 'Security code' }).fill('123');
      await take.getByRole('button', { name: 'Distribute over what is owed' }).click();
      // The charge is offered for either way of typing the expiry (the old pattern wanted the slash),
      // and still not for a month 13.
      const charge = take.getByRole('button', { name: 'Charge card' });
      await expiry.fill('1329');
      expect(await charge.isEnabled(), '"1329" is no expiry').to.equal(false);
      await expiry.fill(typed);
      expect(await charge.isEnabled(), `"${typed}" is a good expiry`).to.equal(true);
      await expiry.fill('1229');
      expect(await charge.isEnabled(), '"1229" is a good expiry').to.equal(true);
      await screenshot(staff, `co34-payment-panel-${width}`);
      await charge.click();
      await staff
        .getByRole('region', { name: 'Payments' })
        .getByRole('row', { name: /Visa •••• 4242 · Successful \$20\.00/ })
        .waitFor();
      const [card] = await sqlRows<{ total: string }>(
        `select total::text from payments where order_id = $1 and payment_type = 1 and successful`,
        [id],
      );
      expect(card.total).to.equal('20.00');
      expect(staff.problems).to.deep.equal([]);
      await staff.close();
    });
  }
});
