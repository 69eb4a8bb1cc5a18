/** Each product kind's drawing, by the group of parts it belongs to. */
import type { Art } from './catalog-data.ts';
import { C, circle, disc, gear, pathD, planter, plate, poly, rect, ring, wheel } from './images-shapes.ts';

/** A product's picture, drawn by the group its kind belongs to (anything else: a plain disc). */
export function art(a: Art): string {
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
