/**
 * Guest checkout in Chromium, as a person moves: the landing page, the catalogue, a
 * product, Add to cart, the cart, "Check out as a guest", email and address, shipping, the demo card,
 * the confirmation with its order number; then the "create an account" link from the mail, a
 * password, and the new account signs in and finds the order. 1280 and 375 px, en-us and fr-ca.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

/** The words a person reads on the way, in each language. */
const WORDS = {
  'en-us': {
    search: 'Search products',
    product: 'Drawbar Clevis, Forged',
    add: 'Add to cart',
    view: 'View cart',
    summary: 'Order summary',
    checkout: 'Checkout',
    guest: 'Check out as a guest',
    customer: 'Customer info',
    email: 'Email',
    first: 'First name',
    last: 'Last name',
    address: 'Address',
    city: 'City',
    region: 'State / province',
    postal: 'Postal code',
    continue: 'Continue',
    shipping: 'Shipping',
    payment: 'Payment',
    card: 'Card number',
    exp: 'Expiry (MM/YY)',
    cvc: 'Security code',
    place: 'Place order',
    thanks: /^Thank you! Order #(\d+) is placed\.$/,
    create: 'Create an account',
    createTitle: 'Create your account',
    password: 'Password (at least 10 characters)',
    submit: 'Create account',
    signOut: 'Sign out',
    signIn: 'Sign in',
    signInPassword: 'Password',
    myOrders: 'Orders',
    // Ships to Ames, Iowa from Des Moines: the clevis $58.00 + UPS Ground $14.41 + Iowa 6 % and local 1 % on both $4.06.
    where: { city: 'Ames', region: 'Iowa', postal: '50010' },
    total: '$76.47',
  },
  'fr-ca': {
    search: 'Rechercher des produits',
    product: 'Chape de barre d’attelage, forgée',
    add: 'Ajouter au panier',
    view: 'Voir le panier',
    summary: 'Récapitulatif',
    checkout: 'Passer la commande',
    guest: 'Commander en tant qu’invité',
    customer: 'Client',
    email: 'Courriel',
    first: 'Prénom',
    last: 'Nom',
    address: 'Adresse',
    city: 'Ville',
    region: 'Province / État',
    postal: 'Code postal',
    continue: 'Continuer',
    shipping: 'Livraison',
    payment: 'Paiement',
    card: 'Numéro de carte',
    exp: 'Expiration (MM/AA)',
    cvc: 'Code de sécurité',
    place: 'Passer la commande',
    thanks: /^Merci! La commande no (\d+) est passée\.$/,
    create: 'Créer un compte',
    createTitle: 'Créer votre compte',
    password: 'Mot de passe (au moins 10 caractères)',
    submit: 'Créer le compte',
    signOut: 'Se déconnecter',
    signIn: 'Se connecter',
    signInPassword: 'Mot de passe',
    myOrders: 'Commandes',
    // Ships to Winnipeg: the clevis 79,46 $ CA + Expedited Parcel 24,63 $ + GST 5 % and Manitoba RST 7 % 9,53 $.
    where: { city: 'Winnipeg', region: 'Manitoba', postal: 'R3C 0A5' },
    total: '113,62 $',
  },
} as const;

type Locale = keyof typeof WORDS;

async function mailLink(email: string): Promise<string> {
  const mailer = (await testServer()).services.mailer as unknown as { list(): Promise<{ content: string }[]> };
  for (let i = 0; i < 50; i++) {
    const mail = (await mailer.list())
      .map((m) => m.content.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((c) => c.includes(email));
    const link = mail && /(http:\/\/\S+\/guest\/account\?token=[\w%-]+)/.exec(mail)?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no account link mailed to ${email}`);
}

async function guestBuys(locale: Locale, width: number) {
  const w = WORDS[locale];
  const { url: base } = await testServer();
  const page: TestPage = await newPage({ width, height: 900 });
  const shot = (name: string) => screenshot(page, `guest-${locale}-${width}-${name}`);
  await page.goto(`${base}/${locale}/`);
  await hydrated(page);
  // The header search by part number, then the suggestion.
  await page.getByRole('combobox', { name: w.search }).fill('HT-CLV');
  await page.getByRole('option', { name: new RegExp(w.product) }).click();
  await page.waitForURL(new RegExp(`/${locale}/products/\\d+$`));
  await hydrated(page);
  await page.getByRole('button', { name: w.add }).click();
  await page.getByRole('link', { name: w.view }).click();
  await page.waitForURL(new RegExp(`/${locale}/cart$`));
  await hydrated(page);
  await page.getByRole('complementary', { name: w.summary }).getByRole('link', { name: w.checkout }).click();

  // Not signed in: sign in, a new customer, or a guest.
  await page.waitForURL(new RegExp(`/${locale}/cart/checkout$`));
  expect(await axe(page)).to.deep.equal([]);
  await shot('1-choose');
  await page.getByRole('link', { name: w.guest }).click();
  await page.waitForURL(/\?guest=1$/);
  await hydrated(page);

  const email = `guest-${locale}-${width}-${Date.now()}@example.test`;
  const info = page.getByRole('tabpanel', { name: w.customer });
  // A guest is not offered tax exemption or an organisation account.
  expect(await info.getByRole('checkbox', { name: /tax|taxes/i }).count()).to.equal(0);
  expect(await info.getByRole('radio').count()).to.equal(0);
  await info.getByRole('textbox', { name: w.email }).fill(email);
  await info.getByRole('textbox', { name: w.first, exact: true }).fill('Gale');
  await info.getByRole('textbox', { name: w.last, exact: true }).fill('Guest');
  await info.getByRole('textbox', { name: w.address, exact: true }).fill('200 Field Road');
  await info.getByRole('textbox', { name: w.city }).fill(w.where.city);
  await info.getByRole('combobox', { name: w.region }).selectOption({ label: w.where.region });
  await info.getByRole('textbox', { name: w.postal }).fill(w.where.postal);
  expect(await axe(page)).to.deep.equal([]);
  await shot('2-customer');
  await info.getByRole('button', { name: w.continue }).click();

  const shipping = page.getByRole('tabpanel', { name: w.shipping });
  await shipping.getByRole('radio').first().waitFor();
  await shipping.getByRole('button', { name: w.continue }).click();

  const payment = page.getByRole('tabpanel', { name: w.payment });
  await payment.getByRole('textbox', { name: w.card }).fill('4242 4242 4242 4242');
  await payment.getByRole('textbox', { name: w.exp }).fill('12/40');
  await payment.getByRole('textbox', { name: w.cvc }).fill('123');
  expect(await axe(page)).to.deep.equal([]);
  await shot('3-payment');
  await payment.getByRole('button', { name: w.place }).click();

  // The confirmation: the order number, and "Create an account".
  await page.waitForURL(new RegExp(`/${locale}/guest/orders/\\d+$`));
  const thanks = page.getByRole('heading', { level: 1, name: w.thanks });
  await thanks.waitFor();
  const orderId = w.thanks.exec((await thanks.textContent())!.trim())![1];
  expect(page.url()).to.match(new RegExp(`/guest/orders/${orderId}$`));
  const said = async () => (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
  expect(await said()).to.contain(w.total);
  await page.getByRole('heading', { name: w.create }).waitFor();
  expect(await page.getByRole('region', { name: w.create }).textContent()).to.contain(email);
  expect(await axe(page)).to.deep.equal([]);
  await shot('4-confirmation');

  // The mail's link: a password, and the account is made and signed in.
  const link = await mailLink(email);
  expect(link).to.contain(`/${locale}/guest/account?token=`);
  await page.goto(link);
  await page.getByRole('heading', { name: w.createTitle }).waitFor();
  expect(await axe(page)).to.deep.equal([]);
  await shot('5-create-account');
  await page.getByLabel(w.password).fill('guest-pass-2026');
  await page.getByRole('button', { name: w.submit }).click();
  await page.waitForURL(new RegExp(`/${locale}/account$`));

  // Sign out, sign in again with the new password, and find the order.
  await page.getByRole('banner').getByText('Gale', { exact: true }).locator('xpath=..').click();
  await page.getByRole('button', { name: w.signOut }).click();
  await page.waitForURL(new RegExp(`/${locale}/$`));
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: w.signIn }).click();
  await page.getByRole('textbox', { name: w.email }).fill(email);
  await page.getByLabel(w.signInPassword, { exact: true }).fill('guest-pass-2026');
  await page.getByRole('button', { name: w.signIn }).click();
  await page.waitForURL(new RegExp(`/${locale}/account$`));
  await page.getByRole('link', { name: w.myOrders, exact: true }).first().click();
  await page.getByRole('link', { name: orderId, exact: true }).click();
  await page.waitForURL(new RegExp(`/${locale}/orders/${orderId}$`));
  expect(await said()).to.contain(w.total);
  await shot('6-order-in-account');
  expect(page.problems).to.deep.equal([]);
  await page.close();
}

describe('browser: guest checkout', function () {
  this.timeout(180_000);
  it('a visitor buys as a guest with the demo card, then makes an account from the mailed link and finds the order (1280 px, en-us)', () =>
    guestBuys('en-us', 1280));
  it('the same on a phone (375 px, en-us)', () => guestBuys('en-us', 375));
  it('the same on a phone in French (375 px, fr-ca)', () => guestBuys('fr-ca', 375));
});
