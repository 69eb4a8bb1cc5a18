import { expect } from 'chai';
import { sortCountries, sortRegionOptions } from '../../src/domain/countries.ts';
import { rng } from './support/rng.ts';

const c = (code: string, name: string) => ({ code, name });

describe('domain/countries', () => {
  describe('sortCountries', () => {
    const cases: [string, { code: string; name: string }[], string[]][] = [
      [
        'US then CA then by name',
        [c('MX', 'Mexico'), c('CA', 'Canada'), c('AR', 'Argentina'), c('US', 'United States'), c('DE', 'Germany')],
        ['US', 'CA', 'AR', 'DE', 'MX'],
      ],
      ['without US', [c('FR', 'France'), c('CA', 'Canada'), c('AT', 'Austria')], ['CA', 'AT', 'FR']],
      ['lower-case codes', [c('ca', 'Canada'), c('us', 'United States')], ['us', 'ca']],
      ['accents sort as letters', [c('RE', 'Réunion'), c('RW', 'Rwanda'), c('RO', 'Romania')], ['RE', 'RO', 'RW']],
      ['empty', [], []],
    ];
    for (const [name, list, codes] of cases) {
      it(name, () => expect(sortCountries(list).map((x) => x.code)).to.deep.equal(codes));
    }

    it('does not mutate the input and keeps every entry', () => {
      const r = rng(11);
      const names = ['Brazil', 'Chile', 'Peru', 'Canada', 'United States', 'Japan', 'Kenya'];
      for (let i = 0; i < 200; i++) {
        const list = Array.from({ length: r.int(0, 10) }, (_, k) =>
          c(r.pick(['US', 'CA', 'BR', 'JP', 'KE']), `${r.pick(names)}${k}`),
        );
        const copy = list.map((x) => ({ ...x }));
        const sorted = sortCountries(list);
        expect(list).to.deep.equal(copy);
        expect([...sorted].sort((a, b) => a.name.localeCompare(b.name))).to.deep.equal(
          [...list].sort((a, b) => a.name.localeCompare(b.name)),
        );
        const rank = (x: { code: string }) => (x.code === 'US' ? 0 : x.code === 'CA' ? 1 : 2);
        for (let k = 1; k < sorted.length; k++) {
          expect(rank(sorted[k - 1])).to.be.at.most(rank(sorted[k]));
          if (rank(sorted[k]) === 2 && rank(sorted[k - 1]) === 2) {
            expect(sorted[k - 1].name.localeCompare(sorted[k].name, 'en')).to.be.at.most(0);
          }
        }
      }
    });
  });

  describe('sortRegionOptions', () => {
    it('keeps the first option and sorts the rest by name', () => {
      const list = [{ name: 'Select a region' }, { name: 'Texas' }, { name: 'Alabama' }, { name: 'Ohio' }];
      expect(sortRegionOptions(list).map((x) => x.name)).to.deep.equal(['Select a region', 'Alabama', 'Ohio', 'Texas']);
      expect(list[1].name).to.equal('Texas');
    });
    it('handles empty and single lists', () => {
      expect(sortRegionOptions([])).to.deep.equal([]);
      expect(sortRegionOptions([{ name: 'Only' }])).to.deep.equal([{ name: 'Only' }]);
    });
  });
});
