/** Categories, products with options and channel prices, distributors' listings, the parts diagram. */
import {
  categories,
  channelPrices,
  diagramComponents,
  partsDiagrams,
  productAudits,
  productCategories,
  productDistributors,
  products,
} from '../schema/index.ts';
import { convert } from '../../domain/money.ts';
import { channelPriceCents } from '../../domain/pricing.ts';
import { PARTS_CATEGORY_SLUG } from '../../domain/promotions.ts';
import { CATEGORIES, DIAGRAM, PRODUCTS, productImages, productSlug, type ProductSeed } from './catalog-data.ts';
import { DISTRIBUTOR, USER } from './ids.ts';
import type { GeoIds } from './geo.ts';
import { daysAgo, insertMany, money, type Rng, type SeedTx } from './util.ts';
import { type ChoiceRef, type OptionRef, seedOptions } from './catalog-options.ts';

export type { ChoiceRef, OptionRef };
export type ProductRef = {
  id: number;
  stockcode: string;
  title: string;
  /** Price in each channel's currency, in cents. */
  cents: Record<'US' | 'CA' | 'MX', number>;
  /** False for a product priced by conversion (no channel_prices rows). */
  channelPriceRows: boolean;
  pricingCase?: ProductSeed['pricingCase'];
  weight: number;
  /** Length, width, height in cm (0 when unknown). */
  dims: [number, number, number];
  physical: boolean;
  /** In the Parts category (domain/promotions.ts PARTS_CATEGORY_SLUG): a parts-only promotion comes off it. */
  isPart: boolean;
  orderable: boolean;
  options: OptionRef[];
};

const CHANNEL_CURRENCY = { US: 'USD', CA: 'CAD', MX: 'MXN' } as const;

const TARIFF: Record<string, string> = {
  planters: '8432.31.0020',
  'seed-plates': '8432.90.0060',
  'planter-parts': '8432.90.0060',
  meters: '8432.90.0060',
  markers: '8432.90.0060',
  'drive-chain': '7315.11.0045',
  hitches: '8716.90.5060',
  tools: '8205.59.8000',
  'kits-service': '8432.90.0060',
};

/** EAN-13 with its check digit, from a 12-digit body. */
function ean13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

function describe(p: ProductSeed): string {
  const main = p.categories[p.categories.length - 1];
  const category = CATEGORIES.find((c) => c.slug === main)!;
  const fit = p.categories.includes('planters')
    ? 'Backed by a two-year warranty and serviced by our dealers across the US and Canada.'
    : 'Fits Harrow & Drill planters built since 2012; check the parts diagrams for your row unit.';
  return `<p>${p.blurb ?? `${p.title}: ${category.description.toLowerCase().replace(/\.$/, '')}, made to our original specification.`}</p>\n<p>${fit}</p>`;
}

export async function seedCatalog(tx: SeedTx, geo: GeoIds, rng: Rng): Promise<Map<string, ProductRef>> {
  const catalogDate = daysAgo(800);
  const categoryId = Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.id]));
  await insertMany(
    tx,
    categories,
    CATEGORIES.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      parentId: c.parent ? categoryId[c.parent] : null,
      sort: c.id,
    })),
  );

  const refs = new Map<string, ProductRef>();
  const productRows: (typeof products.$inferInsert)[] = [];
  PRODUCTS.forEach((p, i) => {
    const id = i + 1;
    productRows.push(productRow(p, id, { geo, rng, catalogDate }));
    refs.set(p.stockcode, productRef(p, id, geo));
  });
  await insertMany(tx, products, productRows);
  await insertMany(
    tx,
    productCategories,
    PRODUCTS.flatMap((p, i) => p.categories.map((c) => ({ productId: i + 1, categoryId: categoryId[c] }))),
  );
  // The editor works on audits; each product starts with one snapshot of its row.
  await insertMany(
    tx,
    productAudits,
    productRows.map((row, i) => ({
      id: i + 1,
      productId: row.id!,
      data: { ...row, createdAt: undefined, updatedAt: undefined },
      createdBy: USER.admin,
      createdAt: catalogDate,
    })),
  );

  await seedOptions(tx, refs);

  await insertMany(
    tx,
    channelPrices,
    [...refs.values()]
      .filter((r) => r.channelPriceRows)
      .flatMap((r) =>
        (['US', 'CA', 'MX'] as const).map((ch) => ({
          productId: r.id,
          channelId: geo.channelId[ch],
          price: money(r.cents[ch]),
          priceCategory: 'retail',
          currencyId: geo.currencyId[CHANNEL_CURRENCY[ch]],
        })),
      )
      .map((row, i) => ({ id: i + 1, ...row })),
  );

  await seedListings(tx, refs, rng);

  await seedDiagram(tx, refs, catalogDate);

  return refs;
}

/** A demo product's row (`rng`: its popularity, for the products drawn at random). */
function productRow(
  p: ProductSeed,
  id: number,
  c: { geo: GeoIds; rng: Rng; catalogDate: Date },
): typeof products.$inferInsert {
  const { geo, rng, catalogDate } = c;
  const physical = p.physical !== false;
  const heavy = (p.weight ?? 0) > 45;
  const images = productImages(p);
  const main = p.categories[p.categories.length - 1];
  return {
    id,
    title: p.title,
    slug: productSlug(p),
    stockcode: p.stockcode,
    sku: `HD-${String(10000 + id * 7).padStart(5, '0')}`,
    gtin: physical ? ean13(`0850012${String(40000 + id * 13).padStart(5, '0')}`) : null,
    brand: ['tools'].includes(main) || main === 'drive-chain' ? 'FieldLine' : 'Harrow & Drill',
    tariffCode: physical ? TARIFF[main] : null,
    shippingLabel: !physical ? null : heavy ? 'LTL freight' : 'Parcel',
    isKit: p.isKit ?? false,
    description: describe(p),
    status: 0,
    notes: p.stockcode.startsWith('DEMO-') ? `Demo product (${p.stockcode}).` : null,
    inventoryType: !physical ? 'drop_ship' : p.categories.includes('planters') ? 'made_to_order' : 'stocked',
    availability: p.availability ?? 'in_stock',
    resupplyDate: p.resupplyDate ?? null,
    price: p.price,
    currencyId: p.pricingCase === 'non-usd' ? geo.currencyId.CAD : geo.currencyId.USD,
    primaryImage: images[0],
    images,
    boxMethod: !physical ? null : heavy ? 'pallet' : 'box',
    class: physical ? (p.freightClass ?? (heavy ? '85' : '70')) : null,
    nmfc: heavy ? '133300' : null,
    length: p.dims ? String(p.dims[0]) : null,
    width: p.dims ? String(p.dims[1]) : null,
    height: p.dims ? String(p.dims[2]) : null,
    weight: p.weight !== undefined ? String(p.weight) : null,
    isPhysical: physical,
    isStackable: physical && !heavy,
    stackableQuantity: physical && !heavy ? 10 : null,
    isNonStock: !physical,
    nonStockLabel: p.nonStockLabel ?? null,
    coo: physical ? (p.categories.includes('seed-plates') ? 'CA' : 'US') : null,
    taxonomyTerms: ['agriculture', 'planting', ...p.categories],
    popularity: p.stockcode.startsWith('DEMO-') ? 500 + id : p.pricingCase ? 240 : rng.int(5, 480),
    createdBy: USER.admin,
    updatedBy: USER.admin,
    createdAt: catalogDate,
    updatedAt: daysAgo(30 + (id % 60)),
  };
}

/** What the rest of the seed knows of a product: its prices per channel, size and options. */
function productRef(p: ProductSeed, id: number, geo: GeoIds): ProductRef {
  const physical = p.physical !== false;
  // The same rule as the storefront (src/domain/pricing.ts): channel price rows are written at
  // what conversion gives, and a product without rows is converted on the fly to the same cents.
  const facts =
    p.pricingCase === 'non-usd'
      ? { channelPrice: null, basePrice: p.price, currencyId: geo.currencyId.CAD, currencyRate: geo.channelRate.CA }
      : { channelPrice: null, basePrice: p.price, currencyId: geo.currencyId.USD, currencyRate: geo.channelRate.US };
  const inChannel = (ch: 'US' | 'CA' | 'MX') =>
    channelPriceCents(facts, {
      currencyId: geo.currencyId[CHANNEL_CURRENCY[ch]],
      midMarketRate: geo.channelRate[ch],
    });
  return {
    id,
    stockcode: p.stockcode,
    title: p.title,
    cents: { US: inChannel('US'), CA: inChannel('CA'), MX: inChannel('MX') },
    channelPriceRows: p.pricingCase !== 'non-usd',
    weight: p.weight ?? 0,
    dims: p.dims ?? [0, 0, 0],
    physical,
    isPart: p.categories.includes(PARTS_CATEGORY_SLUG),
    // Pricing cases stay out of the random orders, so the rest of the demo data never shifts.
    orderable: (p.availability ?? 'in_stock') === 'in_stock' && !p.pricingCase,
    pricingCase: p.pricingCase,
    options: [],
  };
}

/** Distributors list parts (not planters) at a trade price. */
async function seedListings(tx: SeedTx, refs: Map<string, ProductRef>, rng: Rng): Promise<void> {
  const listed = PRODUCTS.filter((p) => !p.categories.includes('planters') && p.physical !== false && !p.pricingCase);
  await insertMany(
    tx,
    productDistributors,
    listed
      .flatMap((p, i) => {
        const r = refs.get(p.stockcode)!;
        const rows: (typeof productDistributors.$inferInsert)[] = [
          {
            productId: r.id,
            distributorId: DISTRIBUTOR.prairie,
            price: money(convert(r.cents.US, '0.85')),
            quantity: rng.int(0, 60),
          },
        ];
        if (i % 3 === 0)
          rows.push({
            productId: r.id,
            distributorId: DISTRIBUTOR.greatPlains,
            price: money(convert(r.cents.US, '0.88')),
            quantity: rng.int(0, 30),
          });
        return rows;
      })
      .map((row, i) => ({ ...row, id: i + 1 })),
  );
}

/** The parts diagram and its callouts. */
async function seedDiagram(tx: SeedTx, refs: Map<string, ProductRef>, catalogDate: Date): Promise<void> {
  await insertMany(tx, partsDiagrams, [
    {
      id: 1,
      title: DIAGRAM.title,
      image: DIAGRAM.image,
      width: DIAGRAM.width,
      height: DIAGRAM.height,
      productId: refs.get(DIAGRAM.product)!.id,
      createdAt: catalogDate,
      updatedAt: catalogDate,
    },
  ]);
  await insertMany(
    tx,
    diagramComponents,
    DIAGRAM.callouts
      .flatMap((c, i) =>
        c.parts.map((stockcode, k) => ({
          diagramId: 1,
          callout: c.callout,
          productId: refs.get(stockcode)!.id,
          x1: String(c.rect[0]),
          y1: String(c.rect[1]),
          x2: String(c.rect[2]),
          y2: String(c.rect[3]),
          sort: i * 10 + k,
        })),
      )
      .map((row, i) => ({ id: i + 1, ...row })),
  );
}
