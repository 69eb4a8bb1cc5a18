import { expect } from 'chai';
import { slugify } from '../../src/domain/slug.ts';
import { rng } from './support/rng.ts';

describe('domain/slug', () => {
  const cases: [string, string][] = [
    ['Seed Plate 30', 'seed-plate-30x'],
    ['Seed Plate 300', 'seed-plate-300'],
    ['Seed-Plate 30', 'seedplate-30x'],
    ['Hand-Held Planter', 'handheld-planter'],
    ['AB', 'ab'],
    ['Row  Marker', 'row-marker'],
    ['  Row Marker  ', 'row-marker'],
    ['"Jang" JP-1 Seeder', 'jang-jp1-seeder'],
    ["Farmer's Choice, 2 Row!", 'farmers-choice-2-row'],
    ['Rock & Roll', 'rock-roll'],
    ['Crème Brûlée Kit', 'creme-brulee-kit'],
    ['Señor Niño', 'senor-nino'],
    ['Straße', 'strae'],
    ['Plate 1', 'plate-1'],
    ['Plate A1', 'plate-a1x'],
    ['Kit - 12', 'kit-12x'],
    ['Tab\tSeparated\nName', 'tab-separated-name'],
    ['under_score', 'underscore'],
    ['!!!', ''],
    ['', ''],
    ['---', ''],
    ['İstanbul', 'istanbul'],
  ];
  for (const [input, out] of cases) it(`${JSON.stringify(input)} → ${JSON.stringify(out)}`, () => expect(slugify(input)).to.equal(out));

  it('keeps the invariants for random titles', () => {
    const r = rng(5);
    const alphabet = 'abcXYZ019 -_\'".,!&éÜñ\t';
    for (let i = 0; i < 3000; i++) {
      const title = Array.from({ length: r.int(0, 20) }, () => r.pick([...alphabet])).join('');
      const slug = slugify(title);
      expect(slug).to.match(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, title);
      const segments = slug.split('-');
      if (segments.length > 1) expect(segments[segments.length - 1].length).to.not.equal(2, title);
    }
  });
});
