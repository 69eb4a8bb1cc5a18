/**
 * Flat SVG illustrations for the demo catalogue and the parts diagram. Run once, output committed:
 *   npx tsx src/db/seed/images.ts        → public/images/products/*.svg, public/images/diagrams/row-unit.svg
 * The seed imports the render functions only to record file sizes in the media table.
 * Pictures carry no product names (they are shared by every locale).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DIAGRAM, IMAGE_VARIANTS, PRODUCTS, productSlug, type ProductSeed } from './catalog-data.ts';
import { art } from './images-art.ts';
import {
  BACKGROUND,
  C,
  circle,
  CROP,
  disc,
  gear,
  H,
  line,
  pathD,
  poly,
  rect,
  ring,
  W,
  wheel,
} from './images-shapes.ts';

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
