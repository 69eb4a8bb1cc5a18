/**
 * The demo catalogue as plain data, shared by the seed (rows) and images.ts (the SVG art), so a
 * product's picture and its row can never drift apart. Prices are USD; weights kg; sizes cm.
 */
import { slugify } from '../../domain/slug.ts';

export type Art =
  | { kind: 'planter'; rows: number }
  | { kind: 'plate'; cells: number; crop: 'corn' | 'soybean' | 'sorghum' | 'sunflower' | 'cotton' | 'blank' }
  | { kind: 'blade'; notched?: boolean }
  | { kind: 'wheel'; spiked?: boolean; cleaner?: boolean }
  | {
      kind:
        | 'chain'
        | 'link'
        | 'sprocket'
        | 'shaft'
        | 'hose'
        | 'spring'
        | 'bushing'
        | 'seed-tube'
        | 'hopper-lid'
        | 'fan'
        | 'meter'
        | 'motor'
        | 'coupler'
        | 'marker'
        | 'hitch'
        | 'clevis'
        | 'pin'
        | 'brush'
        | 'wrench'
        | 'gauge'
        | 'grease-gun'
        | 'kit'
        | 'service'
        | 'warranty';
      teeth?: number;
    };

export type Category = { id: number; slug: string; name: string; parent?: string; description: string };

export const CATEGORIES: Category[] = [
  { id: 1, slug: 'planters', name: 'Planters', description: 'Vacuum and plate planters from 2 to 12 rows.' },
  {
    id: 2,
    slug: 'seed-plates',
    name: 'Seed Plates',
    description: 'Plates for corn, soybean, sorghum, sunflower and cotton.',
  },
  { id: 3, slug: 'parts', name: 'Parts', description: 'Replacement parts for our planters.' },
  {
    id: 4,
    slug: 'planter-parts',
    name: 'Planter Parts',
    parent: 'parts',
    description: 'Openers, wheels, tubes and row-unit hardware.',
  },
  {
    id: 5,
    slug: 'drive-chain',
    name: 'Drive & Chain',
    parent: 'parts',
    description: 'Roller chain, sprockets, idlers and shafts.',
  },
  { id: 6, slug: 'meters', name: 'Meters', parent: 'parts', description: 'Seed meters and drives.' },
  { id: 7, slug: 'markers', name: 'Markers', parent: 'parts', description: 'Row marker discs and arms.' },
  { id: 8, slug: 'hitches', name: 'Hitches', description: 'Quick hitches, clevises, pins and safety chains.' },
  { id: 9, slug: 'tools', name: 'Tools', description: 'Shop tools for planter service.' },
  { id: 10, slug: 'kits-service', name: 'Kits & Service', description: 'Rebuild kits, setup service and warranties.' },
];

export type ProductSeed = {
  title: string;
  stockcode: string;
  price: string;
  categories: string[];
  art: Art;
  brand?: string;
  weight?: number;
  dims?: [number, number, number];
  availability?: 'in_stock' | 'out_of_stock' | 'coming_soon' | 'call';
  resupplyDate?: string;
  isKit?: boolean;
  physical?: boolean;
  nonStockLabel?: string;
  freightClass?: string;
  blurb?: string;
  coo?: string;
  /**
   * A pricing case the storefront must get right, with fixed data (no random draws, so adding one
   * never shifts the rest of the demo data): 'non-usd' is priced in CAD with no channel price rows
   * (every channel converts it); 'inactive-warehouse' has stock only in the closed warehouse.
   */
  pricingCase?: 'non-usd' | 'inactive-warehouse';
};

const P = (
  title: string,
  stockcode: string,
  price: string,
  categories: string[],
  art: Art,
  rest: Partial<ProductSeed> = {},
): ProductSeed => ({ title, stockcode, price, categories, art, ...rest });

export const PRODUCTS: ProductSeed[] = [
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

  P(
    'Disc Opener Blade 15"',
    'PP-DOB-15',
    '42.75',
    ['parts', 'planter-parts'],
    { kind: 'blade' },
    {
      weight: 3.1,
      dims: [38, 38, 1],
      blurb: 'Heat-treated boron steel, 4 mm thick, 15 inch diameter. Replace in pairs.',
    },
  ),
  P(
    'Gauge Wheel Assembly 4.5 x 16',
    'PP-GWA-16',
    '189.00',
    ['parts', 'planter-parts'],
    { kind: 'wheel' },
    { weight: 7.8, dims: [41, 41, 12] },
  ),
  P(
    'Spiked Closing Wheel',
    'PP-SCW',
    '64.50',
    ['parts', 'planter-parts'],
    { kind: 'wheel', spiked: true },
    { weight: 4.2, dims: [33, 33, 6] },
  ),
  P(
    'Rubber Closing Wheel 1 x 12',
    'PP-RCW-12',
    '48.00',
    ['parts', 'planter-parts'],
    { kind: 'wheel' },
    { weight: 2.9, dims: [30, 30, 3] },
  ),
  P(
    'Seed Tube with Guard',
    'PP-STG',
    '27.95',
    ['parts', 'planter-parts'],
    { kind: 'seed-tube' },
    { weight: 0.6, dims: [46, 8, 6] },
  ),
  P(
    'Parallel Arm Bushing Kit',
    'PP-PAB',
    '34.20',
    ['parts', 'planter-parts'],
    { kind: 'bushing' },
    { weight: 0.8, dims: [15, 10, 5] },
  ),
  P(
    'Down-Pressure Spring, Heavy',
    'PP-DPS-H',
    '29.50',
    ['parts', 'planter-parts'],
    { kind: 'spring' },
    { weight: 1.4, dims: [36, 6, 6] },
  ),
  P(
    'Vacuum Hose 1.5 in, 10 ft',
    'PP-VH-10',
    '31.00',
    ['parts', 'planter-parts'],
    { kind: 'hose' },
    { weight: 2.2, dims: [40, 40, 8] },
  ),
  P(
    'Row Cleaner, Floating',
    'PP-RCF',
    '265.00',
    ['parts', 'planter-parts'],
    { kind: 'wheel', cleaner: true },
    { weight: 14.5, dims: [60, 40, 35] },
  ),
  P(
    'Seed Hopper Lid',
    'PP-SHL',
    '24.00',
    ['parts', 'planter-parts'],
    { kind: 'hopper-lid' },
    { weight: 1.1, dims: [45, 35, 6] },
  ),
  P(
    'Hydraulic Row Marker Kit',
    'DEMO-OOS',
    '1240.00',
    ['parts', 'markers'],
    { kind: 'marker' },
    {
      weight: 68,
      dims: [250, 40, 30],
      availability: 'out_of_stock',
      freightClass: '125',
      blurb: 'Folding hydraulic markers with sequence valve. Sold out for this season.',
    },
  ),
  P(
    'Vacuum Fan Assembly, 12 V',
    'DEMO-FUTURE',
    '612.00',
    ['parts', 'planter-parts'],
    { kind: 'fan' },
    {
      weight: 11.5,
      dims: [45, 40, 40],
      resupplyDate: '2027-03-15',
      blurb:
        'Electric vacuum fan for planters without hydraulic remotes. The next shipment arrives in March: order now to reserve one.',
    },
  ),

  P(
    'Drive Chain #40, 10 ft',
    'DC-40-10',
    '36.80',
    ['parts', 'drive-chain'],
    { kind: 'chain' },
    { weight: 1.2, dims: [20, 15, 5] },
  ),
  P(
    'Drive Chain #60, 10 ft',
    'DC-60-10',
    '58.40',
    ['parts', 'drive-chain'],
    { kind: 'chain' },
    { weight: 2.6, dims: [22, 16, 6] },
  ),
  P(
    'Connector Link #40, 5-pack',
    'DC-CL40-5',
    '7.95',
    ['parts', 'drive-chain'],
    { kind: 'link' },
    { weight: 0.05, dims: [8, 5, 1] },
  ),
  P(
    'Sprocket 19-tooth #40',
    'DC-SP19',
    '24.60',
    ['parts', 'drive-chain'],
    { kind: 'sprocket', teeth: 19 },
    { weight: 0.7, dims: [11, 11, 3] },
  ),
  P(
    'Sprocket 28-tooth #40',
    'DC-SP28',
    '31.20',
    ['parts', 'drive-chain'],
    { kind: 'sprocket', teeth: 28 },
    { weight: 1.1, dims: [15, 15, 3] },
  ),
  P(
    'Chain Idler with Bearing',
    'DC-IDL',
    '46.00',
    ['parts', 'drive-chain'],
    { kind: 'sprocket', teeth: 14 },
    { weight: 0.9, dims: [12, 12, 6] },
  ),
  P(
    'Hex Drive Shaft 7/8 in, 60 in',
    'DC-HEX-60',
    '88.00',
    ['parts', 'drive-chain'],
    { kind: 'shaft' },
    { weight: 6.4, dims: [153, 3, 3] },
  ),

  P(
    'Finger Pickup Seed Meter',
    'MT-FPU',
    '389.00',
    ['parts', 'meters'],
    { kind: 'meter' },
    { weight: 5.2, dims: [30, 30, 22] },
  ),
  P(
    'Vacuum Seed Meter Housing',
    'MT-VMH',
    '312.00',
    ['parts', 'meters'],
    { kind: 'meter' },
    { weight: 4.6, dims: [30, 30, 18] },
  ),
  P(
    'Electric Drive Meter Upgrade',
    'DEMO-SOON',
    '845.00',
    ['parts', 'meters'],
    { kind: 'motor' },
    {
      weight: 3.8,
      dims: [25, 20, 20],
      availability: 'coming_soon',
      blurb: 'Row-by-row electric drive with turn compensation. Arriving for the next season.',
    },
  ),
  P(
    'Meter Drive Coupler',
    'MT-CPL',
    '18.40',
    ['parts', 'meters'],
    { kind: 'coupler' },
    { weight: 0.2, dims: [6, 6, 4] },
  ),

  P(
    'Marker Disc 16 in, Notched',
    'MK-DSC-16',
    '54.00',
    ['parts', 'markers'],
    { kind: 'blade', notched: true },
    { weight: 4.0, dims: [41, 41, 1] },
  ),
  P(
    'Marker Arm Extension',
    'MK-ARM',
    '142.00',
    ['parts', 'markers'],
    { kind: 'marker' },
    { weight: 12.5, dims: [120, 8, 8] },
  ),

  P(
    'Category II Quick Hitch',
    'HT-Q2',
    '685.00',
    ['hitches'],
    { kind: 'hitch' },
    { weight: 61, dims: [95, 60, 20], freightClass: '100' },
  ),
  P('Drawbar Clevis, Forged', 'HT-CLV', '58.00', ['hitches'], { kind: 'clevis' }, { weight: 3.4, dims: [20, 10, 8] }),
  P('Hitch Pin 1 in with Clip', 'HT-PIN-1', '12.50', ['hitches'], { kind: 'pin' }, { weight: 0.5, dims: [18, 5, 3] }),
  P('Safety Chain, 20,000 lb', 'HT-SC-20', '44.00', ['hitches'], { kind: 'chain' }, { weight: 3.9, dims: [25, 20, 8] }),

  P('Seed Plate Brush', 'TL-BRUSH', '9.75', ['tools'], { kind: 'brush' }, { weight: 0.1, dims: [20, 4, 3] }),
  P('Chain Breaker Tool #40-#60', 'TL-CHB', '39.95', ['tools'], { kind: 'wrench' }, { weight: 0.9, dims: [22, 8, 4] }),
  P('Planter Tune-Up Gauge Set', 'TL-GAUGE', '64.00', ['tools'], { kind: 'gauge' }, { weight: 0.7, dims: [30, 20, 4] }),
  P(
    'Grease Gun, Lever Action',
    'TL-GREASE',
    '34.50',
    ['tools'],
    { kind: 'grease-gun' },
    { weight: 1.6, dims: [45, 12, 8] },
  ),
  P('Torque Wrench 1/2 in Drive', 'TL-TQW', '119.00', ['tools'], { kind: 'wrench' }, { weight: 1.8, dims: [50, 7, 5] }),

  P(
    'Row Unit Rebuild Kit',
    'DEMO-KIT',
    '449.00',
    ['kits-service', 'parts', 'planter-parts'],
    { kind: 'kit' },
    {
      weight: 16,
      dims: [50, 40, 25],
      isKit: true,
      blurb:
        'Everything to rebuild one row unit: opener blades, bushings, seed tube, closing wheels and a down-pressure spring.',
    },
  ),
  P(
    'Planter Setup & Calibration Service',
    'SV-SETUP',
    '350.00',
    ['kits-service'],
    { kind: 'service' },
    {
      physical: false,
      nonStockLabel: 'Scheduled by your dealer',
      blurb: 'A technician sets up and calibrates your planter on your farm before the season.',
    },
  ),
  P(
    'Extended Warranty — Planter, 2 Years',
    'SV-WARR-2',
    '495.00',
    ['kits-service'],
    { kind: 'warranty' },
    {
      physical: false,
      nonStockLabel: 'Sent by email',
      blurb: 'Two more years of parts-and-labour cover for any planter bought from us.',
    },
  ),

  // Pricing cases (see pricingCase): a Saskatoon-made brush priced in CAD, a closeout disc left in the closed depot.
  P(
    'Seed Hopper Cleaning Brush, Prairie Made',
    'TL-BRUSH-CA',
    '42.50',
    ['tools'],
    { kind: 'brush' },
    {
      weight: 0.4,
      dims: [40, 8, 6],
      coo: 'CA',
      pricingCase: 'non-usd',
      blurb: 'Horsehair brush made in Saskatoon for cleaning hoppers and seed meters. Priced in Canadian dollars.',
    },
  ),
  P(
    'Marker Disc 16 in, Wavy (Closeout)',
    'MK-DSC-16W',
    '49.00',
    ['parts', 'markers'],
    { kind: 'blade' },
    {
      weight: 4.0,
      dims: [41, 41, 1],
      pricingCase: 'inactive-warehouse',
      blurb: 'The last wavy marker discs, held at the Winnipeg depot while it is closed.',
    },
  ),
];

export const productSlug = (p: ProductSeed) => slugify(p.title);

/** Gallery variants written by images.ts: the primary picture, a close-up and one in the field. */
export const IMAGE_VARIANTS = ['', '-detail', '-field'] as const;
export const productImages = (p: ProductSeed) =>
  IMAGE_VARIANTS.map((v) => `/images/products/${productSlug(p)}${v}.svg`);

/** The parts diagram: rectangles are in the SVG's pixel space (origin top-left, y down). */
export const DIAGRAM = {
  title: '4-Row Vacuum Planter — Row Unit',
  image: '/images/diagrams/row-unit.svg',
  width: 1200,
  height: 800,
  product: 'PL-4RV',
  callouts: [
    { callout: '1', rect: [505, 495, 715, 705], parts: ['PP-DOB-15'] },
    { callout: '2', rect: [720, 545, 900, 725], parts: ['PP-GWA-16'] },
    { callout: '3', rect: [795, 225, 945, 375], parts: ['MT-VMH', 'MT-FPU'] },
    { callout: '4', rect: [980, 220, 1140, 380], parts: ['DEMO-SEED-PLATE', 'SP-SOY-60', 'SP-CRN-24'] },
    { callout: '5', rect: [940, 570, 1080, 710], parts: ['PP-SCW', 'PP-RCW-12'] },
    { callout: '6', rect: [285, 385, 485, 605], parts: ['DC-40-10', 'DC-CL40-5', 'DC-SP19'] },
    { callout: '7', rect: [930, 90, 1130, 200], parts: ['PP-VH-10'] },
    { callout: '8', rect: [300, 110, 480, 260], parts: ['PP-PAB', 'PP-DPS-H'] },
    { callout: '9', rect: [505, 30, 815, 82], parts: ['PP-SHL'] },
    { callout: '10', rect: [630, 395, 700, 495], parts: ['PP-STG'] },
  ],
} as const;
