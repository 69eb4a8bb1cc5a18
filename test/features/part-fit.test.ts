/**
 * What fits the customer's machines outside the diagrams, as an outsider: search and typeahead say
 * "Fits North planter" (+N when more fit) in four locales to a signed-in customer with machines;
 * anonymous visitors get the same pages and JSON as before, from the page cache, and a customer's
 * marks never reach the cached page; the quick order and the cart warn on a part that fits none of
 * the customer's machines; a dimmed part on a diagram points to the replacement that fits.
 * Expected values are written by hand from the demo data (src/db/seed/machines.ts, supersessions.ts):
 * PP-RCW-12 fits PL-4RV serials 100000–149999, PP-SCW from 150000, PP-RCW-12 was replaced by PP-SCW.
 */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { productIdByStockcode } from '../helpers/server.ts';
import { makeUser, signedInAs } from '../helpers/users.ts';

const json = (token: string) => ({
  'X-CSRF-Token': token,
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
});

type Who = { a: Agent; token: string };
/** A new customer signed in, owning these machines (added through My machines). */
async function customerWith(machines: { serial: string; name: string }[]): Promise<Who> {
  const user = await makeUser({ prefix: 'partfit' });
  const a = await signedInAs(user.email);
  const token = await csrf(a, '/en-us/account/machines');
  for (const m of machines) {
    const res = await a
      .post('/en-us/account/machines')
      .set(json(token))
      .send({ ...m, year: '2022' });
    expect(res.status, res.text).to.equal(201);
  }
  return { a, token };
}

/** Each product card of a listing: its stock code and its "Fits …" mark (null without one). */
function cardMarks(html: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const card of html.split('data-testid="product-card"').slice(1)) {
    const body = card.slice(0, card.indexOf('</a>'));
    const code = /data-testid="product-code">([^<]+)</.exec(body)?.[1];
    if (code) out.set(code, /data-testid="fits">([^<]+)</.exec(body)?.[1] ?? null);
  }
  return out;
}

const SEARCH = '/products?q=closing+wheel';

describe('what fits my machines, outside the diagrams', function () {
  this.timeout(120_000);
  let late: Who;
  let two: Who;
  let none: Who;

  before(async () => {
    late = await customerWith([{ serial: '162345', name: 'North planter' }]);
    two = await customerWith([
      { serial: '162345', name: 'North planter' },
      { serial: '171000', name: 'South planter' },
    ]);
    none = await customerWith([]);
  });

  describe('search and typeahead', () => {
    it('marks the part that fits the customer’s machine, not the one that does not, nor parts without fitment', async () => {
      const res = await late.a.get(`/en-us${SEARCH}`);
      expect(res.status).to.equal(200);
      const marks = cardMarks(res.text);
      expect(marks.get('PP-SCW')).to.equal('Fits North planter');
      expect(marks.has('PP-RCW-12')).to.equal(true);
      expect(marks.get('PP-RCW-12')).to.equal(null);
      expect(res.headers['x-page-cache']).to.equal(undefined);
    });

    it('says how many more machines it fits, in four locales', async () => {
      const expected: Record<string, string> = {
        'en-us': 'Fits North planter +1',
        'en-ca': 'Fits North planter +1',
        'fr-ca': 'Compatible avec North planter +1',
        'es-mx': 'Compatible con North planter +1',
      };
      for (const [locale, text] of Object.entries(expected)) {
        const res = await two.a.get(`/${locale}${SEARCH}`);
        expect(cardMarks(res.text).get('PP-SCW'), locale).to.equal(text);
      }
    });

    it('a customer without machines sees no mark', async () => {
      const res = await none.a.get(`/en-us${SEARCH}`);
      expect(res.text).not.to.contain('data-testid="fits"');
    });

    it('the typeahead says it to the customer; an anonymous visitor’s answer has no trace of it', async () => {
      const mine = await late.a.get('/en-us/search/typeahead?q=closing').set('Accept', 'application/json');
      expect(mine.status).to.equal(200);
      const scw = (mine.body as { value: string; html: string; fits?: string }[]).find((s) =>
        s.html.includes('PP-SCW'),
      );
      expect(scw?.fits).to.equal('Fits North planter');
      expect(scw?.html).to.contain('<span class="ta-fits" data-testid="fits">Fits North planter</span>');
      const rcw = (mine.body as { html: string; fits?: string }[]).find((s) => s.html.includes('PP-RCW-12'));
      expect(rcw).to.not.equal(undefined);
      expect(rcw).not.to.have.property('fits');

      const fr = await two.a.get('/fr-ca/search/typeahead?q=closing').set('Accept', 'application/json');
      expect((fr.body as { fits?: string }[]).map((s) => s.fits).filter(Boolean)).to.deep.equal([
        'Compatible avec North planter +1',
      ]);

      const anon = await (await agent()).get('/en-us/search/typeahead?q=closing').set('Accept', 'application/json');
      expect(anon.status).to.equal(200);
      expect(anon.body).to.have.length.at.least(2);
      for (const s of anon.body as Record<string, unknown>[])
        expect(Object.keys(s)).to.deep.equal(['id', 'value', 'html']);
      expect(anon.text).not.to.contain('ta-fits');
      expect(anon.text).not.to.contain('Fits ');
    });

    it('anonymous visitors keep the cached page; a customer’s marks never reach it', async () => {
      const visitor = async () => {
        const a = await agent();
        expect((await a.get('/en-us/')).status).to.equal(200);
        return a;
      };
      const path = `/en-us${SEARCH}&sort=name`;
      await (await visitor()).get(path); // fills the cache
      const before = await (await visitor()).get(path);
      expect(before.headers['x-page-cache']).to.equal('hit');
      expect(before.text).not.to.contain('data-testid="fits"');

      const mine = await late.a.get(path);
      expect(mine.headers['x-page-cache']).to.equal(undefined);
      expect(cardMarks(mine.text).get('PP-SCW')).to.equal('Fits North planter');

      const after = await (await visitor()).get(path);
      expect(after.headers['x-page-cache']).to.equal('hit');
      expect(after.text).not.to.contain('data-testid="fits"');
      expect(after.text).not.to.contain('North planter');
      const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const token = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(main(after.text).split(token(after.text)).join('T')).to.equal(
        main(before.text).split(token(before.text)).join('T'),
      );
    });
  });

  describe('quick order and cart', () => {
    const resolve = (who: Who | null, a: Agent, token: string) =>
      a
        .post('/en-us/quick-order/resolve')
        .set(json(token))
        .send({ text: 'PP-RCW-12, 2\nPP-SCW, 2\nDEMO-SEED-PLATE, 1' })
        .then((res) => {
          expect(res.status, `${who ? 'customer' : 'anonymous'}: ${res.text}`).to.equal(200);
          return res.body.lines as { stockcode: string; status: string; fit_warning?: string }[];
        });

    it('quick order warns on the line whose part fits none of the machines (a warning: the line stays ready)', async () => {
      const lines = await resolve(late, late.a, late.token);
      expect(lines.map((l) => [l.stockcode, l.status, l.fit_warning ?? null])).to.deep.equal([
        ['PP-RCW-12', 'ok', 'Does not fit any of your machines'],
        ['PP-SCW', 'ok', null],
        ['DEMO-SEED-PLATE', 'ok', null],
      ]);
      const es = await late.a.post('/es-mx/quick-order/resolve').set(json(late.token)).send({ text: 'PP-RCW-12, 1' });
      expect(es.body.lines[0].fit_warning).to.equal('No es compatible con ninguna de sus máquinas');
    });

    it('no warning without machines, nor for an anonymous visitor', async () => {
      const mine = await resolve(none, none.a, none.token);
      expect(mine.map((l) => l.fit_warning ?? null)).to.deep.equal([null, null, null]);
      const a = await agent();
      const anon = await resolve(null, a, await csrf(a, '/en-us/quick-order'));
      for (const l of anon) expect(l).not.to.have.property('fit_warning');
    });

    it('the cart names the line that fits none of the machines', async () => {
      const who = await customerWith([{ serial: '162345', name: 'North planter' }]);
      const add = await who.a
        .post('/en-us/quick-order/add')
        .set(json(who.token))
        .send({ text: 'PP-RCW-12, 1\nPP-SCW, 1' });
      expect(add.status, add.text).to.equal(200);
      const cart = await who.a.get('/en-us/cart');
      const warnings = [...cart.text.matchAll(/data-testid="cart-fit-warning" data-product-id="(\d+)">([^<]+)</g)];
      expect(warnings.map((m) => [Number(m[1]), m[2]])).to.deep.equal([
        [
          await productIdByStockcode('PP-RCW-12'),
          'Rubber Closing Wheel 1 x 12 (PP-RCW-12): Does not fit any of your machines',
        ],
      ]);
      const fr = await who.a.get('/fr-ca/cart');
      expect(fr.text).to.contain('Ne convient à aucune de vos machines');
      const noMachines = await none.a.get('/en-us/cart');
      expect(noMachines.text).not.to.contain('cart-fit-warning');
    });
  });

  describe('supersession on a diagram', () => {
    let early: Who;
    const machineId = async (who: Who) =>
      (await who.a.get('/en-us/account/machines').set('Accept', 'application/json')).body.machines[0].id as number;

    before(async () => {
      early = await customerWith([{ serial: '120000', name: 'Old planter' }]);
    });

    it('a dimmed wheel points to the replacement that fits the machine', async () => {
      const scw = await productIdByStockcode('PP-SCW');
      const id = await machineId(late);
      const page = await late.a.get(`/en-us/parts/1?machine=${id}`);
      const row = /data-stockcode="PP-RCW-12" data-fits="false"[\s\S]*?<\/tr>/.exec(page.text)?.[0] ?? '';
      expect(row).to.contain(
        `<a class="fit-replacement" href="/en-us/products/${scw}" data-testid="fit-replacement">Replaced by PP-SCW</a>`,
      );
      const callout = await late.a.get(`/fr-ca/parts/1/callout/5?machine=${id}`).set(json(late.token));
      expect(callout.body.html).to.contain('Remplacé par PP-SCW');
    });

    it('no link where the replacement does not fit, nor without a machine chosen', async () => {
      const id = await machineId(early);
      const page = await early.a.get(`/en-us/parts/1?machine=${id}`);
      // The old machine: the old wheel fits, the new one is dimmed and replaced by nothing.
      expect(page.text).to.match(/data-stockcode="PP-RCW-12" data-fits="true"/);
      expect(page.text).to.match(/data-stockcode="PP-SCW" data-fits="false"/);
      expect(page.text).not.to.contain('fit-replacement');
      const plain = await late.a.get('/en-us/parts/1');
      expect(plain.text).not.to.contain('fit-replacement');
    });
  });
});
