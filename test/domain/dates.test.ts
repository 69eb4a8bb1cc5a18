import { expect } from 'chai';
import {
  daysInMonth,
  formatPickerDate,
  formatTimeDisplay,
  isValidDate,
  maxPickerDate,
  parseFlexibleDate,
  WEEK_STARTS_ON,
  type CalendarDate,
  type DateOrder,
} from '../../src/domain/dates.ts';
import { rng } from './support/rng.ts';

const d = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });

describe('domain/dates', () => {
  describe('parseFlexibleDate', () => {
    const cases: [string, DateOrder[] | undefined, CalendarDate | null][] = [
      ['05/13/2024', undefined, d(2024, 5, 13)],
      ['5/13/24', undefined, d(2024, 5, 13)],
      ['13/05/2024', undefined, d(2024, 5, 13)],
      ['13.05.2024', undefined, d(2024, 5, 13)],
      ['2024-05-13', undefined, d(2024, 5, 13)],
      ['2024 5 13', undefined, d(2024, 5, 13)],
      ['05-06-2024', undefined, d(2024, 5, 6)],
      ['05-06-2024', ['dmy'], d(2024, 6, 5)],
      ['2024/02/29', undefined, d(2024, 2, 29)],
      ['02/29/2023', undefined, null],
      ['02/30/2024', undefined, null],
      ['30/02/2024', undefined, null],
      ['04/31/2024', undefined, null],
      ['13/13/2024', undefined, null],
      ['12/32/2024', undefined, null],
      ['00/10/2024', undefined, null],
      ['1/1/00', undefined, d(2000, 1, 1)],
      ['1/1/38', undefined, d(2038, 1, 1)],
      ['1/1/39', undefined, d(1939, 1, 1)],
      ['1/1/69', undefined, d(1969, 1, 1)],
      ['1/1/70', undefined, d(1970, 1, 1)],
      ['1/1/99', undefined, d(1999, 1, 1)],
      ['1/1/5', undefined, d(2005, 1, 1)],
      ['1/1/205', undefined, null],
      ['24-05-13', ['ymd'], d(2024, 5, 13)],
      ['  12/25/2030  ', undefined, d(2030, 12, 25)],
      ['12//25//2030', undefined, d(2030, 12, 25)],
      ['12/25', undefined, null],
      ['12/25/2030/1', undefined, null],
      ['Dec 25 2030', undefined, null],
      ['', undefined, null],
      ['2024-05-13', ['mdy', 'dmy'], null],
      ['100/1/2024', undefined, null],
    ];
    for (const [input, order, out] of cases) {
      it(`${JSON.stringify(input)}${order ? ` ${order.join(',')}` : ''} → ${JSON.stringify(out)}`, () =>
        expect(parseFlexibleDate(input, order)).to.deep.equal(out));
    }

    it('round-trips every real date written as mm/dd/yyyy, dd.mm.yyyy and yyyy-mm-dd', () => {
      const r = rng(31);
      for (let i = 0; i < 2000; i++) {
        const year = r.int(1900, 2099);
        const month = r.int(1, 12);
        const day = r.int(1, daysInMonth(year, month));
        const p = (n: number) => String(n).padStart(2, '0');
        expect(parseFlexibleDate(`${p(month)}/${p(day)}/${year}`)).to.deep.equal(d(year, month, day));
        expect(parseFlexibleDate(`${p(day)}.${p(month)}.${year}`, ['dmy'])).to.deep.equal(d(year, month, day));
        expect(parseFlexibleDate(`${year}-${p(month)}-${p(day)}`)).to.deep.equal(d(year, month, day));
      }
    });

    it('only ever returns valid dates', () => {
      const r = rng(32);
      for (let i = 0; i < 3000; i++) {
        const s = `${r.int(0, 40)}${r.pick(['/', '-', '.', ' '])}${r.int(0, 40)}${r.pick(['/', '-', '.', ' '])}${r.int(0, 2100)}`;
        const out = parseFlexibleDate(s);
        if (out) {
          expect(isValidDate(out), s).to.equal(true);
          expect(out.month).to.be.at.most(12);
          expect(out.day).to.be.at.most(31);
        }
      }
    });
  });

  describe('daysInMonth', () => {
    const cases: [number, number, number][] = [
      [2024, 2, 29],
      [2023, 2, 28],
      [1900, 2, 28],
      [2000, 2, 29],
      [2024, 4, 30],
      [2024, 12, 31],
    ];
    for (const [y, m, n] of cases) it(`${y}-${m} has ${n}`, () => expect(daysInMonth(y, m)).to.equal(n));
  });

  describe('maxPickerDate', () => {
    const cases: [string, string][] = [
      ['2024-05-13T10:20:30.000Z', '2045-05-13T10:20:30.000Z'],
      ['2024-02-29T00:00:00.000Z', '2045-02-28T00:00:00.000Z'],
      ['2027-02-28T12:00:00.000Z', '2048-02-28T12:00:00.000Z'],
      ['2024-12-31T23:59:59.000Z', '2045-12-31T23:59:59.000Z'],
    ];
    for (const [now, max] of cases)
      it(`${now} → ${max}`, () => expect(maxPickerDate(new Date(now)).toISOString()).to.equal(max));

    it('does not change its argument', () => {
      const now = new Date('2024-05-13T00:00:00Z');
      maxPickerDate(now);
      expect(now.toISOString()).to.equal('2024-05-13T00:00:00.000Z');
    });
  });

  describe('formatPickerDate', () => {
    const cases: [CalendarDate, string][] = [
      [d(2024, 5, 13), '05/13/24'],
      [d(2000, 1, 1), '01/01/00'],
      [d(1999, 12, 31), '12/31/99'],
      [d(2105, 7, 4), '07/04/05'],
    ];
    for (const [date, s] of cases)
      it(`${JSON.stringify(date)} → ${s}`, () => expect(formatPickerDate(date)).to.equal(s));

    it('parses back to the same date (within the two-digit window)', () => {
      const r = rng(33);
      for (let i = 0; i < 1000; i++) {
        const year = r.int(1939, 2038);
        const month = r.int(1, 12);
        const day = r.int(1, daysInMonth(year, month));
        expect(parseFlexibleDate(formatPickerDate(d(year, month, day)))).to.deep.equal(d(year, month, day));
      }
    });
  });

  it('weeks start on Sunday', () => expect(WEEK_STARTS_ON).to.equal(0));

  describe('formatTimeDisplay', () => {
    const now = new Date('2020-11-03T20:00:00Z'); // a Tuesday
    const cases: [string, string, string, string | undefined, string][] = [
      ['same day', '2020-11-03T16:05:00Z', 'en-us', undefined, '4:05 pm'],
      ['midnight', '2020-11-03T00:00:00Z', 'en-us', undefined, '12:00 am'],
      ['noon', '2020-11-03T12:30:00Z', 'en-us', undefined, '12:30 pm'],
      ['another day', '2020-11-02T16:05:00Z', 'en-us', undefined, 'Mon, Nov 2, 4:05 pm'],
      ['a future day', '2020-11-10T09:07:00Z', 'en-us', undefined, 'Tue, Nov 10, 9:07 am'],
      ['another year, same month and day', '2019-11-03T16:05:00Z', 'en-us', undefined, 'Sun, Nov 3, 4:05 pm'],
      ['today judged in the zone', '2020-11-03T03:00:00Z', 'en-us', 'America/Chicago', 'Mon, Nov 2, 9:00 pm'],
      ['zone shifts the time', '2020-11-03T22:05:00Z', 'en-us', 'America/Chicago', '4:05 pm'],
    ];
    for (const [name, date, locale, tz, out] of cases) {
      it(`${name} → ${out}`, () => expect(formatTimeDisplay(new Date(date), now, locale, tz)).to.equal(out));
    }

    it('uses the locale for weekday and month but keeps h:mm am/pm', () => {
      const s = formatTimeDisplay(new Date('2020-11-02T16:05:00Z'), now, 'fr-ca');
      expect(s).to.match(/nov/i);
      expect(s).to.match(/, 4:05 pm$/);
    });

    it('always ends in h:mm am|pm', () => {
      const r = rng(34);
      for (let i = 0; i < 500; i++) {
        const t = new Date(Date.UTC(2020, r.int(0, 11), r.int(1, 28), r.int(0, 23), r.int(0, 59)));
        expect(formatTimeDisplay(t, now, 'en-us')).to.match(/(^|, )(1[0-2]|[1-9]):[0-5]\d (am|pm)$/);
      }
    });
  });
});
