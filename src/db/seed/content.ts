/** Interface text, instructionals and tools, media, calendar, webhooks, audit log, dealers and leads. */
import type { CatalogTranslation } from './catalog-i18n.ts';
import { seedInstructionalSteps } from './instructional-steps.ts';
import {
  calendarEvents,
  dealers,
  instructionals,
  instructionalTools,
  leads,
  logs,
  media,
  tools,
  translations,
  translationVersions,
  webhooks,
} from '../schema/index.ts';
import { catalog } from '../../i18n/catalog.ts';
import { DIAGRAM, PRODUCTS, productSlug } from './catalog-data.ts';
import type { ProductRef } from './catalog.ts';
import { ORG, USER } from './ids.ts';
import { diagramSvg, productSvg } from './images.ts';
import { addMinutes, daysAgo, insertMany, type SeedTx } from './util.ts';
import { logRowsFor } from './content-logs.ts';

const UI = 'ui:';

/** Earlier wordings of a few English texts: the catalogue's text is the newest version. */
const HISTORY: Record<string, string[]> = {
  'site.tagline': ['Planters and parts from Iowa.', 'Planters, seed plates and parts from our own warehouses.'],
  'nav.products': ['Catalog'],
  'landing.hero.title': ['Plant with confidence.'],
  'nav.dealers': ['Dealer locator'],
};

/** English for Canada, where it differs (language 'en', country 'CA'). */
const EN_CA: Record<string, string> = {
  'site.tagline': 'Planters, seed plates and parts, shipped from Saskatoon and Des Moines.',
  'footer.contact': 'Questions? Call 1-800-555-0142, Monday to Friday, 7 am to 6 pm Saskatchewan time.',
};

export async function seedTranslations(tx: SeedTx, catalogue: readonly CatalogTranslation[] = []): Promise<number> {
  const rows: (typeof translations.$inferInsert)[] = [];
  const versions: (typeof translationVersions.$inferInsert)[] = [];
  const base = daysAgo(90);
  const add = (field: string, language: string, country: string, value: string, earlier: string[] = []) => {
    const id = rows.length + 1;
    const all = [...earlier, value];
    const updatedAt = daysAgo(90 - 25 * earlier.length);
    rows.push({
      id,
      field,
      language,
      country,
      value,
      version: all.length,
      updatedBy: USER.admin,
      createdAt: base,
      updatedAt,
    });
    all.forEach((v, k) =>
      versions.push({
        translationId: id,
        value: v,
        version: k + 1,
        createdBy: USER.admin,
        createdAt: daysAgo(90 - 25 * k),
      }),
    );
  };
  for (const language of ['en', 'fr', 'es'] as const) {
    for (const [key, value] of Object.entries(catalog[language])) {
      if (typeof value !== 'string') continue;
      add(UI + key, language, '', value, language === 'en' ? HISTORY[key] : undefined);
    }
  }
  for (const [key, value] of Object.entries(EN_CA)) {
    if (key in catalog.en) add(UI + key, 'en', 'CA', value);
  }
  for (const c of catalogue) add(c.field, c.language, '', c.value);
  await insertMany(tx, translations, rows);
  await insertMany(
    tx,
    translationVersions,
    versions.map((v, i) => ({ id: i + 1, ...v })),
  );
  return rows.length;
}

const TOOLS = [
  ['15/16 in combination wrench', 'For row-unit mounting bolts and gauge wheel arms.'],
  ['Torque wrench, 1/2 in drive', '20–150 ft·lb; opener and gauge wheel hub bolts.'],
  ['Chain breaker #40–#60', 'Pushes out roller chain pins to shorten or join chain.'],
  ['Grease gun', 'Lever-action gun with flexible hose for the parallel-arm zerks.'],
  ['Tape measure, 25 ft', 'Row spacing and marker extension.'],
  ['Seed plate brush', 'Soft brush for cleaning plate cells and the meter housing.'],
  ['Planter tune-up gauge set', 'Opener contact, gauge wheel clearance and closing wheel alignment.'],
  ['Socket set, 3/8 in drive', 'Meter housings, hopper brackets and seed tube guards.'],
] as const;

const INSTRUCTIONALS = [
  {
    slug: 'planter-setup',
    title: 'Setting up your 4-row vacuum planter',
    product: 'PL-4RV',
    video: '/media/videos/planter-setup.mp4',
    tools: [0, 1, 4, 7],
    published: true,
    body: '<h2>Before you start</h2><p>Park the planter on level ground, lower it onto its stands and relieve hydraulic pressure.</p><ol><li>Set row spacing on the toolbar with the tape measure: 30 in centre to centre.</li><li>Torque the row-unit U-bolts to 150 ft·lb.</li><li>Connect the vacuum hoses and run the fan to 18 in of water.</li><li>Fit the seed plates for your crop.</li></ol>',
  },
  {
    slug: 'seed-plate-change',
    title: 'Changing and cleaning seed plates',
    product: 'DEMO-SEED-PLATE',
    video: '/media/videos/seed-plate-change.mp4',
    tools: [5],
    published: true,
    body: '<p>Open the meter cover, lift the plate off its hub and brush every cell clean. Check the plate for wear at the cell edges; replace it when the cells are rounded.</p><p>Use the seed plate calculator to confirm the population for the new plate at your ground speed.</p>',
  },
  {
    slug: 'drive-chain-tension',
    title: 'Adjusting drive chain tension',
    product: 'DC-40-10',
    video: '/media/videos/chain-tension.mp4',
    tools: [0, 2, 4],
    published: true,
    body: '<p>A #40 drive chain should deflect about 1/2 in midway between sprockets. Loosen the idler, set the tension, and re-tighten. Replace chain stretched beyond 3% of its length.</p>',
  },
  {
    slug: 'row-unit-inspection',
    title: 'Pre-season row unit inspection',
    product: 'DEMO-KIT',
    video: '/media/videos/row-unit-inspection.mp4',
    tools: [1, 3, 6],
    published: false,
    body: '<p>Check disc opener diameter (replace below 14.5 in), gauge wheel clearance, parallel-arm bushings and closing wheel bearings. The Row Unit Rebuild Kit has every wear part.</p>',
  },
] as const;

export async function seedContent(
  tx: SeedTx,
  products: Map<string, ProductRef>,
): Promise<{ instructionals: number; logs: number }> {
  const at = daysAgo(120);
  await seedInstructionals(tx, products, at);
  await seedMedia(tx);
  await seedCalendar(tx, at);
  await seedWebhooks(tx, at);

  const logRows = logRowsFor(products);
  await insertMany(
    tx,
    logs,
    logRows.map(({ at, ...l }, i) => ({ id: i + 1, ...l, createdAt: at ?? addMinutes(daysAgo(60 - i * 2.5), i) })),
  );

  await seedDealersAndLeads(tx, at);
  return { instructionals: INSTRUCTIONALS.length, logs: logRows.length };
}

/** The tools, the instructionals that use them, and their steps. */
async function seedInstructionals(tx: SeedTx, products: Map<string, ProductRef>, at: Date): Promise<void> {
  await insertMany(
    tx,
    tools,
    TOOLS.map(([name, description], i) => ({ id: i + 1, name, description, createdAt: at, updatedAt: at })),
  );
  await insertMany(
    tx,
    instructionals,
    INSTRUCTIONALS.map((x, i) => ({
      id: i + 1,
      title: x.title,
      slug: x.slug,
      body: x.body,
      videoUrl: x.video,
      productId: products.get(x.product)!.id,
      published: x.published,
      createdBy: USER.admin,
      createdAt: daysAgo(120 - i * 10),
      updatedAt: daysAgo(100 - i * 10),
    })),
  );
  await insertMany(
    tx,
    instructionalTools,
    INSTRUCTIONALS.flatMap((x, i) => x.tools.map((t, sort) => ({ instructionalId: i + 1, toolId: t + 1, sort }))),
  );
  await seedInstructionalSteps(tx);
}

/** The media library: the parts diagram and a few product pictures. */
async function seedMedia(tx: SeedTx): Promise<void> {
  const shown = PRODUCTS.filter((p) =>
    ['PL-4RV', 'DEMO-CONFIG', 'DEMO-SEED-PLATE', 'PP-DOB-15', 'DC-40-10'].includes(p.stockcode),
  );
  await insertMany(
    tx,
    media,
    [
      {
        filename: 'row-unit.svg',
        path: DIAGRAM.image,
        mime: 'image/svg+xml',
        size: Buffer.byteLength(diagramSvg()),
        width: DIAGRAM.width,
        height: DIAGRAM.height,
        alt: DIAGRAM.title,
      },
      ...shown.map((p) => ({
        filename: `${productSlug(p)}.svg`,
        path: `/images/products/${productSlug(p)}.svg`,
        mime: 'image/svg+xml',
        size: Buffer.byteLength(productSvg(p, 0)),
        width: 800,
        height: 600,
        alt: p.title,
      })),
    ].map((m, i) => ({ id: i + 1, ...m, uploadedBy: USER.admin, createdAt: daysAgo(200 - i) })),
  );
}

/** The staff calendar's events, on Central time. */
async function seedCalendar(tx: SeedTx, at: Date): Promise<void> {
  const on = (day: string, hh = 0, mm = 0) =>
    new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00-05:00`);
  await insertMany(
    tx,
    calendarEvents,
    [
      {
        title: 'Planter clinic — Ames',
        startsAt: on('2026-06-05', 13),
        endsAt: on('2026-06-05', 16),
        allDay: false,
        description: 'Hands-on setup and calibration for customers; bring your seed plates.',
      },
      {
        title: 'Spring dealer meeting',
        startsAt: on('2026-06-10', 9),
        endsAt: on('2026-06-10', 12),
        allDay: false,
        description: 'Season review with US and Canadian dealers (video call).',
      },
      {
        title: 'Des Moines inventory count',
        startsAt: on('2026-06-15'),
        endsAt: on('2026-06-15', 23, 59),
        allDay: true,
        description: 'No shipments from US-DSM today.',
      },
      {
        title: 'Quarter close',
        startsAt: on('2026-06-30'),
        endsAt: on('2026-06-30', 23, 59),
        allDay: true,
        description: 'Invoices and ERP sync must be complete.',
      },
      {
        title: 'Saskatoon depot closed — Canada Day',
        startsAt: on('2026-07-01'),
        endsAt: on('2026-07-01', 23, 59),
        allDay: true,
        description: null,
      },
      {
        title: 'Farm Progress Show',
        startsAt: on('2026-08-25'),
        endsAt: on('2026-08-27', 23, 59),
        allDay: true,
        description: 'Booth 4120: the 8-row vacuum planter and the electric drive preview.',
      },
    ].map((e, i) => ({ id: i + 1, ...e, createdBy: i % 2 ? USER.staff : USER.admin, createdAt: at, updatedAt: at })),
  );
}

/** Two webhooks, both inactive. */
async function seedWebhooks(tx: SeedTx, at: Date): Promise<void> {
  await tx.insert(webhooks).values(
    [
      // not insertMany: its unnest() cannot carry the text[] events column
      {
        id: 1,
        url: 'https://erp.harrowdrill.example/hooks/orders',
        events: ['order.created', 'order.updated', 'payment.recorded'],
        secret: 'whsec_aGFycm93LWRyaWxsLWRlbW8tb3JkZXJz',
        active: false,
        organisationId: null,
      },
      {
        id: 2,
        url: 'https://purchasing.acme.example/webhooks/inventory',
        events: ['inventory.changed'],
        secret: 'whsec_aGFycm93LWRyaWxsLWRlbW8tYWNtZS0x',
        active: false,
        organisationId: ORG.acme,
      },
    ].map((w) => ({ ...w, createdBy: USER.admin, createdAt: at, updatedAt: at })),
  );
}

/** The dealers and the leads sent to them. */
async function seedDealersAndLeads(tx: SeedTx, at: Date): Promise<void> {
  await insertMany(
    tx,
    dealers,
    DEALERS.map((d, i) => ({ id: i + 1, ...d, createdAt: at, updatedAt: at })),
  );
  await insertMany(
    tx,
    leads,
    [
      {
        firstName: 'Aaron',
        lastName: 'Pike',
        email: 'aaron.pike@example.org',
        phone: '319-555-0113',
        company: 'Pike Family Farms',
        countryCode: 'US',
        regionCode: 'IA',
        message: 'Looking at an 8-row planter for next spring. Can a dealer visit?',
        status: 'new',
      },
      {
        firstName: 'Élise',
        lastName: 'Gagnon',
        email: 'elise.gagnon@example.org',
        phone: '819-555-0190',
        company: null,
        countryCode: 'CA',
        regionCode: 'QC',
        message: 'Avez-vous des plaques pour le soya 60 cellules en stock?',
        status: 'contacted',
      },
      {
        firstName: 'Ramón',
        lastName: 'Ortiz',
        email: 'ramon.ortiz@example.org',
        phone: '+52 614 555 0128',
        company: 'Agrícola Ortiz',
        countryCode: 'MX',
        regionCode: 'CHH',
        message: 'Cotización para 2 sembradoras de 6 surcos.',
        status: 'qualified',
      },
      {
        firstName: 'Casey',
        lastName: 'Lindqvist',
        email: 'customer@example.com',
        phone: '515-555-0143',
        company: null,
        countryCode: 'US',
        regionCode: 'IA',
        message: 'Interested in the electric drive upgrade when it arrives.',
        status: 'new',
      },
    ].map((l, i) => ({ id: i + 1, ...l, createdAt: daysAgo(40 - i * 9), updatedAt: daysAgo(40 - i * 9) })),
  );
}

const DEALERS = [
  {
    name: 'Heartland Planter Supply',
    address1: '2121 South Duff Avenue',
    city: 'Ames',
    regionCode: 'IA',
    postalCode: '50010',
    countryCode: 'US',
    lat: '42.005900',
    lng: '-93.610700',
    phone: '515-555-0170',
    website: 'https://heartland-planter.example',
  },
  {
    name: 'Platte Valley Implement',
    address1: '4300 North 27th Street',
    city: 'Lincoln',
    regionCode: 'NE',
    postalCode: '68521',
    countryCode: 'US',
    lat: '40.857600',
    lng: '-96.681100',
    phone: '402-555-0138',
    website: 'https://plattevalley.example',
  },
  {
    name: 'Dakota Row Crop Service',
    address1: '3801 North Cliff Avenue',
    city: 'Sioux Falls',
    regionCode: 'SD',
    postalCode: '57104',
    countryCode: 'US',
    lat: '43.587900',
    lng: '-96.707200',
    phone: '605-555-0166',
    website: null,
  },
  {
    name: 'Red River Ag Parts',
    address1: '1602 Main Avenue',
    city: 'Fargo',
    regionCode: 'ND',
    postalCode: '58103',
    countryCode: 'US',
    lat: '46.875100',
    lng: '-96.808900',
    phone: '701-555-0145',
    website: 'https://redriver-ag.example',
  },
  {
    name: 'Prairie State Equipment',
    address1: '1502 North Lincoln Avenue',
    city: 'Urbana',
    regionCode: 'IL',
    postalCode: '61801',
    countryCode: 'US',
    lat: '40.126900',
    lng: '-88.220400',
    phone: '217-555-0117',
    website: null,
  },
  {
    name: 'South Plains Planter Co.',
    address1: '6302 Avenue Q',
    city: 'Lubbock',
    regionCode: 'TX',
    postalCode: '79412',
    countryCode: 'US',
    lat: '33.541200',
    lng: '-101.852400',
    phone: '806-555-0163',
    website: 'https://southplains-planter.example',
  },
  {
    name: 'Minnesota Valley Ag',
    address1: '1830 Madison Avenue',
    city: 'Mankato',
    regionCode: 'MN',
    postalCode: '56001',
    countryCode: 'US',
    lat: '44.165400',
    lng: '-93.962600',
    phone: '507-555-0181',
    website: null,
  },
  {
    name: 'Saskatoon Seeding Systems',
    address1: '811 60th Street East',
    city: 'Saskatoon',
    regionCode: 'SK',
    postalCode: 'S7K 5Z7',
    countryCode: 'CA',
    lat: '52.177300',
    lng: '-106.636400',
    phone: '306-555-0129',
    website: 'https://sk-seeding.example',
  },
  {
    name: 'Westman Implement',
    address1: '1505 Middleton Avenue',
    city: 'Brandon',
    regionCode: 'MB',
    postalCode: 'R7C 1A5',
    countryCode: 'CA',
    lat: '49.857300',
    lng: '-99.981200',
    phone: '204-555-0104',
    website: null,
  },
  {
    name: 'Lethbridge Precision Planting',
    address1: '3800 2 Avenue North',
    city: 'Lethbridge',
    regionCode: 'AB',
    postalCode: 'T1H 5C1',
    countryCode: 'CA',
    lat: '49.702800',
    lng: '-112.782600',
    phone: '403-555-0149',
    website: 'https://lethbridge-precision.example',
  },
  {
    name: 'Ontario Row Crop Supply',
    address1: '5 Stone Road West',
    city: 'Guelph',
    regionCode: 'ON',
    postalCode: 'N1G 1L6',
    countryCode: 'CA',
    lat: '43.525000',
    lng: '-80.226400',
    phone: '519-555-0176',
    website: null,
  },
];
