/** The landing page's rules (spec §4, §9): menu colour and the video's 350 px tolerance. */
import { expect } from 'chai';
import { menuColour, videoNearViewport } from '../../src/domain/landing.ts';

describe('domain: landing page', () => {
  it('the menu is grey over a dark section, white otherwise', () => {
    expect(menuColour(true)).to.equal('grey');
    expect(menuColour(false)).to.equal('white');
  });

  it('a video is near the viewport while any part of it is within 350 px of it', () => {
    const h = 800;
    expect(videoNearViewport({ top: 100, bottom: 500 }, h)).to.equal(true); // on screen
    expect(videoNearViewport({ top: 1149, bottom: 1749 }, h)).to.equal(true); // 349 px below
    expect(videoNearViewport({ top: 1150, bottom: 1750 }, h)).to.equal(false); // 350 px below
    expect(videoNearViewport({ top: -949, bottom: -349 }, h)).to.equal(true); // 349 px above
    expect(videoNearViewport({ top: -950, bottom: -350 }, h)).to.equal(false);
  });
});
