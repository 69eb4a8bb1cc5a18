/** Product page data → view locals, island props and the JSON answer for scripts. */
import { backorderNote } from '../../domain/back-order.ts';
import { formatDate } from '../../domain/dates.ts';
import { htmlToText } from '../../domain/html-text.ts';
import { formatMoney, fromCents } from '../../domain/money.ts';
import type { Translator } from '../../i18n/index.ts';
import type { ConfiguratorProps, GalleryProps } from '../../domain/product-page.ts';
import type { ProductCard, ProductPage } from './service.ts';

export type ViewContext = {
  locale: string;
  intlLocale: string;
  t: Translator;
  csrfToken: string;
  now: Date;
};

const META_DESCRIPTION_MAX = 160;

/** Plain text of the description's HTML, shortened at a word for the meta description. */
export function metaDescription(html: string, fallback: string): string {
  const text = htmlToText(html);
  if (!text) return fallback;
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 60)).replace(/[\s,;:.-]+$/, '');
  return `${atWord}…`;
}

// Why: building an Intl.NumberFormat costs far more than formatting with one (~3% of a product
// page's CPU); one per locale, built on first use.
const measureFormats = new Map<string, Intl.NumberFormat>();

/** '68.000' → '68', '11.500' → '11.5', in the locale's digits. */
function measure(v: string, intlLocale: string): string {
  let fmt = measureFormats.get(intlLocale);
  if (!fmt) {
    fmt = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 3 });
    measureFormats.set(intlLocale, fmt);
  }
  return fmt.format(Number(v));
}

/** A resupply date ('2027-03-15' or a timestamp) as the locale writes it, read in UTC so the day never shifts. */
export function formatResupplyDate(date: string, intlLocale: string): string {
  return formatDate(date, intlLocale, { dateStyle: 'long' });
}

export type CardView = {
  id: number;
  title: string;
  stockcode: string;
  image: string | null;
  price: string;
  href: string;
};

function cardView(c: ProductCard, locale: string): CardView {
  return {
    id: c.id,
    title: c.title,
    stockcode: c.stockcode,
    image: c.image,
    price: fromCents(c.priceCents),
    href: `/${locale}/products/${c.id}`,
  };
}

/** The product's facts table: stock code, then SKU, brand, weight and dimensions when known. */
function productFacts(p: ProductPage['product'], ctx: ViewContext) {
  const { t, intlLocale } = ctx;
  const facts: { label: string; value: string; testid: string }[] = [
    { label: t('product.stockcode'), value: p.stockcode, testid: 'fact-stockcode' },
  ];
  if (p.sku) facts.push({ label: t('product.sku'), value: p.sku, testid: 'fact-sku' });
  if (p.brand) facts.push({ label: t('product.brand'), value: p.brand, testid: 'fact-brand' });
  if (p.weight !== null)
    facts.push({ label: t('product.weight'), value: `${measure(p.weight, intlLocale)} kg`, testid: 'fact-weight' });
  if (p.dimensions) {
    facts.push({
      label: t('product.dimensions'),
      value: `${p.dimensions.map((d) => measure(d, intlLocale)).join(' × ')} cm`,
      testid: 'fact-dimensions',
    });
  }
  return facts;
}

/** The configurator island's props: the product, its options, stock and the translated labels. */
function configuratorProps(page: ProductPage, ctx: ViewContext): ConfiguratorProps {
  const { t, locale, intlLocale } = ctx;
  const p = page.product;
  const url = (path: string) => `/${locale}${path}`;
  return {
    locale,
    currency: page.currency,
    productId: p.id,
    title: p.title,
    stockcode: p.stockcode,
    baseCents: page.priceCents,
    options: page.options,
    availability: p.availability,
    stockOnHand: page.stockOnHand,
    tracksStock: page.tracksStock,
    resupplyDate: page.resupplyDate,
    allowBackorder: page.backorder.allowed,
    now: ctx.now.toISOString(),
    addUrl: url('/cart/add/inline'),
    cartUrl: url('/cart'),
    csrfToken: ctx.csrfToken,
    labels: {
      quantity: t('product.quantity'),
      quantityHint: t('product.quantityHint'),
      optionQuantityHint: t('product.optionQuantityHint'),
      subtotal: t('product.subtotal'),
      stockCode: t('product.stockcode'),
      addToCart: t('product.addToCart'),
      adding: t('product.adding'),
      added: t('product.added'),
      cartSubtotal: t('product.cartSubtotal'),
      viewCart: t('product.viewCart'),
      each: t('product.each'),
      decrease: t('product.decrease'),
      increase: t('product.increase'),
      inStock: t('product.inStock'),
      phone: t('product.phone'),
      shipsBy: page.resupplyDate
        ? t('product.shipsBy', { date: formatResupplyDate(page.resupplyDate, intlLocale) })
        : '',
      backordered: page.backorder.allowed
        ? backorderNote(page.backorder.shipOn, page.backorder.today, locale, t)
        : undefined,
      reasons: {
        out_of_stock: t('product.outOfStock'),
        coming_soon: t('product.comingSoon'),
        call: t('product.call'),
        price: t('product.noPrice'),
      },
    },
  };
}

export function productLocals(page: ProductPage, ctx: ViewContext) {
  const { t, locale } = ctx;
  const p = page.product;
  const url = (path: string) => `/${locale}${path}`;
  const facts = productFacts(p, ctx);

  const gallery: GalleryProps = {
    title: p.title,
    images: p.images,
    labels: { gallery: t('product.gallery'), show: t('product.showImage'), alt: t('product.imageAlt') },
  };
  const configurator = configuratorProps(page, ctx);

  return {
    title: p.title,
    metaDescription: metaDescription(p.descriptionHtml, t('site.tagline')),
    product: p,
    priceText: formatMoney(page.priceCents, page.currency, locale),
    // The deposit is not part of the price: it comes back when the old part does.
    coreText: page.coreCents > 0 ? formatMoney(page.coreCents, page.currency, locale) : null,
    breadcrumb: [
      { name: t('product.home'), href: url('/') },
      { name: t('nav.products'), href: url('/products') },
      ...page.breadcrumb.map((c) => ({ name: c.name, href: url(`/products?category=${encodeURIComponent(c.slug)}`) })),
    ],
    facts,
    gallery,
    configurator,
    initial: page.initial,
    similar: page.similar.map((c) => cardView(c, locale)),
    popular: page.popular.map((c) => cardView(c, locale)),
    instructionals: page.instructionals.map((i) => ({ ...i, href: url(`/instructional/editor/view/${i.id}`) })),
    diagrams: page.diagrams.map((d) => ({ ...d, href: url(`/parts/${d.id}`) })),
  };
}

/** The page as data, for scripts (Accept: application/json or X-Requested-With). */
export function productJson(page: ProductPage, locale: string) {
  const p = page.product;
  return {
    product_id: p.id,
    title: p.title,
    stockcode: p.stockcode,
    sku: p.sku,
    brand: p.brand,
    description: p.descriptionHtml,
    images: p.images,
    weight: p.weight,
    dimensions: p.dimensions,
    availability: p.availability,
    currency: page.currency,
    price: fromCents(page.priceCents),
    categories: page.breadcrumb,
    stock_on_hand: page.stockOnHand,
    resupply_date: page.resupplyDate,
    backorder: { allowed: page.backorder.allowed, expected_ship_on: page.backorder.shipOn },
    add_to_cart: page.initial.state,
    /** One unit in the default configuration (options included): what the cart charges for it. */
    unit_price: fromCents(page.initial.unitCents),
    stock_code: page.initial.stockCode,
    options: page.options.map((o) => ({
      option_id: o.id,
      name: o.name,
      option_type: o.optionType,
      parent_choice_id: o.parentChoiceId,
      choices: o.choices.map((c) => ({
        choice_id: c.id,
        name: c.name,
        stock_code_value: c.stockCodeValue,
        price: fromCents(c.priceCents),
        is_default: c.isDefault,
      })),
    })),
    similar: page.similar.map((c) => ({
      product_id: c.id,
      title: c.title,
      price: fromCents(c.priceCents),
      url: `/${locale}/products/${c.id}`,
    })),
    popular: page.popular.map((c) => ({
      product_id: c.id,
      title: c.title,
      price: fromCents(c.priceCents),
      url: `/${locale}/products/${c.id}`,
    })),
    instructionals: page.instructionals,
    diagrams: page.diagrams,
  };
}
