/**
 * The demo catalogue as plain data, shared by the seed (rows) and images.ts (the SVG art), so a
 * product's picture and its row can never drift apart. Prices are USD; weights kg; sizes cm.
 */
import { slugify } from '../../domain/slug.ts';
import { MACHINES_AND_PLATES } from './catalog-machines.ts';
import { PARTS_AND_TOOLS } from './catalog-parts.ts';
import type { ProductSeed } from './catalog-product-seed.ts';

export type { Art, ProductSeed } from './catalog-product-seed.ts';

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

/** Every demo product, in id order. */
export const PRODUCTS: ProductSeed[] = [...MACHINES_AND_PLATES, ...PARTS_AND_TOOLS];

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
