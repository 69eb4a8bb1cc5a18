/** The product editor's media picker: thumbnails and the search. */
import { expect } from 'chai';
import { filterMedia, thumbOf } from '../../src/domain/media-picker.ts';

describe('domain: media picker', () => {
  it('the thumbnail is the smallest variant, else the image itself', () => {
    expect(
      thumbOf('/media/ab/x.png', [
        { width: 1200, path: '/media/ab/x-1200.webp' },
        { width: 320, path: '/media/ab/x-320.webp' },
      ]),
    ).to.equal('/media/ab/x-320.webp');
    expect(thumbOf('/images/a.svg', [])).to.equal('/images/a.svg');
    expect(thumbOf('/images/a.svg', null)).to.equal('/images/a.svg');
  });

  it('search matches every word in the name, description or path, ignoring case and accents', () => {
    const list = [
      { filename: 'row-unit.svg', alt: '4-Row Vacuum Planter — Row Unit', path: '/images/diagrams/row-unit.svg' },
      { filename: 'semoir.png', alt: 'Semoir à disques', path: '/media/1f/semoir.png' },
      { filename: 'plate.svg', alt: 'Seed Plate — Corn', path: '/images/products/plate.svg' },
    ];
    expect(filterMedia(list, '')).to.have.length(3);
    expect(filterMedia(list, 'ROW unit').map((m) => m.filename)).to.deep.equal(['row-unit.svg']);
    expect(filterMedia(list, 'a disques').map((m) => m.filename)).to.deep.equal(['semoir.png']);
    expect(filterMedia(list, 'images svg').map((m) => m.filename)).to.deep.equal(['row-unit.svg', 'plate.svg']);
    expect(filterMedia(list, 'tractor')).to.deep.equal([]);
  });
});
