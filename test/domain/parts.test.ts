/** Parts-diagram geometry (image pixels ↔ CRS.Simple) and the in-diagram search. */
import { expect } from 'chai';
import { calloutBounds, findCallouts, toImageRect } from '../../src/domain/parts.ts';

describe('domain/parts', () => {
  it('flips y against the image height and back, clamped to the image', () => {
    const r = { x1: 505, y1: 495, x2: 715, y2: 705 };
    expect(calloutBounds(r, 800)).to.deep.equal([
      [95, 505],
      [305, 715],
    ]);
    expect(toImageRect(calloutBounds(r, 800), 800)).to.deep.equal(r);
    expect(
      toImageRect(
        [
          [-20, -5],
          [900, 1300.4],
        ],
        800,
        1200,
      ),
    ).to.deep.equal({ x1: 0, y1: 0, x2: 1200, y2: 800 });
  });

  const callouts = [
    { callout: '1', parts: [{ stockcode: 'PP-DOB-15', title: 'Disc Opener Blade 15"' }] },
    {
      callout: '4',
      parts: [
        { stockcode: 'DEMO-SEED-PLATE', title: 'Seed Plate — Corn 30-cell' },
        { stockcode: 'SP-SOY-60', title: 'Seed Plate — Soybean 60-cell' },
      ],
    },
    { callout: '10', parts: [{ stockcode: 'PP-STG', title: 'Seed Tube with Guard' }] },
  ];

  it('finds by exact part number (any case or punctuation), prefix, name words and label', () => {
    expect(findCallouts(callouts, 'ppdob15')).to.deep.equal(['1']);
    expect(findCallouts(callouts, 'sp-soy')).to.deep.equal(['4']);
    expect(findCallouts(callouts, 'seed tube')).to.deep.equal(['10']);
    expect(findCallouts(callouts, 'seed')[0]).to.equal('4');
    expect(findCallouts(callouts, '10')).to.deep.equal(['10']);
    expect(findCallouts(callouts, '   ')).to.deep.equal([]);
    expect(findCallouts(callouts, 'hitch')).to.deep.equal([]);
  });
});
