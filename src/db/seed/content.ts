/** Instructionals and tools, media, calendar, webhooks, audit log, dealers and leads. */
import { seedInstructionalSteps } from './instructional-steps.ts';
import { calendarEvents, instructionals, instructionalTools, logs, media, tools, webhooks } from '../schema/index.ts';
import { DIAGRAM, PRODUCTS, productSlug } from './catalog-data.ts';
import type { ProductRef } from './catalog.ts';
import { ORG, USER } from './ids.ts';
import { diagramSvg, productSvg } from './images.ts';
import { addMinutes, daysAgo, insertMany, type SeedTx } from './util.ts';
import { logRowsFor } from './content-logs.ts';
import { seedDealersAndLeads } from './content-dealers.ts';

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
