/** The seed plate calculator's arithmetic and recommendation order. */
import { expect } from 'chai';
import { plateFromTitle, recommendPlates, validateInput, SQ_IN_PER_ACRE } from '../../src/domain/seed-plate.ts';

const plates = [
  { productId: 1, stockcode: 'DEMO-SEED-PLATE', title: 'Seed Plate — Corn 30-cell' },
  { productId: 2, stockcode: 'SP-CRN-24', title: 'Seed Plate — Corn 24-cell' },
  { productId: 3, stockcode: 'SP-SOY-60', title: 'Seed Plate — Soybean 60-cell' },
  { productId: 4, stockcode: 'SP-BLANK', title: 'Seed Plate Blank, Drill Your Own' },
].map(plateFromTitle);

describe('domain/seed-plate', () => {
  it('reads crop and cells from titles; a blank has none', () => {
    expect(plates[0]).to.include({ crop: 'corn', cells: 30 });
    expect(plates[2]).to.include({ crop: 'soybean', cells: 60 });
    expect(plates[3]).to.include({ crop: null, cells: 0 });
  });

  it('spacing and population are two views of one number', () => {
    const bySpacing = recommendPlates(
      { mode: 'spacing', crop: 'corn', seedSize: 'medium', rowSpacingIn: 30, speedMph: 5, seedSpacingIn: 6 },
      plates,
    );
    expect(bySpacing.population).to.equal(Math.round(SQ_IN_PER_ACRE / 180)); // 34 848
    const byPopulation = recommendPlates(
      { mode: 'population', crop: 'corn', seedSize: 'medium', rowSpacingIn: 30, speedMph: 5, population: 34_848 },
      plates,
    );
    expect(byPopulation.seedSpacingIn).to.equal(6);
    expect(byPopulation.steps.map((s) => s.label)).to.deep.equal(['spacing', 'speed', 'seedRate']);
  });

  it("recommends only the crop's plates, in-range and seed-size fits first; plate speed is seeds/min ÷ cells", () => {
    // 5 mph = 88 in/s; 6 in spacing → 14.67 seeds/s = 880 seeds/min: 30 cells → 29.3 rpm, 24 cells → 36.7 rpm.
    const r = recommendPlates(
      { mode: 'spacing', crop: 'corn', seedSize: 'medium', rowSpacingIn: 30, speedMph: 5, seedSpacingIn: 6 },
      plates,
    );
    expect(r.recommendations.map((x) => x.plate.stockcode)).to.deep.equal(['DEMO-SEED-PLATE', 'SP-CRN-24']);
    expect(r.recommendations[0]).to.include({ rpm: 29.3, inRange: true });
    expect(r.recommendations[1]).to.include({ rpm: 36.7, inRange: false });
    // Large kernels at a slow speed: the 24-cell plate fits them and stays in range.
    const large = recommendPlates(
      { mode: 'spacing', crop: 'corn', seedSize: 'large', rowSpacingIn: 30, speedMph: 4, seedSpacingIn: 7 },
      plates,
    );
    expect(large.recommendations[0].plate.stockcode).to.equal('SP-CRN-24');
    expect(
      recommendPlates(
        { mode: 'spacing', crop: 'cotton', seedSize: 'medium', rowSpacingIn: 30, speedMph: 5, seedSpacingIn: 3 },
        plates,
      ).recommendations,
    ).to.deep.equal([]);
  });

  it('refuses values outside their ranges, edges included', () => {
    const base = { crop: 'corn' as const, seedSize: 'medium' as const, rowSpacingIn: 30, speedMph: 5 };
    expect(validateInput({ ...base, mode: 'spacing', seedSpacingIn: 0.5 })).to.equal(null);
    expect(validateInput({ ...base, mode: 'spacing', seedSpacingIn: 0.49 })).to.match(/Seed spacing/);
    expect(validateInput({ ...base, mode: 'population', population: 400_000 })).to.equal(null);
    expect(validateInput({ ...base, mode: 'population', population: 400_001 })).to.match(/Population/);
    expect(validateInput({ ...base, rowSpacingIn: 61, mode: 'spacing', seedSpacingIn: 6 })).to.match(/Row spacing/);
    expect(validateInput({ ...base, speedMph: Number.NaN, mode: 'spacing', seedSpacingIn: 6 })).to.match(
      /Ground speed/,
    );
  });
});
