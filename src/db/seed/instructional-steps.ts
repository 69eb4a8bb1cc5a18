/** Demo steps of the demo instructionals (ids 1..4 in seedContent's order). */
import { instructionalSteps } from '../schema/index.ts';
import { insertMany, type SeedTx } from './util.ts';

const STEPS: [number, string, string, string | null][] = [
  [
    1,
    'Park and make safe',
    '<p>Park on level ground, lower the planter onto its stands and relieve hydraulic pressure.</p>',
    '/images/hero.svg',
  ],
  [1, 'Set row spacing', '<p>Measure 30 in centre to centre along the toolbar and clamp each row unit.</p>', null],
  [1, 'Torque the U-bolts', '<p>Torque every row-unit U-bolt to <strong>150 ft·lb</strong>.</p>', null],
  [
    1,
    'Vacuum and plates',
    '<p>Connect the vacuum hoses, run the fan to 18 in of water and fit the seed plates for your crop.</p>',
    null,
  ],
  [2, 'Open the meter', '<p>Release the two latches and swing the meter cover open.</p>', null],
  [2, 'Clean the plate', '<p>Lift the plate off its hub and brush every cell clean.</p>', null],
  [2, 'Check for wear', '<p>Replace the plate when the cell edges are rounded.</p>', null],
  [3, 'Check deflection', '<p>Press the chain midway between sprockets: it should move about 1/2 in.</p>', null],
  [3, 'Adjust the idler', '<p>Loosen the idler bolt, set the tension and re-tighten.</p>', null],
  [4, 'Openers and gauge wheels', '<p>Replace disc openers below 14.5 in; set gauge wheel clearance.</p>', null],
];

export async function seedInstructionalSteps(tx: SeedTx): Promise<void> {
  const sortOf = new Map<number, number>();
  await insertMany(
    tx,
    instructionalSteps,
    STEPS.map(([instructionalId, title, body, imageUrl], i) => {
      const sort = sortOf.get(instructionalId) ?? 0;
      sortOf.set(instructionalId, sort + 1);
      return { id: i + 1, instructionalId, sort, title, body, imageUrl, imageAlt: imageUrl ? title : '' };
    }),
  );
}
