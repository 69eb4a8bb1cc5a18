/**
 * Flat SVG illustrations for the demo catalogue and the parts diagram. Run once, output committed:
 *   npx tsx src/db/seed/images.ts        → public/images/products/*.svg, public/images/diagrams/row-unit.svg
 * The seed imports the render functions only to record file sizes in the media table.
 * Pictures carry no product names (they are shared by every locale).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DIAGRAM, IMAGE_VARIANTS, PRODUCTS, productSlug, type Art, type ProductSeed } from './catalog-data.ts';

const W = 800;
const H = 600;
const C = {
  green: '#2f6b3a',
  greenDark: '#1f4a28',
  yellow: '#f2b705',
  steel: '#8d99a6',
  steelLight: '#c5ced6',
  steelDark: '#566270',
  rubber: '#2b2d31',
  red: '#b23a2e',
  hose: '#3c4a57',
  white: '#ffffff',
};
const BACKGROUND: Record<string, [string, string]> = {
  planters: ['#e8f1e4', '#cfe2c8'],
  'seed-plates': ['#fbf3dc', '#f3e2b0'],
  'planter-parts': ['#e9eef3', '#d3dde6'],
  'drive-chain': ['#eceaf3', '#d8d4e8'],
  meters: ['#e4f0f1', '#c9e1e3'],
  markers: ['#f3ebe4', '#e6d5c6'],
  hitches: ['#efe9e2', '#dfd2c3'],
  tools: ['#f1ece7', '#e2d8cd'],
  'kits-service': ['#e7edf6', '#cdd9ea'],
};
const CROP: Record<string, string> = {
  corn: '#e9b949',
  soybean: '#6a994e',
  sorghum: '#b5523b',
  sunflower: '#ee8f3a',
  cotton: '#7d97a8',
  blank: '#a7b4bf',
};

const n = (v: number) => Number(v.toFixed(1));
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}"${extra}/>`;
const poly = (pts: [number, number][], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;
const pathD = (d: string, stroke: string, w: number, fill = 'none') =>
  `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
const ring = (
  cx: number,
  cy: number,
  r: number,
  count: number,
  f: (x: number, y: number, a: number) => string,
  start = -Math.PI / 2,
) =>
  Array.from({ length: count }, (_, i) => {
    const a = start + (i * 2 * Math.PI) / count;
    return f(cx + r * Math.cos(a), cy + r * Math.sin(a), a);
  }).join('');

function gear(cx: number, cy: number, r: number, teeth: number, fill: string): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < teeth; i++) {
    const a = (i * 2 * Math.PI) / teeth;
    const step = (2 * Math.PI) / teeth;
    for (const [da, rr] of [
      [0, r - 14],
      [step * 0.2, r],
      [step * 0.5, r],
      [step * 0.7, r - 14],
    ] as const) {
      pts.push([cx + rr * Math.cos(a + da), cy + rr * Math.sin(a + da)]);
    }
  }
  return poly(pts, fill);
}

function wheel(cx: number, cy: number, r: number, opts: { spiked?: boolean; cleaner?: boolean } = {}): string {
  if (opts.spiked) {
    const pts: [number, number][] = [];
    for (let i = 0; i < 32; i++) {
      const a = (i * Math.PI) / 16;
      pts.push([cx + (i % 2 ? r * 0.72 : r) * Math.cos(a), cy + (i % 2 ? r * 0.72 : r) * Math.sin(a)]);
    }
    return (
      poly(pts, C.steelDark) +
      circle(cx, cy, r * 0.6, C.steel) +
      circle(cx, cy, r * 0.22, C.steelLight) +
      circle(cx, cy, r * 0.08, C.rubber)
    );
  }
  return (
    circle(cx, cy, r, C.rubber) +
    circle(cx, cy, r * 0.7, C.steel) +
    circle(cx, cy, r * 0.62, C.steelLight) +
    ring(cx, cy, r * 0.42, 6, (x, y) => circle(x, y, r * 0.07, C.steelDark)) +
    circle(cx, cy, r * 0.18, C.steelDark) +
    circle(cx, cy, r * 0.07, C.rubber)
  );
}

function disc(cx: number, cy: number, r: number, notched = false): string {
  const notches = notched
    ? ring(cx, cy, r * 0.97, 16, (x, y, a) =>
        poly(
          [
            [x, y],
            [x + 26 * Math.cos(a + 2.6), y + 26 * Math.sin(a + 2.6)],
            [x + 26 * Math.cos(a - 2.6), y + 26 * Math.sin(a - 2.6)],
          ],
          'url(#bg)',
        ),
      )
    : '';
  return (
    circle(cx, cy, r, C.steelDark) +
    circle(cx, cy, r * 0.93, 'url(#steel)') +
    notches +
    circle(cx, cy, r * 0.4, C.steel) +
    circle(cx, cy, r * 0.22, C.steelDark) +
    ring(cx, cy, r * 0.31, 4, (x, y) => circle(x, y, r * 0.035, C.rubber), Math.PI / 4) +
    circle(cx, cy, r * 0.08, C.rubber)
  );
}

function planter(rows: number): string {
  const shown = Math.min(rows, 8);
  const left = 130;
  const right = 670;
  const gap = (right - left) / shown;
  let units = '';
  for (let i = 0; i < shown; i++) {
    const x = left + gap * (i + 0.5);
    const w = Math.min(64, gap * 0.8);
    units +=
      rect(x - 4, 250, 8, 70, C.steelDark) +
      poly(
        [
          [x - w / 2, 175],
          [x + w / 2, 175],
          [x + w * 0.32, 262],
          [x - w * 0.32, 262],
        ],
        C.yellow,
      ) +
      rect(x - w / 2 - 3, 166, w + 6, 14, C.greenDark, 4) +
      rect(x - w * 0.3, 300, w * 0.6, 70, C.green, 6) +
      circle(x, 392, Math.min(34, gap * 0.42), C.steelDark) +
      circle(x, 392, Math.min(26, gap * 0.32), C.steel) +
      circle(x + w * 0.35, 430, Math.min(16, gap * 0.2), C.rubber);
  }
  const extra =
    rows > shown ? rect(left - 60, 262, 40, 28, C.green, 6) + rect(right + 20, 262, 40, 28, C.green, 6) : '';
  return (
    poly(
      [
        [400, 150],
        [340, 262],
        [460, 262],
      ],
      'none',
      ` stroke="${C.steelDark}" stroke-width="10" stroke-linejoin="round"`,
    ) +
    rect(left - 20, 255, right - left + 40, 34, C.green, 8) +
    extra +
    units +
    rect(left - 20, 255, right - left + 40, 8, C.greenDark, 4) +
    circle(150, 455, 44, C.rubber) +
    circle(150, 455, 20, C.steel) +
    circle(650, 455, 44, C.rubber) +
    circle(650, 455, 20, C.steel)
  );
}

function plate(cells: number, crop: string): string {
  const color = CROP[crop];
  const holes =
    cells > 0
      ? ring(400, 300, 150, cells, (x, y) =>
          circle(x, y, Math.max(5, Math.min(13, 420 / cells)), '#3b2f1c', ' opacity="0.85"'),
        )
      : '';
  return (
    circle(400, 300, 190, color) +
    circle(400, 300, 178, color, ` stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"`) +
    holes +
    circle(400, 300, 110, color, ' stroke="#000" stroke-opacity="0.12" stroke-width="6"') +
    ring(400, 300, 78, 3, (x, y) => circle(x, y, 12, '#ffffff', ' opacity="0.6"')) +
    circle(400, 300, 42, '#ffffff', ' opacity="0.75"') +
    rect(388, 258, 24, 18, color, 3)
  );
}

/** A product's picture, drawn by the group its kind belongs to (anything else: a plain disc). */
function art(a: Art): string {
  return (
    drivelineArt(a) ??
    rowUnitArt(a) ??
    meteringArt(a) ??
    hitchAndToolArt(a) ??
    bundleArt(a) ??
    circle(400, 300, 150, C.steel)
  );
}

/** Planters, plates, discs, wheels and the drive: chain, links, sprockets, shafts, hoses. */
function drivelineArt(a: Art): string | undefined {
  switch (a.kind) {
    case 'planter':
      return planter(a.rows);
    case 'plate':
      return plate(a.cells, a.crop);
    case 'blade':
      return disc(400, 300, 185, a.notched);
    case 'wheel':
      if (a.cleaner) {
        return (
          rect(250, 170, 240, 34, C.red, 10) +
          rect(250, 170, 34, 150, C.red, 10) +
          wheel(330, 360, 110, { spiked: true }) +
          wheel(470, 380, 110, { spiked: true })
        );
      }
      return wheel(400, 300, 185, { spiked: a.spiked });
    case 'chain': {
      let s = '';
      for (let i = 0; i < 9; i++) {
        const x = 130 + i * 62;
        const y = 380 - i * 22;
        s += `<g transform="rotate(-20 ${x} ${y})">${rect(x - 38, y - 22, 76, 44, i % 2 ? C.steelDark : C.steel, 22)}${circle(x - 18, y, 9, C.steelLight)}${circle(x + 18, y, 9, C.steelLight)}</g>`;
      }
      return s;
    }
    case 'link':
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<g transform="rotate(${-12 + i * 6} ${200 + i * 100} 300)">${rect(160 + i * 100, 270, 80, 60, C.steel, 30)}${circle(180 + i * 100, 300, 11, C.steelDark)}${circle(220 + i * 100, 300, 11, C.steelDark)}${rect(205 + i * 100 - 25, 294, 50, 12, C.steelLight, 6)}</g>`,
        )
        .join('');
    case 'sprocket':
      return (
        gear(400, 300, a.teeth && a.teeth < 20 ? 160 : 195, a.teeth ?? 19, C.steel) +
        circle(400, 300, 95, C.steelLight) +
        (a.teeth === 14 ? circle(400, 300, 70, C.rubber) + circle(400, 300, 40, C.steelLight) : '') +
        circle(400, 300, 32, C.steelDark) +
        rect(390, 256, 20, 18, C.steelDark)
      );
    case 'shaft':
      return `<g transform="rotate(-18 400 300)">${rect(90, 282, 620, 36, C.steel)}${rect(90, 282, 620, 12, C.steelLight)}${circle(140, 300, 46, C.steelDark)}${circle(140, 300, 24, C.steelLight)}</g>`;
    case 'hose':
      return (
        pathD(
          'M 210 420 C 120 300 260 150 400 170 C 560 190 640 320 540 400 C 450 470 330 420 340 330 C 350 260 450 250 480 310',
          C.hose,
          34,
        ) +
        pathD(
          'M 210 420 C 120 300 260 150 400 170 C 560 190 640 320 540 400 C 450 470 330 420 340 330 C 350 260 450 250 480 310',
          '#5b6b7a',
          8,
        ) +
        rect(186, 410, 50, 40, C.steel, 6) +
        rect(462, 292, 40, 40, C.steel, 6)
      );
    default:
      return undefined;
  }
}

/** Row-unit parts: springs, bushings, seed tubes. */
function rowUnitArt(a: Art): string | undefined {
  switch (a.kind) {
    case 'spring': {
      let d = 'M 400 120';
      for (let i = 0; i < 12; i++) d += ` L ${i % 2 ? 330 : 470} ${140 + i * 26}`;
      d += ' L 400 470';
      return (
        pathD(d, C.red, 16) +
        circle(400, 110, 22, 'none', ` stroke="${C.steelDark}" stroke-width="10"`) +
        circle(400, 490, 22, 'none', ` stroke="${C.steelDark}" stroke-width="10"`)
      );
    }
    case 'bushing':
      return (
        [
          [260, 250],
          [400, 320],
          [540, 250],
        ]
          .map(
            ([x, y]) =>
              `${rect(x - 50, y - 60, 100, 120, '#d8b36a', 10)}<ellipse cx="${x}" cy="${y - 60}" rx="50" ry="16" fill="#e9cc8c"/><ellipse cx="${x}" cy="${y - 60}" rx="22" ry="7" fill="#6b5a35"/>`,
          )
          .join('') +
        circle(300, 440, 40, C.steel) +
        circle(300, 440, 16, 'url(#bg)') +
        circle(500, 440, 40, C.steel) +
        circle(500, 440, 16, 'url(#bg)')
      );
    case 'seed-tube':
      return (
        pathD('M 360 110 C 360 260 380 360 470 480', C.steelDark, 72) +
        pathD('M 360 110 C 360 260 380 360 470 480', '#a9bcc8', 56) +
        pathD('M 350 120 C 350 260 370 350 452 462', '#dbe4ea', 10) +
        poly(
          [
            [420, 300],
            [520, 360],
            [500, 500],
            [440, 470],
          ],
          C.steelDark,
        ) +
        rect(320, 90, 80, 34, C.rubber, 8)
      );
    default:
      return undefined;
  }
}

/** The seed meter and what feeds it: hopper lids, fans, meters. */
function meteringArt(a: Art): string | undefined {
  switch (a.kind) {
    case 'hopper-lid':
      return (
        poly(
          [
            [170, 330],
            [630, 330],
            [580, 240],
            [220, 240],
          ],
          C.yellow,
        ) +
        rect(160, 330, 480, 36, '#d69f04', 10) +
        rect(340, 200, 120, 30, C.rubber, 14) +
        rect(360, 220, 80, 26, C.rubber)
      );
    case 'fan':
      return (
        circle(400, 300, 190, C.greenDark) +
        circle(400, 300, 160, C.steelLight) +
        ring(400, 300, 0, 7, (x, y, a) =>
          poly(
            [
              [x, y],
              [x + 150 * Math.cos(a), y + 150 * Math.sin(a)],
              [x + 150 * Math.cos(a + 0.5), y + 150 * Math.sin(a + 0.5)],
            ],
            C.steel,
          ),
        ) +
        circle(400, 300, 48, C.rubber) +
        rect(560, 270, 150, 60, C.hose, 12)
      );
    case 'meter':
      return (
        circle(400, 300, 180, C.green) +
        circle(400, 300, 150, '#3d8249') +
        ring(400, 300, 118, 12, (x, y) => circle(x, y, 14, C.yellow)) +
        circle(400, 300, 60, C.greenDark) +
        rect(560, 180, 120, 44, C.hose, 14) +
        rect(370, 470, 60, 80, C.steelDark, 8)
      );
    default:
      return undefined;
  }
}

/** Motors, couplers, markers, the hitch and its pins, and the shop tools. */
function hitchAndToolArt(a: Art): string | undefined {
  switch (a.kind) {
    case 'motor':
      return (
        rect(220, 220, 260, 160, C.steelDark, 24) +
        rect(220, 220, 260, 40, C.steel, 20) +
        rect(480, 250, 110, 100, C.green, 14) +
        gear(640, 300, 60, 12, C.steel) +
        circle(640, 300, 20, C.steelDark) +
        rect(260, 170, 70, 50, C.rubber, 8)
      );
    case 'coupler':
      return (
        rect(260, 210, 280, 180, C.steel, 30) +
        rect(260, 210, 280, 50, C.steelLight, 24) +
        rect(370, 200, 60, 200, C.steelDark, 8) +
        circle(400, 300, 36, C.rubber)
      );
    case 'marker':
      return (
        `<g transform="rotate(-14 400 300)">${rect(90, 280, 520, 30, C.green, 8)}${rect(160, 240, 200, 24, C.steelDark, 12)}${rect(360, 246, 60, 12, C.steelLight, 6)}</g>` +
        disc(640, 380, 90, true)
      );
    case 'hitch':
      return (
        poly(
          [
            [400, 130],
            [210, 460],
            [590, 460],
          ],
          'none',
          ` stroke="${C.green}" stroke-width="38" stroke-linejoin="round"`,
        ) +
        rect(180, 440, 440, 40, C.greenDark, 10) +
        circle(210, 460, 30, C.yellow) +
        circle(590, 460, 30, C.yellow) +
        circle(400, 140, 30, C.yellow)
      );
    case 'clevis':
      return (
        pathD('M 300 170 L 300 380 Q 300 450 400 450 Q 500 450 500 380 L 500 170', C.steelDark, 56) +
        rect(250, 190, 300, 34, C.steel, 17) +
        circle(250, 207, 28, C.steelLight) +
        circle(550, 207, 28, C.steelLight)
      );
    case 'pin':
      return (
        `<g transform="rotate(-25 400 300)">${rect(180, 280, 420, 40, C.steel, 20)}${circle(180, 300, 48, C.steelDark)}${circle(560, 300, 10, C.rubber)}</g>` +
        pathD('M 560 270 C 660 220 700 380 600 400 C 560 410 540 380 560 350', C.red, 10)
      );
    case 'brush':
      return `<g transform="rotate(-30 400 300)">${rect(170, 278, 300, 44, '#a06a3b', 22)}${rect(460, 262, 60, 76, C.steel, 6)}${Array.from({ length: 10 }, (_, i) => rect(520, 262 + i * 7.6, 110, 5, C.rubber, 2)).join('')}</g>`;
    case 'wrench':
      return `<g transform="rotate(-35 400 300)">${rect(200, 278, 400, 44, C.steel, 22)}${circle(200, 300, 62, C.steel)}${rect(150, 284, 60, 32, 'url(#bg)')}${circle(600, 300, 56, C.steel)}${circle(600, 300, 28, C.steelDark)}${rect(300, 290, 200, 20, C.steelLight, 10)}</g>`;
    case 'gauge':
      return (
        Array.from(
          { length: 7 },
          (_, i) =>
            `<g transform="rotate(${-50 + i * 12} 260 420)">${rect(250, 120, 22, 310, i % 2 ? C.steel : C.steelLight, 10)}</g>`,
        ).join('') +
        circle(260, 420, 26, C.red) +
        circle(260, 420, 10, C.steelDark)
      );
    case 'grease-gun':
      return (
        rect(180, 250, 330, 100, C.red, 30) +
        rect(500, 270, 70, 60, C.steelDark, 10) +
        pathD('M 570 300 C 640 300 660 220 700 180', C.rubber, 16) +
        pathD('M 230 250 L 330 150', C.steelDark, 18) +
        circle(180, 300, 34, C.steelDark)
      );
    default:
      return undefined;
  }
}

/** Kits, services and warranties. */
function bundleArt(a: Art): string | undefined {
  switch (a.kind) {
    case 'kit':
      return (
        poly(
          [
            [200, 260],
            [400, 200],
            [600, 260],
            [400, 320],
          ],
          '#d6a35c',
        ) +
        poly(
          [
            [200, 260],
            [400, 320],
            [400, 500],
            [200, 440],
          ],
          '#b98440',
        ) +
        poly(
          [
            [600, 260],
            [400, 320],
            [400, 500],
            [600, 440],
          ],
          '#a5732f',
        ) +
        disc(330, 220, 70) +
        wheel(470, 215, 60, { spiked: true }) +
        rect(385, 130, 30, 110, '#dfe6ea', 12)
      );
    case 'service':
      return (
        rect(260, 120, 280, 380, '#f7f4ea', 18, ` stroke="${C.steelDark}" stroke-width="8"`) +
        rect(340, 100, 120, 44, C.steelDark, 10) +
        [200, 270, 340, 410]
          .map((y) => circle(310, y, 16, C.green) + rect(345, y - 8, 150, 16, C.steelLight, 8))
          .join('') +
        `<g transform="rotate(40 560 420)">${rect(480, 400, 200, 36, C.steel, 18)}${circle(680, 418, 36, C.steel)}</g>`
      );
    case 'warranty':
      return (
        pathD(
          'M 400 110 L 580 170 L 570 330 C 560 420 480 480 400 510 C 320 480 240 420 230 330 L 220 170 Z',
          C.greenDark,
          10,
          C.green,
        ) + pathD('M 320 310 L 380 370 L 490 250', C.white, 30)
      );
    default:
      return undefined;
  }
}

const defs = (bg: [string, string]) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>` +
  `<radialGradient id="steel" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#e3e8ed"/><stop offset="0.6" stop-color="${C.steel}"/><stop offset="1" stop-color="${C.steelDark}"/></radialGradient></defs>`;

/** variant 0: the product on its category colour; 1: close-up; 2: standing in a field. */
export function productSvg(p: ProductSeed, variant: number): string {
  const main = p.categories[p.categories.length - 1];
  const bg = BACKGROUND[main] ?? BACKGROUND['planter-parts'];
  const drawing = art(p.art);
  let body: string;
  if (variant === 1) {
    body = `${rect(0, 0, W, H, 'url(#bg)')}${circle(400, 300, 280, '#ffffff', ' opacity="0.45"')}<g transform="translate(400 300) scale(1.55) rotate(-8) translate(-400 -300)">${drawing}</g>`;
  } else if (variant === 2) {
    body =
      `${rect(0, 0, W, H, '#cfe6f5')}${circle(660, 110, 50, '#ffe08a')}${rect(0, 380, W, 220, '#7a9a4a')}` +
      Array.from({ length: 7 }, (_, i) => pathD(`M ${-100 + i * 160} 600 L ${300 + i * 40} 380`, '#5f7d37', 14)).join(
        '',
      ) +
      `<ellipse cx="400" cy="520" rx="220" ry="26" fill="#000" opacity="0.18"/><g transform="translate(400 330) scale(0.62) translate(-400 -300)">${drawing}</g>`;
  } else {
    body = `${rect(0, 0, W, H, 'url(#bg)')}<ellipse cx="400" cy="530" rx="250" ry="24" fill="#000" opacity="0.12"/>${drawing}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">${defs(bg)}${body}</svg>\n`;
}

/** Dashed callout rectangles with their numbered badges (every diagram draws them the same way). */
export function calloutMarks(
  list: readonly { callout: string; rect: readonly [number, number, number, number] }[],
): string {
  return list
    .map((c) => {
      const [x1, y1, x2, y2] = c.rect;
      const cx = Math.max(26, x1 - 8);
      const cy = Math.max(26, y1 - 8);
      return (
        `<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" fill="none" stroke="#1d6fb8" stroke-width="2" stroke-dasharray="8 6"/>` +
        circle(cx, cy, 22, '#1d6fb8') +
        `<text x="${cx}" y="${cy + 7}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="#fff">${c.callout}</text>`
      );
    })
    .join('');
}

/** The row-unit diagram; callout rectangles come from DIAGRAM so the image and the rows agree. */
export function diagramSvg(): string {
  const { width, height } = DIAGRAM;
  const grid =
    Array.from({ length: 24 }, (_, i) => line(i * 50, 0, i * 50, height, '#dde7f0', 1)).join('') +
    Array.from({ length: 16 }, (_, i) => line(0, i * 50, width, i * 50, '#dde7f0', 1)).join('');
  const parts = [
    rect(60, 80, 200, 100, C.green, 8), // toolbar
    line(260, 110, 520, 200, C.steelDark, 18),
    line(260, 160, 520, 250, C.steelDark, 18), // parallel arms
    circle(300, 124, 14, '#d8b36a') +
      circle(470, 183, 14, '#d8b36a') +
      circle(300, 174, 14, '#d8b36a') +
      circle(470, 233, 14, '#d8b36a'),
    pathD('M 330 130 L 345 170 L 360 140 L 375 180 L 390 150 L 405 190 L 420 160 L 435 200 L 450 175', C.red, 8),
    poly(
      [
        [520, 80],
        [800, 80],
        [760, 230],
        [560, 230],
      ],
      C.yellow,
    ),
    rect(510, 40, 300, 36, '#d69f04', 10), // hopper and lid
    rect(520, 230, 300, 170, C.green, 14), // frame
    circle(870, 300, 70, C.greenDark) + circle(870, 300, 52, '#3d8249'), // meter
    circle(1060, 300, 75, CROP.corn) +
      ring(1060, 300, 58, 30, (x, y) => circle(x, y, 5, '#3b2f1c')) +
      circle(1060, 300, 20, '#fff', ' opacity="0.7"'), // plate
    pathD('M 920 250 C 960 120 1060 170 1110 120', C.hose, 22), // vacuum hose
    pathD('M 665 400 C 665 440 660 470 655 495', '#9fb0bb', 36), // seed tube
    disc(610, 600, 100), // opener
    wheel(810, 635, 85), // gauge wheel
    line(820, 400, 1010, 640, C.steelDark, 16),
    wheel(1010, 640, 65, { spiked: true }), // closing wheel
    gear(330, 560, 42, 19, C.steel) +
      gear(450, 420, 30, 14, C.steel) +
      line(318, 520, 438, 392, C.rubber, 8) +
      line(342, 600, 462, 450, C.rubber, 8), // drive
  ].join('');
  const callouts = calloutMarks(DIAGRAM.callouts);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">${defs(['#f7fafc', '#eef3f8'])}` +
    `${rect(0, 0, width, height, '#f7fafc')}${grid}${parts}${callouts}</svg>\n`
  );
}

function writeAll(root: string): number {
  const productsDir = path.join(root, 'public/images/products');
  const diagramsDir = path.join(root, 'public/images/diagrams');
  mkdirSync(productsDir, { recursive: true });
  mkdirSync(diagramsDir, { recursive: true });
  let files = 0;
  for (const p of PRODUCTS) {
    IMAGE_VARIANTS.forEach((suffix, v) => {
      writeFileSync(path.join(productsDir, `${productSlug(p)}${suffix}.svg`), productSvg(p, v));
      files++;
    });
  }
  writeFileSync(path.join(diagramsDir, path.basename(DIAGRAM.image)), diagramSvg());
  return files + 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  console.log(`wrote ${writeAll(root)} SVG files under ${path.join(root, 'public/images')}`);
}
