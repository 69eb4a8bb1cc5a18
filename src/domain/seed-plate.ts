/**
 * The seed plate calculator's arithmetic (spec §2 "seed plate calculator"), shared by the island
 * and its tests. A plate meters one seed per cell per turn, so at a ground speed the plate turns
 * at (seeds per second ÷ cells); meters singulate best between 10 and 30 turns a minute.
 */
export const SQ_IN_PER_ACRE = 6_272_640;
/** 1 mph in inches per second. */
export const IN_PER_SEC_PER_MPH = 17.6;
export const PLATE_RPM = { min: 10, max: 30, ideal: 20 } as const;
export const CROPS = ['corn', 'soybean', 'sorghum', 'sunflower', 'cotton'] as const;
export type Crop = (typeof CROPS)[number];
export const SEED_SIZES = ['small', 'medium', 'large'] as const;
export type SeedSize = (typeof SEED_SIZES)[number];

export type Plate = { productId: number; stockcode: string; title: string; crop: Crop | null; cells: number };
export type SeedPlateInput = {
  crop: Crop;
  seedSize: SeedSize;
  rowSpacingIn: number;
  speedMph: number;
} & ({ mode: 'spacing'; seedSpacingIn: number } | { mode: 'population'; population: number });

export type Recommendation = { plate: Plate; rpm: number; inRange: boolean; fitsSeed: boolean };
export type SeedPlateResult = {
  population: number;
  seedSpacingIn: number;
  seedsPerSecond: number;
  steps: { label: string; formula: string; value: string }[];
  recommendations: Recommendation[];
};

/** Reads crop and cells from a plate's title ('Seed Plate — Corn 30-cell'); blanks have no cells. */
export function plateFromTitle(p: { productId: number; stockcode: string; title: string }): Plate {
  const crop = CROPS.find((c) => new RegExp(`\\b${c}`, 'i').test(p.title)) ?? null;
  const cells = Number(/(\d+)-cell/i.exec(p.title)?.[1] ?? 0);
  return { ...p, crop, cells };
}

/** Larger seeds need larger cells, so fewer of them fit on a plate. */
function fitsSeed(cells: number, crop: Crop, size: SeedSize, plates: readonly Plate[]): boolean {
  const sizes = [...new Set(plates.filter((p) => p.crop === crop && p.cells > 0).map((p) => p.cells))].sort(
    (a, b) => a - b,
  );
  if (sizes.length < 2) return true;
  if (size === 'large') return cells === sizes[0];
  if (size === 'small') return cells === sizes[sizes.length - 1];
  return true;
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

export function validateInput(i: SeedPlateInput): string | null {
  if (!(i.rowSpacingIn >= 6 && i.rowSpacingIn <= 60)) return 'Row spacing must be between 6 and 60 inches.';
  if (!(i.speedMph >= 2 && i.speedMph <= 12)) return 'Ground speed must be between 2 and 12 mph.';
  if (i.mode === 'spacing' && !(i.seedSpacingIn >= 0.5 && i.seedSpacingIn <= 24))
    return 'Seed spacing must be between 0.5 and 24 inches.';
  if (i.mode === 'population' && !(i.population >= 5_000 && i.population <= 400_000))
    return 'Population must be between 5,000 and 400,000 seeds per acre.';
  return null;
}

export function recommendPlates(i: SeedPlateInput, plates: readonly Plate[]): SeedPlateResult {
  const seedSpacingIn = i.mode === 'spacing' ? i.seedSpacingIn : SQ_IN_PER_ACRE / (i.rowSpacingIn * i.population);
  const population = i.mode === 'population' ? i.population : SQ_IN_PER_ACRE / (i.rowSpacingIn * i.seedSpacingIn);
  const inchesPerSecond = i.speedMph * IN_PER_SEC_PER_MPH;
  const seedsPerSecond = inchesPerSecond / seedSpacingIn;
  const steps = [
    i.mode === 'spacing'
      ? {
          label: 'population',
          formula: `${SQ_IN_PER_ACRE.toLocaleString('en-US')} ÷ (${i.rowSpacingIn} × ${i.seedSpacingIn})`,
          value: `${Math.round(population).toLocaleString('en-US')} seeds/acre`,
        }
      : {
          label: 'spacing',
          formula: `${SQ_IN_PER_ACRE.toLocaleString('en-US')} ÷ (${i.rowSpacingIn} × ${i.population.toLocaleString('en-US')})`,
          value: `${round(seedSpacingIn, 2)} in`,
        },
    { label: 'speed', formula: `${i.speedMph} mph × ${IN_PER_SEC_PER_MPH}`, value: `${round(inchesPerSecond)} in/s` },
    {
      label: 'seedRate',
      formula: `${round(inchesPerSecond)} ÷ ${round(seedSpacingIn, 2)}`,
      value: `${round(seedsPerSecond, 2)} seeds/s`,
    },
  ];
  const recommendations = plates
    .filter((p) => p.crop === i.crop && p.cells > 0)
    .map((plate) => {
      const rpm = (seedsPerSecond * 60) / plate.cells;
      return {
        plate,
        rpm: round(rpm),
        inRange: rpm >= PLATE_RPM.min && rpm <= PLATE_RPM.max,
        fitsSeed: fitsSeed(plate.cells, i.crop, i.seedSize, plates),
      };
    })
    .sort(
      (a, b) =>
        Number(b.inRange && b.fitsSeed) - Number(a.inRange && a.fitsSeed) ||
        Number(b.inRange) - Number(a.inRange) ||
        Math.abs(a.rpm - PLATE_RPM.ideal) - Math.abs(b.rpm - PLATE_RPM.ideal),
    );
  return {
    population: Math.round(population),
    seedSpacingIn: round(seedSpacingIn, 2),
    seedsPerSecond: round(seedsPerSecond, 2),
    steps,
    recommendations,
  };
}
