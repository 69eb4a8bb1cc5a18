/** The product page's pure pieces: breadcrumb, meta text, dates (price and stock rules: test/domain/pricing.test.ts). */
import { expect } from 'chai';
import { breadcrumbOf } from '../../src/features/product/service.ts';
import { formatResupplyDate, metaDescription } from '../../src/features/product/view-model.ts';

describe('product page: pure helpers', () => {
  describe('breadcrumbOf', () => {
    const all = [
      { id: 1, parentId: null, slug: 'planters', name: 'Planters', sort: 1 },
      { id: 3, parentId: null, slug: 'parts', name: 'Parts', sort: 3 },
      { id: 4, parentId: 3, slug: 'planter-parts', name: 'Planter Parts', sort: 4 },
      { id: 7, parentId: 3, slug: 'markers', name: 'Markers', sort: 7 },
      { id: 10, parentId: null, slug: 'kits-service', name: 'Kits & Service', sort: 10 },
    ];
    it('follows the deepest category up to its root', () => {
      expect(breadcrumbOf([3, 7], all).map((c) => c.slug)).to.deep.equal(['parts', 'markers']);
    });
    it('breaks ties by sort', () => {
      expect(breadcrumbOf([10, 7, 4], all).map((c) => c.slug)).to.deep.equal(['parts', 'planter-parts']);
    });
    it('is empty without categories and survives a cycle', () => {
      expect(breadcrumbOf([], all)).to.deep.equal([]);
      const cyclic = [
        { id: 1, parentId: 2, slug: 'a', name: 'A', sort: 0 },
        { id: 2, parentId: 1, slug: 'b', name: 'B', sort: 0 },
      ];
      expect(breadcrumbOf([1], cyclic).map((c) => c.slug)).to.deep.equal(['b', 'a']);
    });
  });

  describe('metaDescription', () => {
    it('strips tags and entities', () => {
      expect(metaDescription('<p>Seed &amp; plates</p>\n<p>Fits  all</p>', 'x')).to.equal('Seed & plates Fits all');
    });
    it('falls back when empty', () => expect(metaDescription('<p> </p>', 'Tagline')).to.equal('Tagline'));
    it('cuts long text at a word, within 160 characters', () => {
      const long = `<p>${'planter '.repeat(40)}</p>`;
      const out = metaDescription(long, 'x');
      expect(out.length).to.be.at.most(160);
      expect(out.endsWith('planter…')).to.equal(true);
    });
  });

  describe('formatResupplyDate', () => {
    it('prints a date-only value on its own day in every locale', () => {
      expect(formatResupplyDate('2027-03-15', 'en-US')).to.equal('March 15, 2027');
      expect(formatResupplyDate('2027-03-15', 'fr-CA')).to.equal('15 mars 2027');
      expect(formatResupplyDate('2027-03-15', 'es-MX')).to.equal('15 de marzo de 2027');
    });
  });
});
