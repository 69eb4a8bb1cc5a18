/** Categories, products with options and channel prices, distributors' listings, the parts diagram. */
import { eq } from 'drizzle-orm';
import {
  categories,
  channelPrices,
  diagramComponents,
  optionChoices,
  partsDiagrams,
  productAudits,
  productCategories,
  productDistributors,
  productOptions,
  products,
} from '../schema/index.ts';
import { convert, toCents } from '../../domain/money.ts';
import { channelPriceCents } from '../../domain/pricing.ts';
import { PARTS_CATEGORY_SLUG } from '../../domain/promotions.ts';
import { CATEGORIES, DIAGRAM, PRODUCTS, productImages, productSlug, type ProductSeed } from './catalog-data.ts';
import { DISTRIBUTOR, USER } from './ids.ts';
import type { GeoIds } from './geo.ts';
import { daysAgo, insertMany, money, type Rng, type SeedTx } from './util.ts';

type ChoiceSeed = {
  name: string;
  value: string;
  price: string;
  discountPrice?: string;
  isDefault?: boolean;
  children?: OptionSeed[];
};
type OptionSeed = { name: string; type: 0 | 1; required: boolean; position: number; choices: ChoiceSeed[] };

/**
 * DEMO-CONFIG: 'Row count' → choosing '8 rows' reveals the child option 'Row unit spacing'
 * (its parent_choice_id is the '8 rows' choice); 'Extra seed plates' is option type 1, so each of
 * its choices takes a quantity 0..35.
 */
const OPTIONS: Record<string, OptionSeed[]> = {
  'DEMO-CONFIG': [
    {
      name: 'Row count',
      type: 0,
      required: true,
      position: 1,
      choices: [
        { name: '4 rows', value: '4', price: '0.00', isDefault: true },
        { name: '6 rows', value: '6', price: '2450.00', discountPrice: '2200.00' },
        {
          name: '8 rows',
          value: '8',
          price: '4900.00',
          children: [
            {
              name: 'Row unit spacing',
              type: 0,
              required: true,
              position: 2,
              choices: [
                { name: '30 in', value: '30', price: '0.00', isDefault: true },
                { name: '36 in', value: '36', price: '350.00' },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'Hitch',
      type: 0,
      required: true,
      position: 3,
      choices: [
        { name: 'Category II 3-point', value: 'C2', price: '0.00', isDefault: true },
        { name: 'Drawbar pull-type', value: 'DB', price: '780.00' },
      ],
    },
    {
      name: 'Extra seed plates',
      type: 1,
      required: false,
      position: 4,
      choices: [
        { name: 'Corn 30-cell', value: '1', price: '38.50', isDefault: true },
        { name: 'Soybean 60-cell', value: '2', price: '36.00' },
        { name: 'Sorghum 48-cell', value: '3', price: '36.00' },
      ],
    },
  ],
  'PP-GWA-16': [
    {
      name: 'Tire',
      type: 0,
      required: true,
      position: 1,
      choices: [
        { name: 'Standard rubber', value: 'S', price: '0.00', isDefault: true },
        { name: 'Heavy-duty semi-pneumatic', value: 'HD', price: '24.00' },
      ],
    },
  ],
};

export type ChoiceRef = {
  id: number;
  optionId: number;
  name: string;
  value: string;
  priceCents: number;
  optionType: 0 | 1;
  children: OptionRef[];
};
export type OptionRef = { id: number; name: string; type: 0 | 1; required: boolean; choices: ChoiceRef[] };
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
    const physical = p.physical !== false;
    const heavy = (p.weight ?? 0) > 45;
    const images = productImages(p);
    const main = p.categories[p.categories.length - 1];
    productRows.push({
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
    });
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
    refs.set(p.stockcode, {
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
    });
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

  // Distributors list parts (not planters) at a trade price.
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

  return refs;
}

async function seedOptions(tx: SeedTx, refs: Map<string, ProductRef>): Promise<void> {
  const optionRows: (typeof productOptions.$inferInsert)[] = [];
  const choiceRows: (typeof optionChoices.$inferInsert)[] = [];
  const walk = (productId: number, list: OptionSeed[], parentChoiceId: number | null): OptionRef[] =>
    list.map((o, sort) => {
      const id = optionRows.length + 1;
      optionRows.push({
        id,
        productId,
        parentChoiceId,
        name: o.name,
        optionType: o.type,
        sort,
        required: o.required,
        stockCodePosition: o.position,
      });
      const ref: OptionRef = { id, name: o.name, type: o.type, required: o.required, choices: [] };
      o.choices.forEach((c, k) => {
        const choiceId = choiceRows.length + 1;
        choiceRows.push({
          id: choiceId,
          optionId: id,
          name: c.name,
          stockCodeValue: c.value,
          price: c.price,
          discountPrice: c.discountPrice ?? null,
          isDefault: c.isDefault ?? false,
          sort: k,
        });
        const choice: ChoiceRef = {
          id: choiceId,
          optionId: id,
          name: c.name,
          value: c.value,
          priceCents: toCents(c.price),
          optionType: o.type,
          children: [],
        };
        ref.choices.push(choice);
        if (c.children) choice.children = walk(productId, c.children, choiceId);
      });
      return ref;
    });
  for (const [stockcode, list] of Object.entries(OPTIONS)) {
    const ref = refs.get(stockcode)!;
    ref.options = walk(ref.id, list, null);
  }
  // Choices first: a child option row points at its parent choice.
  await insertMany(
    tx,
    productOptions,
    optionRows.map((o) => ({ ...o, parentChoiceId: null })),
  );
  await insertMany(tx, optionChoices, choiceRows);
  for (const o of optionRows.filter((r) => r.parentChoiceId !== null)) {
    await tx.update(productOptions).set({ parentChoiceId: o.parentChoiceId }).where(eq(productOptions.id, o.id!));
  }
}
