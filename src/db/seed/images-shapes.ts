/** The drawing kit of the demo pictures: palette, SVG primitives and the shared machine parts. */

export const W = 800;
export const H = 600;
export const C = {
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
export const BACKGROUND: Record<string, [string, string]> = {
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
export const CROP: Record<string, string> = {
  corn: '#e9b949',
  soybean: '#6a994e',
  sorghum: '#b5523b',
  sunflower: '#ee8f3a',
  cotton: '#7d97a8',
  blank: '#a7b4bf',
};

const n = (v: number) => Number(v.toFixed(1));
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}"${extra}/>`;
export const poly = (pts: [number, number][], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;
export const pathD = (d: string, stroke: string, w: number, fill = 'none') =>
  `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
export const ring = (
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

export function gear(cx: number, cy: number, r: number, teeth: number, fill: string): string {
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

export function wheel(cx: number, cy: number, r: number, opts: { spiked?: boolean; cleaner?: boolean } = {}): string {
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

export function disc(cx: number, cy: number, r: number, notched = false): string {
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

export function planter(rows: number): string {
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

export function plate(cells: number, crop: string): string {
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
