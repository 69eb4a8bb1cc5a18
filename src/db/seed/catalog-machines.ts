/** The demo catalogue's machines and seed plates, in id order (the parts follow in catalog-parts.ts). */
import { P, type ProductSeed } from './catalog-product-seed.ts';

export const MACHINES_AND_PLATES: ProductSeed[] = [
  P(
    '4-Row Vacuum Planter',
    'PL-4RV',
    '14950.00',
    ['planters'],
    { kind: 'planter', rows: 4 },
    {
      weight: 1620,
      dims: [420, 330, 190],
      freightClass: '85',
      blurb:
        'A 30-inch, 4-row vacuum planter for vegetable growers and research plots: one fan, ground drive, 1.9-bushel hoppers.',
    },
  ),
  P(
    '6-Row Vacuum Planter',
    'PL-6RV',
    '21400.00',
    ['planters'],
    { kind: 'planter', rows: 6 },
    {
      weight: 2280,
      dims: [560, 330, 190],
      freightClass: '85',
      blurb:
        'Six rows on a rigid 7 × 7 in toolbar, hydraulic vacuum fan, parallel-link row units with adjustable down-pressure.',
    },
  ),
  P(
    '8-Row Vacuum Planter',
    'PL-8RV',
    '27900.00',
    ['planters'],
    { kind: 'planter', rows: 8 },
    {
      weight: 2950,
      dims: [720, 340, 195],
      freightClass: '85',
      blurb:
        'The 8-row workhorse: 30 or 36 inch spacing, 3-point mounted, with row markers and a seed monitor harness.',
    },
  ),
  P(
    '2-Row Plate Planter, Compact',
    'PL-2RC',
    '4850.00',
    ['planters'],
    { kind: 'planter', rows: 2 },
    {
      weight: 540,
      dims: [210, 150, 140],
      freightClass: '85',
      blurb: 'A compact plate planter for market gardens and food plots; fits a Category I hitch.',
    },
  ),
  P(
    'Custom Vacuum Planter — Build Your Own',
    'DEMO-CONFIG',
    '18500.00',
    ['planters'],
    { kind: 'planter', rows: 6 },
    {
      weight: 2300,
      dims: [560, 330, 190],
      freightClass: '85',
      blurb:
        'Choose the row count, the spacing for 8-row builds, the hitch and as many extra seed plates as you need: the price updates as you go.',
    },
  ),
  P(
    '12-Row Folding Toolbar Planter',
    'DEMO-CALL',
    '58000.00',
    ['planters'],
    { kind: 'planter', rows: 12 },
    {
      weight: 6100,
      dims: [960, 420, 260],
      freightClass: '70',
      availability: 'call',
      blurb: 'Built to order for each farm. Call us to discuss row spacing, fold and fertiliser options.',
    },
  ),

  P(
    'Seed Plate — Corn 30-cell',
    'DEMO-SEED-PLATE',
    '38.50',
    ['seed-plates'],
    { kind: 'plate', cells: 30, crop: 'corn' },
    {
      weight: 0.45,
      dims: [25, 25, 1],
      blurb: 'Our standard corn plate. Use the seed plate calculator to check population at your ground speed.',
    },
  ),
  P(
    'Seed Plate — Corn 24-cell',
    'SP-CRN-24',
    '38.50',
    ['seed-plates'],
    { kind: 'plate', cells: 24, crop: 'corn' },
    { weight: 0.45, dims: [25, 25, 1] },
  ),
  P(
    'Seed Plate — Soybean 60-cell',
    'SP-SOY-60',
    '36.00',
    ['seed-plates'],
    { kind: 'plate', cells: 60, crop: 'soybean' },
    { weight: 0.42, dims: [25, 25, 1] },
  ),
  P(
    'Seed Plate — Sorghum 48-cell',
    'SP-SRG-48',
    '36.00',
    ['seed-plates'],
    { kind: 'plate', cells: 48, crop: 'sorghum' },
    { weight: 0.42, dims: [25, 25, 1] },
  ),
  P(
    'Seed Plate — Sunflower 24-cell',
    'SP-SUN-24',
    '36.00',
    ['seed-plates'],
    { kind: 'plate', cells: 24, crop: 'sunflower' },
    { weight: 0.42, dims: [25, 25, 1] },
  ),
  P(
    'Seed Plate — Cotton 36-cell',
    'SP-CTN-36',
    '39.00',
    ['seed-plates'],
    { kind: 'plate', cells: 36, crop: 'cotton' },
    { weight: 0.44, dims: [25, 25, 1] },
  ),
  P(
    'Seed Plate Blank, Drill Your Own',
    'SP-BLANK',
    '22.00',
    ['seed-plates'],
    { kind: 'plate', cells: 0, crop: 'blank' },
    { weight: 0.5, dims: [25, 25, 1] },
  ),
];
