import { expect } from 'chai';
import {
  addMonths,
  dayInZone,
  eventWindow,
  startOfWeek,
  stepAnchor,
  timeInZone,
  viewRange,
  zonedToUtc,
} from '../../src/domain/calendar.ts';

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('domain/calendar', () => {
  it('weeks start on Sunday (spec §9)', () => {
    expect(startOfWeek(d(2026, 6, 10))).to.deep.equal(d(2026, 6, 7));
    expect(startOfWeek(d(2026, 6, 7))).to.deep.equal(d(2026, 6, 7));
    expect(startOfWeek(d(2026, 1, 1))).to.deep.equal(d(2025, 12, 28));
  });
  it('a month view is whole Sunday-to-Saturday weeks covering the month', () => {
    for (let m = 1; m <= 12; m++) {
      const { from, days } = viewRange('month', d(2026, m, 15));
      expect(days % 7, `month ${m}`).to.equal(0);
      expect(days).to.be.within(28, 42);
      expect(new Date(Date.UTC(from.year, from.month - 1, from.day)).getUTCDay()).to.equal(0);
    }
    expect(viewRange('week', d(2026, 6, 10))).to.deep.equal({ from: d(2026, 6, 7), days: 7 });
  });
  it('months step with the day clamped', () => {
    expect(addMonths(d(2026, 1, 31), 1)).to.deep.equal(d(2026, 2, 28));
    expect(addMonths(d(2024, 1, 31), 1)).to.deep.equal(d(2024, 2, 29));
    expect(addMonths(d(2026, 1, 15), -13)).to.deep.equal(d(2024, 12, 15));
    expect(stepAnchor('month', d(2026, 3, 31), -1)).to.deep.equal(d(2026, 2, 1));
  });
  it('wall-clock times in a zone become one instant and read back the same, across daylight saving', () => {
    for (const [day, hh, mm] of [
      [d(2026, 3, 8), 3, 30],
      [d(2026, 11, 1), 1, 15],
      [d(2026, 6, 5), 13, 0],
      [d(2026, 1, 5), 0, 0],
      [d(2026, 12, 31), 23, 59],
    ] as const) {
      const at = zonedToUtc(day, hh, mm, 'America/Chicago');
      expect(timeInZone(at, 'America/Chicago')).to.equal(
        `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`,
      );
      expect(dayInZone(at, 'America/Chicago')).to.equal(
        `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`,
      );
    }
    expect(zonedToUtc(d(2026, 6, 5), 13, 0, 'America/Chicago').toISOString()).to.equal('2026-06-05T18:00:00.000Z');
    expect(zonedToUtc(d(2026, 1, 5), 13, 0, 'America/Chicago').toISOString()).to.equal('2026-01-05T19:00:00.000Z');
  });
  it('an event window needs a start time unless all day, and never ends before it starts', () => {
    expect(eventWindow({ date: d(2026, 8, 3), allDay: false })).to.deep.include({ field: 'start' });
    expect(eventWindow({ date: d(2026, 8, 3), allDay: false, start: '10:00', end: '09:59' })).to.deep.include({
      field: 'end',
    });
    expect(eventWindow({ date: d(2026, 8, 3), endDate: d(2026, 8, 2), allDay: true })).to.deep.include({
      field: 'endDate',
    });
    const w = eventWindow({ date: d(2026, 8, 3), endDate: d(2026, 8, 5), allDay: true }, 'UTC');
    expect(w).to.deep.equal({ startsAt: new Date('2026-08-03T00:00:00Z'), endsAt: new Date('2026-08-05T23:59:00Z') });
    expect(eventWindow({ date: d(2026, 8, 3), allDay: false, start: '9:05' }, 'UTC')).to.deep.equal({
      startsAt: new Date('2026-08-03T09:05:00Z'),
      endsAt: new Date('2026-08-03T09:05:00Z'),
    });
  });
});
