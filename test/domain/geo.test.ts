/** Distances, the §9 search bounds, drive estimates and 'open now' on edge values. */
import { expect } from 'chai';
import {
  destination,
  distanceMeters,
  durationText,
  estimateDrive,
  isOpenNow,
  searchBounds,
} from '../../src/domain/geo.ts';
import { PLACES_BOUNDS_OFFSET_M } from '../../src/domain/constants.ts';

const AMES = { lat: 42.0308, lng: -93.6319 };

describe('domain/geo', () => {
  it('distance: zero to itself, symmetric, Ames–Lincoln about 265 km', () => {
    expect(distanceMeters(AMES, AMES)).to.equal(0);
    const lincoln = { lat: 40.8136, lng: -96.7026 };
    expect(distanceMeters(AMES, lincoln)).to.be.closeTo(distanceMeters(lincoln, AMES), 1e-6);
    expect(distanceMeters(AMES, lincoln) / 1000).to.be.within(285, 295);
  });

  it('search bounds lie 40 233 m from the position toward bearings 225 (south-west) and 45 (north-east)', () => {
    const b = searchBounds(AMES);
    expect(distanceMeters(AMES, b.southWest)).to.be.closeTo(PLACES_BOUNDS_OFFSET_M, 1);
    expect(distanceMeters(AMES, b.northEast)).to.be.closeTo(PLACES_BOUNDS_OFFSET_M, 1);
    expect(b.southWest.lat).to.be.below(AMES.lat);
    expect(b.southWest.lng).to.be.below(AMES.lng);
    expect(b.northEast.lat).to.be.above(AMES.lat);
    expect(b.northEast.lng).to.be.above(AMES.lng);
  });

  it('destination wraps across the antimeridian', () => {
    const p = destination({ lat: 0, lng: 179.9 }, 90, 50_000);
    expect(p.lng).to.be.below(-179);
  });

  it('drive estimate: longer than the straight line, whole minutes, never zero', () => {
    const d = estimateDrive(100_000);
    expect(d.meters).to.be.above(100_000);
    expect(d.seconds % 60).to.equal(0);
    expect(estimateDrive(0).seconds).to.be.above(0);
  });

  it('duration text in the locale', () => {
    expect(durationText(60, 'en-US')).to.equal('1 minute');
    expect(durationText(3600, 'en-US')).to.equal('1 hour');
    expect(durationText(3600 + 12 * 60, 'en-US')).to.equal('1 hour 12 minutes');
    expect(durationText(7200 + 60, 'fr-CA')).to.match(/2\sheures\s1\sminute/);
    expect(durationText(10, 'en-US')).to.equal('1 minute');
  });

  it("open now is judged in the dealer's own time zone; closing time counts as closed", () => {
    const hours = [{ days: [1, 2, 3, 4, 5], open: '08:00', close: '17:30' }];
    // Monday 2026-11-23 14:00 UTC = 08:00 in Chicago (CST, UTC-6): opens.
    expect(isOpenNow(hours, 'America/Chicago', new Date('2026-11-23T14:00:00Z'))).to.equal(true);
    expect(isOpenNow(hours, 'America/Chicago', new Date('2026-11-23T13:59:00Z'))).to.equal(false);
    // 17:30 local is closed; 17:29 open.
    expect(isOpenNow(hours, 'America/Chicago', new Date('2026-11-23T23:29:00Z'))).to.equal(true);
    expect(isOpenNow(hours, 'America/Chicago', new Date('2026-11-23T23:30:00Z'))).to.equal(false);
    // The same instant is Monday evening in Regina but already Tuesday in UTC terms elsewhere.
    expect(isOpenNow(hours, 'America/Regina', new Date('2026-11-23T14:00:00Z'))).to.equal(true);
    // Sunday: closed all day.
    expect(isOpenNow(hours, 'America/Chicago', new Date('2026-11-22T18:00:00Z'))).to.equal(false);
    expect(isOpenNow([], 'America/Chicago', new Date('2026-11-23T18:00:00Z'))).to.equal(false);
  });
});
