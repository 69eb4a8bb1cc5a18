import { expect } from 'chai';
import { formatCalendarDay, formatDate, formatTimeDisplay } from '../../src/domain/dates.ts';

/** ICU puts no-break (and narrow no-break) spaces in French dates and times; the test reads them as spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('domain/dates formatDate (the one date formatter)', () => {
  const at = new Date('2026-12-01T23:30:00Z');

  it('writes a calendar day in the page language, the same day whatever the zone', () => {
    expect(formatDate('2026-12-01', 'en-us')).to.equal('Dec 1, 2026');
    expect(plain(formatDate('2026-12-01', 'fr-ca'))).to.equal('1 déc. 2026');
    expect(formatDate('2026-12-01', 'en-us', { dateStyle: 'long' })).to.equal('December 1, 2026');
    expect(plain(formatDate('2026-12-01', 'fr-ca', { dateStyle: 'long' }))).to.equal('1 décembre 2026');
    expect(formatDate('2026-12-01', 'en-us', { dateStyle: 'long', timeZone: 'Pacific/Honolulu' })).to.equal(
      'December 1, 2026',
    );
    expect(formatDate('2026-12-01', 'en-us', { month: 'long', year: 'numeric' })).to.equal('December 2026');
    expect(plain(formatDate('2026-12-01', 'fr-ca', { month: 'long', year: 'numeric' }))).to.equal('décembre 2026');
    expect(formatDate('2026-12-01', 'fr-CA', { weekday: 'short' })).to.equal('mar.');
  });

  it('writes an instant in UTC unless the code knows the zone', () => {
    expect(formatDate(at, 'en-us', { dateStyle: 'medium', timeStyle: 'short' })).to.equal('Dec 1, 2026, 11:30 PM');
    expect(plain(formatDate(at, 'fr-ca', { dateStyle: 'medium', timeStyle: 'short' }))).to.equal(
      '1 déc. 2026, 23 h 30',
    );
    const toronto = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Toronto' } as const;
    expect(formatDate(at, 'en-us', toronto)).to.equal('Dec 1, 2026, 6:30 PM');
    expect(plain(formatDate(at.toISOString(), 'fr-ca', toronto))).to.equal('1 déc. 2026, 18 h 30');
    expect(formatDate(at.getTime(), 'en-us', { timeStyle: 'medium' })).to.equal('11:30:00 PM');
  });

  it('gives nothing for no date and the input itself for a non-date', () => {
    expect(formatDate(null, 'en-us')).to.equal('');
    expect(formatDate('', 'fr-ca')).to.equal('');
    expect(formatDate('soon', 'fr-ca')).to.equal('soon');
  });

  it('is what the calendar day and short time displays write with', () => {
    expect(formatCalendarDay('2026-12-01T05:00:00Z', 'en-us')).to.equal('Dec 1, 2026');
    expect(plain(formatCalendarDay('2026-12-01', 'fr-ca'))).to.equal('1 déc. 2026');
    const later = new Date('2026-12-05T00:00:00Z');
    expect(formatTimeDisplay(at, later, 'en-us')).to.equal('Tue, Dec 1, 11:30 pm');
    expect(plain(formatTimeDisplay(at, later, 'fr-ca'))).to.equal('mar. 1 déc., 11:30 pm');
  });
});
