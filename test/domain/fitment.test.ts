/**
 * Fitment rules, by hand-written cases: serial masks, natural serial order, range membership,
 * "does this part fit this machine" across diagram, callout and part, and a model from a serial.
 */
import { expect } from 'chai';
import {
  compareSerials,
  fits,
  formatExample,
  inRange,
  matchesFormat,
  modelForSerial,
  normalizeSerial,
  partFits,
  rangeProblem,
  validYear,
  type FitRow,
} from '../../src/domain/fitment.ts';

describe('domain/fitment', () => {
  it('normalizes what people type', () => {
    expect(normalizeSerial(' 16 2345 ')).to.equal('162345');
    expect(normalizeSerial('c0012a')).to.equal('C0012A');
  });

  it('checks a serial against its mask (# digit, @ letter, anything else itself)', () => {
    const cases: [string, string, boolean][] = [
      ['162345', '######', true],
      ['16234', '######', false],
      ['1623456', '######', false],
      ['16234A', '######', false],
      ['C00123', 'C#####', true],
      ['c00123', 'C#####', true],
      ['D00123', 'C#####', false],
      ['AB-123', '@@-###', true],
      ['A1-123', '@@-###', false],
      ['AB123', '@@-###', false],
      ['', '', false],
    ];
    for (const [serial, format, ok] of cases)
      expect(matchesFormat(serial, format), `${serial} ~ ${format}`).to.equal(ok);
  });

  it('gives an example of a mask', () => {
    expect(formatExample('######')).to.equal('123456');
    expect(formatExample('C#####')).to.equal('C12345');
    expect(formatExample('@@-###')).to.equal('AB-123');
  });

  it('orders serials naturally', () => {
    const cases: [string, string, -1 | 0 | 1][] = [
      ['149999', '150000', -1],
      ['150000', '150000', 0],
      ['9999', '10000', -1],
      ['C00099', 'C00100', -1],
      ['C100', 'D001', -1],
      ['00150', '150', 0],
      ['A1', 'A1B', -1],
      ['162345', '150000', 1],
    ];
    for (const [a, b, sign] of cases) expect(Math.sign(compareSerials(a, b)), `${a} vs ${b}`).to.equal(sign);
  });

  it('includes both ends of a range; a missing end is open', () => {
    const r = { from: '100000', to: '149999' };
    expect(inRange('100000', r)).to.equal(true);
    expect(inRange('149999', r)).to.equal(true);
    expect(inRange('150000', r)).to.equal(false);
    expect(inRange('099999', r)).to.equal(false);
    expect(inRange('150000', { from: '150000', to: null })).to.equal(true);
    expect(inRange('999999', { from: '150000', to: null })).to.equal(true);
    expect(inRange('149999', { from: '150000', to: null })).to.equal(false);
    expect(inRange('1', { from: null, to: null })).to.equal(true);
  });

  // The demo planter's closing wheel changed at serial 150000: the old wheel up to 149999.
  const oldWheel: FitRow[] = [{ modelId: 1, from: '100000', to: '149999' }];
  const newWheel: FitRow[] = [{ modelId: 1, from: '150000', to: null }];

  it('fits a part on one side of a fitment change only', () => {
    expect(fits({ modelId: 1, serial: '149999' }, oldWheel)).to.equal(true);
    expect(fits({ modelId: 1, serial: '150000' }, oldWheel)).to.equal(false);
    expect(fits({ modelId: 1, serial: '150000' }, newWheel)).to.equal(true);
    expect(fits({ modelId: 1, serial: '123456' }, newWheel)).to.equal(false);
  });

  it('a part without rows fits every machine; a row of another model does not count', () => {
    expect(fits({ modelId: 7, serial: '1' }, [])).to.equal(true);
    expect(fits({ modelId: 2, serial: '120000' }, oldWheel)).to.equal(false);
    const twoModels: FitRow[] = [...oldWheel, { modelId: 2, from: null, to: null }];
    expect(fits({ modelId: 2, serial: '250000' }, twoModels)).to.equal(true);
  });

  it('a part fits only when the diagram, the callout and the part all allow it', () => {
    const machine = { modelId: 1, serial: '162345' };
    const diagram: FitRow[] = [{ modelId: 1, from: null, to: null }];
    expect(partFits(machine, { diagram, callout: [], part: newWheel })).to.equal(true);
    expect(partFits(machine, { diagram, callout: [], part: oldWheel })).to.equal(false);
    expect(partFits(machine, { diagram, callout: oldWheel, part: [] })).to.equal(false);
    expect(partFits(machine, { diagram: [{ modelId: 2, from: null, to: null }], callout: [], part: [] })).to.equal(
      false,
    );
    expect(partFits(machine, { diagram: [], callout: [], part: [] })).to.equal(true);
  });

  it('finds the model of a serial inside exactly one known range', () => {
    const models = [
      { id: 1, format: '######', from: '100000', to: '199999' },
      { id: 2, format: '######', from: '200000', to: '299999' },
      { id: 3, format: 'C#####', from: 'C00001', to: 'C99999' },
      { id: 4, format: '######', from: null, to: null }, // no known range: never found by serial
    ];
    expect(modelForSerial('162345', models)).to.equal(1);
    expect(modelForSerial('200000', models)).to.equal(2);
    expect(modelForSerial('c00042', models)).to.equal(3);
    expect(modelForSerial('999999', models)).to.equal(null);
    expect(modelForSerial('16234', models)).to.equal(null);
    const overlapping = [...models, { id: 5, format: '######', from: '150000', to: '170000' }];
    expect(modelForSerial('162345', overlapping)).to.equal(null);
  });

  it('accepts model years from 1950 to next year', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(validYear(1950, now)).to.equal(true);
    expect(validYear(2027, now)).to.equal(true);
    expect(validYear(2028, now)).to.equal(false);
    expect(validYear(1949, now)).to.equal(false);
    expect(validYear(2020.5, now)).to.equal(false);
  });

  it('names what is wrong with a fitment range', () => {
    expect(rangeProblem({ from: '100000', to: '149999' }, '######')).to.equal(null);
    expect(rangeProblem({ from: null, to: null }, '######')).to.equal(null);
    expect(rangeProblem({ from: '10000', to: null }, '######')).to.equal('from_format');
    expect(rangeProblem({ from: null, to: 'X00000' }, '######')).to.equal('to_format');
    expect(rangeProblem({ from: '150000', to: '149999' }, '######')).to.equal('order');
  });
});
