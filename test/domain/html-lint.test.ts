import { expect } from 'chai';
import { lintHtml, maskImageDirectives } from '../../src/domain/html-lint.ts';

describe('domain/html-lint', () => {
  describe('lintHtml', () => {
    const clean = [
      '',
      'plain text',
      '<p>Hello <strong>world</strong></p>',
      '<div><img src="a.jpg"><br><hr><input name="q"></div>',
      '<img src="a.jpg">', // alt not required
      '<p id="a"></p><p id="a"></p>', // unique ids not required
      '<html><body><p>no doctype</p></body></html>', // doctype not required
      "<p>image(['/media/a.jpg', '<b>'])</p>",
      'image([\n"/a.jpg",\n"<div>"\n])<span>x</span>',
      '<br/><img src="x" />',
    ];
    for (const html of clean) it(`clean: ${JSON.stringify(html)}`, () => expect(lintHtml(html)).to.deep.equal([]));

    const broken: [string, RegExp[]][] = [
      ['<div><p>x</div>', [/^Line 1, Col 6: Tag must be paired, missing: \[ <\/p> \]/]],
      ['<div>\n<span>', [/^Line 2, Col 7: Tag must be paired, missing: \[ <\/span><\/div> \]/]],
      ['<p>x</p>\n</b>', [/^Line 2, Col 1: Tag must be paired, no start tag: \[ <\/b> \]/]],
      ['image([\n"a"\n])\n</em>', [/^Line 4, Col 1: Tag must be paired, no start tag: \[ <\/em> \]/]],
      ['image([\n"a"\n])</em>', [/^Line 3, Col 3: Tag must be paired, no start tag: \[ <\/em> \]/]],
      ['<p>image([1])</b></p>', [/^Line 1, Col 14: Tag must be paired, no start tag: \[ <\/b> \]/]],
      ['<!-- htmlhint tag-pair:false --><div>', [/^Line 1, Col \d+: Tag must be paired/]],
      ['<!-- htmlhint-disable --><div>', [/^Line 1, Col \d+: Tag must be paired/]],
    ];
    for (const [html, patterns] of broken) {
      it(`broken: ${JSON.stringify(html)}`, () => {
        const messages = lintHtml(html);
        expect(messages).to.have.length(patterns.length);
        patterns.forEach((p, k) => expect(messages[k]).to.match(p));
      });
    }

    it('reports only tag-pair even when a comment tries to switch other rules on', () => {
      expect(lintHtml('<!-- htmlhint doctype-first:true,alt-require:true --><img src="a">')).to.deep.equal([]);
    });

    it('every message has the Line N, Col N: shape', () => {
      const html = '<div>\n<ul><li>one\n</ul>\n<table><tr><td>x</tr></table>\n</section>';
      const messages = lintHtml(html);
      expect(messages.length).to.be.greaterThan(0);
      for (const m of messages) expect(m).to.match(/^Line \d+, Col \d+: .+/);
    });
  });

  describe('maskImageDirectives', () => {
    const cases = ["image(['/a.jpg'])", 'image([\n"/a.jpg",\r\n"alt"\n])', 'image([])'];
    for (const d of cases) {
      it(`masks ${JSON.stringify(d)} keeping length and line breaks`, () => {
        const out = maskImageDirectives(`<p>${d}</p>`);
        expect(out.length).to.equal(d.length + 7);
        expect(out).to.match(/^<p><!--[\s]*-->[\s]*<\/p>$/);
        expect(out.split('\n').length).to.equal(d.split('\n').length);
      });
    }
    it('leaves other text alone', () => expect(maskImageDirectives('image(x) <p>a</p>')).to.equal('image(x) <p>a</p>'));
  });
});
