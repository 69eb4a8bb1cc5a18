/** The smooth-scroll fallback's easing (spec §9: 1000 ms to an element, 500 ms to coordinates). */
import { expect } from 'chai';
import { scrollPosition } from '../../islands/lib/scroll.ts';

describe('islands/lib/scroll', () => {
  it('starts at from, ends exactly at to, halfway at half time, never overshoots', () => {
    expect(scrollPosition(100, 900, 0, 1000)).to.equal(100);
    expect(scrollPosition(100, 900, 500, 1000)).to.equal(500);
    expect(scrollPosition(100, 900, 1000, 1000)).to.equal(900);
    expect(scrollPosition(100, 900, 5000, 1000)).to.equal(900);
    expect(scrollPosition(900, 0, 250, 500)).to.equal(450);
    for (let t = 0; t <= 1000; t += 50) expect(scrollPosition(0, 800, t, 1000)).to.be.within(0, 800);
    expect(scrollPosition(0, 800, 10, 0)).to.equal(800);
    expect(scrollPosition(0, 800, -10, 1000)).to.equal(0);
  });
});
