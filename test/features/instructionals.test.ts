/** The instructional editor (spec §2 routes) and the guides customers see. */
import { expect } from 'chai';
import { agent, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

const E = '/en-us/instructional/editor';

const as = (email: string): Promise<{ a: Agent; token: string }> => signedIn(email);

describe('instructionals: editor', () => {
  // Starting the shared app (a fresh embedded database without DATABASE_URL) can take minutes on a busy machine.
  before(async function () {
    this.timeout(600_000);
    await testServer();
  });

  it('refuses visitors, customers and staff without instructionals.edit on every route', async () => {
    const routes = [E, `${E}/add/instructional`, `${E}/edit/1`, `${E}/view/1`, `${E}/video`, `${E}/add/tool`];
    const visitor = await agent();
    for (const r of routes) expect((await visitor.get(r).set('Accept', 'application/json')).status, r).to.equal(401);
    for (const email of ['customer@example.com', 'staff@example.com']) {
      const { a, token } = await as(email);
      for (const r of routes) expect((await a.get(r)).status, `${email} ${r}`).to.equal(403);
      const post = await a.post(`${E}/add/tool`).type('form').send({ _csrf: token, name: 'Intruder wrench' });
      expect(post.status).to.equal(403);
    }
    const { rows } = await (await testServer()).database.pool.query(
      "select count(*)::int n from tools where name = 'Intruder wrench'",
    );
    expect(rows[0].n).to.equal(0);
  });

  it('lists the demo instructionals with filters kept in the URL', async () => {
    const { a } = await as('admin@example.com');
    const all = await a.get(E);
    expect(all.status).to.equal(200);
    expect((all.text.match(/data-testid="ins-row"/g) ?? []).length).to.be.at.least(4);
    expect(all.text).to.include('data-nav="instructionals"');
    const drafts = await a.get(`${E}?status=draft`);
    expect((drafts.text.match(/data-testid="ins-row"/g) ?? []).length).to.equal(1);
    expect((await a.get(`${E}?q=zzzz-nothing`)).text).to.include('data-testid="empty-state"');
    expect((await a.get(`${E}?status=bogus`).set('Accept', 'application/json')).status).to.equal(400);
  });

  it('creates an instructional with steps and tools; customers see it on the product, sanitised', async () => {
    const { a, token } = await as('admin@example.com');
    const res = await a
      .post(`${E}/add/instructional`)
      .type('form')
      .send(
        '_csrf=' +
          encodeURIComponent(token) +
          '&title=Replacing+a+gauge+wheel&product=DC-40-10&published=on&video_url=%2Fmedia%2Fvideos%2Fgauge.mp4' +
          '&body=%3Cp%3EIntro%3C%2Fp%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&tools=1&tools=3' +
          '&steps%5B0%5D%5Btitle%5D=Lift+the+row&steps%5B0%5D%5Bbody%5D=%3Cp%20onclick%3D%22x()%22%3ERaise%20it%3C%2Fp%3E' +
          '&steps%5B1%5D%5Btitle%5D=Swap+the+wheel&steps%5B1%5D%5Bimage%5D=%2Fimages%2Fhero.svg&steps%5B1%5D%5Balt%5D=Wheel' +
          '&steps%5B2%5D%5Btitle%5D=&steps%5B2%5D%5Bbody%5D=',
      );
    expect(res.status).to.equal(303);
    const id = Number(/edit\/(\d+)$/.exec(res.headers.location)![1]);
    const edit = await a.get(`${E}/edit/${id}`);
    expect(edit.text).to.include('value="Swap the wheel"');
    const view = await a.get(`${E}/view/${id}`);
    expect((view.text.match(/<h3>/g) ?? []).length).to.equal(2);

    const customer = await agent();
    const page = await customer.get(`/en-us/instructionals/${id}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('<p>Intro</p>').and.include('Raise it').and.include('src="/media/videos/gauge.mp4"');
    expect(page.text).to.not.match(/alert\(1\)|onclick/);
    const product = await customer.get(`/en-us/products/${await productIdByStockcode('DC-40-10')}`);
    expect(product.text).to.include('data-testid="product-guides"').and.include('Replacing a gauge wheel');
  });

  it('bad input re-renders the form with messages (400), never 5xx, nothing saved', async () => {
    const { a, token } = await as('admin@example.com');
    const cases: [Record<string, string>, RegExp][] = [
      [{ title: '' }, /Title is required/],
      [{ title: 'X', product: 'NO-SUCH-CODE' }, /No product has that stock code/],
      [{ title: 'X', video_url: 'javascript:alert(1)' }, /site path/],
      [{ title: 'X', body: '<div><p>x</div>' }, /Tag must be paired/],
      [{ title: 'X', slug: 'Bad Slug!' }, /single hyphens/],
      [{ title: 'X', tools: '99999' }, /Unknown tool/],
      [{ title: 'X', 'steps[0][body]': 'text without a title' }, /A step needs a title/],
    ];
    for (const [body, message] of cases) {
      const res = await a
        .post(`${E}/add/instructional`)
        .type('form')
        .send({ _csrf: token, ...body });
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.text, JSON.stringify(body)).to.match(message);
    }
    const dup = await a
      .post(`${E}/add/instructional`)
      .type('form')
      .send({ _csrf: token, title: 'Dup', slug: 'planter-setup' });
    expect(dup.status).to.equal(409);
    expect((await a.get(`${E}/edit/999999`)).status).to.equal(404);
    expect((await a.get(`${E}/edit/abc`).set('Accept', 'application/json')).status).to.equal(400);
    const json = await a
      .post(`${E}/add/instructional`)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', token)
      .send({ title: '' });
    expect(json.status).to.equal(400);
    expect(json.body.error.fields).to.have.property('title');
  });

  it('drafts are not shown to customers; the video page sets a video; tools are added once', async () => {
    const { a, token } = await as('admin@example.com');
    const { rows } = await (await testServer()).database.pool.query(
      'select id from instructionals where published = false limit 1',
    );
    expect((await (await agent()).get(`/en-us/instructionals/${rows[0].id}`)).status).to.equal(404);

    const v = await a
      .post(`${E}/video`)
      .type('form')
      .send({ _csrf: token, instructional_id: rows[0].id, video_url: '/media/videos/new.mp4' });
    expect(v.status).to.equal(303);
    expect((await a.get(`${E}/video`)).text).to.include('value="/media/videos/new.mp4"');
    expect(
      (
        await a
          .post(`${E}/video`)
          .type('form')
          .send({ _csrf: token, instructional_id: 'x', video_url: '' })
          .set('Accept', 'application/json')
      ).status,
    ).to.equal(400);
    // Without JavaScript, a refused link: the video list again, the message beside that row's link as typed.
    const refused = await a
      .post(`${E}/video`)
      .type('form')
      .send({ _csrf: token, instructional_id: rows[0].id, video_url: 'javascript:alert(1)' });
    expect(refused.status).to.equal(400);
    expect(refused.text).to.include('data-testid="instructional-videos"').and.not.include('data-testid="error-page"');
    expect(refused.text).to.include(`id="v-${rows[0].id}" name="video_url" value="javascript:alert(1)"`);
    expect(refused.text).to.include(
      'data-testid="field-error-video_url">Use a site path starting with / or an https:// address.<',
    );
    const es = await a
      .post(`${E.replace('/en-us/', '/es-mx/')}/video`)
      .type('form')
      .send({ _csrf: token, instructional_id: rows[0].id, video_url: 'javascript:alert(1)' });
    expect(es.status).to.equal(400);
    expect(es.text).to.include('data-testid="field-error-video_url"').and.not.include('Use a site path starting');

    const t1 = await a
      .post(`${E}/add/tool`)
      .type('form')
      .send({ _csrf: token, name: 'Bearing puller', description: 'Two-jaw, 4 in reach.' });
    expect(t1.status).to.equal(303);
    expect((await a.get(`${E}/add/tool`)).text).to.include('Bearing puller');
    const t2 = await a.post(`${E}/add/tool`).type('form').send({ _csrf: token, name: 'Bearing puller' });
    expect(t2.status).to.equal(409);
    expect(t2.text).to.include('A tool with that name already exists.');
  });

  it("a guide's title reads in the visitor's language on the product page and its own page", async () => {
    const a = await agent();
    const planter = await productIdByStockcode('PL-4RV');
    const titles: Record<string, string> = {
      'en-us': 'Setting up your 4-row vacuum planter',
      'fr-ca': 'Installer votre semoir pneumatique 4 rangs',
      'es-mx': 'Cómo instalar su sembradora neumática de 4 surcos',
    };
    for (const [locale, title] of Object.entries(titles)) {
      const product = await a.get(`/${locale}/products/${planter}`);
      expect(product.status).to.equal(200);
      const link = new RegExp(
        `<a href="/${locale}/instructionals/(\\d+)" data-testid="product-guide">(?:(?!</a>)[\\s\\S])*${title}</a>`,
      ).exec(product.text);
      expect(link, `${locale}: the guide's link says "${title}"`).to.not.equal(null);
      const guide = await a.get(`/${locale}/instructionals/${link![1]}`);
      expect(guide.text).to.include(`<h1`);
      expect(guide.text).to.match(new RegExp(`<h1[^>]*>\\s*${title}`));
    }
  });
});
