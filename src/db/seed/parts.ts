/**
 * Parts explorer and dealer-locator demo data: the seed-meter and hitch diagrams
 * beside the row-unit diagram of catalog.ts, quantities per assembly for every callout, and
 * dealers' time zones, hours and services.
 *
 * The two SVGs are drawn here from the same callout rectangles the rows use, so picture and
 * rows cannot drift apart. Run once, output committed:
 *   npx tsx src/db/seed/parts.ts     → public/images/diagrams/seed-meter.svg, hitch.svg
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { dealers, diagramComponents, partsDiagrams } from '../schema/index.ts';
import { DIAGRAM } from './catalog-data.ts';
import { calloutMarks } from './images.ts';
import { EPOCH, insertMany, type SeedTx } from './util.ts';

type Callout = {
  callout: string;
  rect: readonly [number, number, number, number];
  parts: readonly (readonly [string, number])[];
};
type DiagramSeed = {
  id: number;
  title: string;
  image: string;
  width: number;
  height: number;
  product: string;
  callouts: readonly Callout[];
};

/** Quantity per assembly on the row unit (catalog.ts seeds its rows with 1). */
export const ROW_UNIT_QUANTITIES: Record<string, number> = {
  'PP-DOB-15': 2,
  'PP-GWA-16': 2,
  'PP-SCW': 2,
  'PP-RCW-12': 2,
  'PP-PAB': 2,
  'DC-CL40-5': 1,
};

export const EXTRA_DIAGRAMS: readonly DiagramSeed[] = [
  {
    id: 2,
    title: '6-Row Vacuum Planter — Seed Meter',
    image: '/images/diagrams/seed-meter.svg',
    width: 1200,
    height: 800,
    product: 'PL-6RV',
    callouts: [
      { callout: '1', rect: [430, 230, 770, 570], parts: [['MT-VMH', 1]] },
      {
        callout: '2',
        rect: [140, 200, 400, 460],
        parts: [
          ['DEMO-SEED-PLATE', 1],
          ['SP-CRN-24', 1],
          ['SP-SOY-60', 1],
          ['SP-SRG-48', 1],
        ],
      },
      { callout: '3', rect: [800, 350, 920, 470], parts: [['MT-CPL', 1]] },
      {
        callout: '4',
        rect: [950, 300, 1130, 480],
        parts: [
          ['DC-SP28', 1],
          ['DC-40-10', 1],
        ],
      },
      { callout: '5', rect: [500, 60, 900, 180], parts: [['PP-VH-10', 1]] },
      { callout: '6', rect: [160, 540, 380, 720], parts: [['TL-BRUSH', 1]] },
      { callout: '7', rect: [820, 560, 1100, 740], parts: [['MT-FPU', 1]] },
    ],
  },
  {
    id: 3,
    title: '8-Row Vacuum Planter — Quick Hitch',
    image: '/images/diagrams/hitch.svg',
    width: 1200,
    height: 800,
    product: 'PL-8RV',
    callouts: [
      { callout: '1', rect: [330, 160, 870, 470], parts: [['HT-Q2', 1]] },
      { callout: '2', rect: [520, 540, 700, 700], parts: [['HT-CLV', 1]] },
      { callout: '3', rect: [160, 380, 300, 520], parts: [['HT-PIN-1', 2]] },
      { callout: '4', rect: [900, 480, 1120, 700], parts: [['HT-SC-20', 2]] },
    ],
  },
];

/** Dealer hours and services by dealer id (ids 1..11 of content.ts DEALERS). */
const WEEKDAYS = [1, 2, 3, 4, 5];
const DEALER_EXTRAS: Record<
  number,
  { timeZone: string; services: string[]; saturday?: boolean; open?: string; close?: string }
> = {
  1: { timeZone: 'America/Chicago', services: ['parts', 'service', 'planters', 'epp'], saturday: true },
  2: { timeZone: 'America/Chicago', services: ['parts', 'service', 'planters'] },
  3: { timeZone: 'America/Chicago', services: ['parts', 'service'] },
  4: { timeZone: 'America/Chicago', services: ['parts', 'planters', 'epp'], saturday: true },
  5: { timeZone: 'America/Chicago', services: ['parts', 'service', 'planters', 'epp'] },
  6: { timeZone: 'America/Chicago', services: ['parts', 'planters'], open: '07:00', close: '16:30' },
  7: { timeZone: 'America/Chicago', services: ['parts', 'service'] },
  8: { timeZone: 'America/Regina', services: ['parts', 'service', 'planters', 'epp'], saturday: true },
  9: { timeZone: 'America/Winnipeg', services: ['parts', 'service'] },
  10: { timeZone: 'America/Edmonton', services: ['parts', 'planters', 'epp'] },
  11: { timeZone: 'America/Toronto', services: ['parts', 'service', 'planters'] },
};

export async function seedParts(tx: SeedTx, products: Map<string, { id: number }>): Promise<void> {
  const id = (code: string) => {
    const p = products.get(code);
    if (!p) throw new Error(`seed parts: no product ${code}`);
    return p.id;
  };
  for (const [code, quantity] of Object.entries(ROW_UNIT_QUANTITIES)) {
    await tx
      .update(diagramComponents)
      .set({ quantity })
      .where(and(eq(diagramComponents.diagramId, 1), eq(diagramComponents.productId, id(code))));
  }
  await insertMany(
    tx,
    partsDiagrams,
    EXTRA_DIAGRAMS.map((d) => ({
      id: d.id,
      title: d.title,
      image: d.image,
      width: d.width,
      height: d.height,
      productId: id(d.product),
      createdAt: EPOCH,
      updatedAt: EPOCH,
    })),
  );
  const firstId = DIAGRAM.callouts.reduce((n, c) => n + c.parts.length, 0) + 1;
  await insertMany(
    tx,
    diagramComponents,
    EXTRA_DIAGRAMS.flatMap((d) =>
      d.callouts.flatMap((c, i) =>
        c.parts.map(([code, quantity], k) => ({
          diagramId: d.id,
          callout: c.callout,
          productId: id(code),
          quantity,
          x1: String(c.rect[0]),
          y1: String(c.rect[1]),
          x2: String(c.rect[2]),
          y2: String(c.rect[3]),
          sort: i * 10 + k,
        })),
      ),
    ).map((row, i) => ({ id: firstId + i, ...row })),
  );
  for (const [dealerId, x] of Object.entries(DEALER_EXTRAS)) {
    const hours = [
      { days: WEEKDAYS, open: x.open ?? '08:00', close: x.close ?? '17:30' },
      ...(x.saturday ? [{ days: [6], open: '08:00', close: '12:00' }] : []),
    ];
    await tx
      .update(dealers)
      .set({ timeZone: x.timeZone, services: x.services, hours })
      .where(eq(dealers.id, Number(dealerId)));
  }
}

// ---- the pictures ----------------------------------------------------------------------------

const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const ring = (cx: number, cy: number, r: number, count: number, f: (x: number, y: number) => string) =>
  Array.from({ length: count }, (_, i) =>
    f(
      Math.round(cx + r * Math.cos((i * 2 * Math.PI) / count)),
      Math.round(cy + r * Math.sin((i * 2 * Math.PI) / count)),
    ),
  ).join('');

const ART: Record<number, string> = {
  2: [
    circle(600, 400, 165, '#1f4a28') + circle(600, 400, 130, '#2f6b3a') + circle(600, 400, 40, '#8d99a6'), // housing
    circle(270, 330, 125, '#e9b949') +
      ring(270, 330, 95, 30, (x, y) => circle(x, y, 7, '#3b2f1c')) +
      circle(270, 330, 28, '#fff', ' opacity="0.7"'), // plate
    rect(820, 385, 80, 50, '#8d99a6', 8), // coupler
    circle(1040, 390, 80, '#566270') +
      ring(1040, 390, 80, 28, (x, y) => circle(x, y, 9, '#566270')) +
      circle(1040, 390, 22, '#c5ced6'), // sprocket
    `<path d="M 520 120 C 620 40 780 40 880 120" fill="none" stroke="#3c4a57" stroke-width="30" stroke-linecap="round"/>`, // hose
    rect(190, 600, 160, 28, '#b23a2e', 10) +
      Array.from({ length: 14 }, (_, i) => line(200 + i * 11, 628, 200 + i * 11, 690, '#c9a46a', 5)).join(''), // brush
    circle(960, 650, 80, '#1f4a28') + ring(960, 650, 55, 12, (x, y) => line(960, 650, x, y, '#f2b705', 6)), // finger pickup
  ].join(''),
  3: [
    `<polygon points="360,200 840,200 780,440 420,440" fill="#b23a2e"/>` +
      rect(400, 250, 400, 40, '#8a2c23', 6) +
      circle(400, 430, 26, '#566270') +
      circle(800, 430, 26, '#566270'), // quick hitch
    rect(560, 570, 100, 90, '#566270', 12) + circle(610, 615, 18, '#c5ced6'), // clevis
    line(180, 450, 280, 450, '#8d99a6', 22) + circle(180, 450, 20, '#566270'), // pin
    Array.from(
      { length: 7 },
      (_, i) =>
        `<ellipse cx="${930 + i * 28}" cy="${520 + i * 24}" rx="18" ry="11" fill="none" stroke="#566270" stroke-width="7"/>`,
    ).join(''), // chain
  ].join(''),
};

export function extraDiagramSvg(d: DiagramSeed): string {
  const grid =
    Array.from({ length: 24 }, (_, i) => line(i * 50, 0, i * 50, d.height, '#dde7f0', 1)).join('') +
    Array.from({ length: 16 }, (_, i) => line(0, i * 50, d.width, i * 50, '#dde7f0', 1)).join('');
  const callouts = calloutMarks(d.callouts);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" height="${d.height}" role="img">` +
    `${rect(0, 0, d.width, d.height, '#f7fafc')}${grid}${ART[d.id] ?? ''}${callouts}</svg>\n`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/images/diagrams');
  mkdirSync(dir, { recursive: true });
  for (const d of EXTRA_DIAGRAMS) writeFileSync(path.join(dir, path.basename(d.image)), extraDiagramSvg(d));
  console.log(`wrote ${EXTRA_DIAGRAMS.length} diagrams to ${dir}`);
}
