import { expect } from 'chai';
import ejs from 'ejs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assetUrl, loadIslands, loadManifest, renderIsland, scriptJson } from '../../src/http/assets.ts';
import type { Props } from '../../islands/locale-channel-picker.tsx';

const props: Props = {
  locale: 'en-us',
  locales: [
    { code: 'en-us', label: 'English (US)', href: '/en-us/products' },
    { code: 'fr-ca', label: 'Français (CA)', href: '/fr-ca/products' },
  ],
  channel: 'ca',
  channels: [
    { code: 'us', label: 'United States', currency: 'USD', country: 'US' },
    { code: 'ca', label: 'Canada', currency: 'CAD', country: 'CA' },
  ],
};

/** The JSON between the props script tags, as the browser would read it. */
function propsOf(html: string): unknown {
  const m = html.match(/<script type="application\/json" data-island-props>([\s\S]*?)<\/script>/);
  expect(m, 'props script').to.not.equal(null);
  return JSON.parse(m![1]);
}

describe('src/http/assets', () => {
  before(() => loadIslands());

  describe('renderIsland', () => {
    it('renders the mount point with props and server HTML', () => {
      const html = renderIsland('locale-channel-picker', props);
      expect(html).to.match(/^<div data-island="locale-channel-picker" data-island-id="[a-z0-9]+-">/);
      expect(propsOf(html)).to.deep.equal(props);
      expect(html).to.include('<div data-island-root>');
      expect(html).to.include('data-testid="locale-select"');
      expect(html).to.include('data-testid="channel-select"');
      expect(html).to.match(/<option value="ca"[^>]* selected=""[^>]*>Canada \(CAD\)<\/option>/);
    });

    it('cannot be broken out of by props', () => {
      const evil = { ...props, note: '</script><script>alert(1)</script><!-- & \u2028\u2029 -->' };
      const html = renderIsland('locale-channel-picker', evil);
      expect(html.match(/<\/script>/g)).to.have.length(1);
      expect(html).not.to.include('<script>alert');
      expect(html).not.to.include('<!--');
      expect(html).not.to.match(/[\u2028\u2029]/);
      expect(propsOf(html)).to.deep.equal(evil);
    });

    it('adds escaped extra attributes and refuses dangerous ones', () => {
      const html = renderIsland('locale-channel-picker', props, { 'data-testid': 'pick"er<' });
      expect(html).to.include('data-testid="pick&quot;er&lt;"');
      expect(() => renderIsland('locale-channel-picker', props, { onclick: 'x()' })).to.throw(/not allowed/);
      expect(() => renderIsland('locale-channel-picker', props, { 'data-island': 'x' })).to.throw(/not allowed/);
      expect(() => renderIsland('locale-channel-picker', props, { 'a b': 'x' })).to.throw(/not allowed/);
    });

    it('gives each mount its own id prefix', () => {
      const id = (html: string) => html.match(/data-island-id="([^"]+)"/)![1];
      expect(id(renderIsland('locale-channel-picker', props))).not.to.equal(
        id(renderIsland('locale-channel-picker', props)),
      );
    });

    it('throws on an unknown island', () => {
      expect(() => renderIsland('no-such-island', {})).to.throw(/Unknown island "no-such-island"/);
      expect(() => renderIsland('toString', {})).to.throw(/Unknown island/);
    });
  });

  it('views/partials/island.ejs renders through renderIsland (as renderIsland or island)', async () => {
    const file = path.resolve('views/partials/island.ejs');
    const a = await ejs.renderFile(file, { renderIsland, name: 'locale-channel-picker', props });
    const b = await ejs.renderFile(file, {
      island: renderIsland,
      name: 'locale-channel-picker',
      props,
      attrs: { 'data-testid': 'picker' },
    });
    for (const html of [a, b]) {
      expect(html.trim()).to.match(/^<div data-island="locale-channel-picker"/);
      expect(propsOf(html)).to.deep.equal(props);
    }
    expect(b).to.include('data-testid="picker"');
  });

  it('scriptJson escapes every character that could end a script', () => {
    expect(scriptJson('<>&\u2028\u2029')).to.equal('"\\u003c\\u003e\\u0026\\u2028\\u2029"');
    expect(scriptJson(undefined)).to.equal('null');
  });

  describe('manifest', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'manifest-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('says to run the build when the manifest is missing', () => {
      expect(() => loadManifest(path.join(dir, 'nowhere'))).to.throw(/npm run build/);
    });

    it('maps logical names to URLs', () => {
      writeFileSync(
        path.join(dir, 'manifest.json'),
        JSON.stringify({ 'boot.js': '/build/boot-ABC.js', 'app.css': '/build/app-DEF.css' }),
      );
      loadManifest(dir);
      expect(assetUrl('boot.js')).to.equal('/build/boot-ABC.js');
      expect(assetUrl('app.css')).to.equal('/build/app-DEF.css');
      expect(() => assetUrl('nope.js')).to.throw(/No asset "nope.js"/);
    });
  });
});
