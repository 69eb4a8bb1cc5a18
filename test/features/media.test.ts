/** The media library over HTTP: real-type check, size limit, web sizes, dedupe by hash, delete only when unused, guards. */
import { expect } from 'chai';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const UPLOAD = '/en-us/account/dashboard/media/upload';

async function png(w: number, h: number, color = { r: 200, g: 80, b: 20 }) {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function mediaCount(): Promise<number> {
  const { rows } = await (await testServer()).database.pool.query<{ n: number }>(
    'select count(*)::int as n from media',
  );
  return rows[0].n;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe('media library (HTTP)', function () {
  this.timeout(60_000);
  let a: Agent;
  let token: string;
  let mediaDir: string;
  before(async () => {
    a = await agent();
    await signIn(a, 'admin@example.com');
    token = await csrf(a, '/en-us/account/dashboard/media');
    mediaDir = path.join((await testServer()).config.dataDir, 'media');
  });
  const upload = (buf: Buffer, name: string, contentType = 'image/png') =>
    a
      .post(UPLOAD)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .attach('file', buf, { filename: name, contentType });

  it('stores an image as web sizes (WebP + fallback) and the same image twice only once', async () => {
    const img = await png(1500, 900);
    const res = await upload(img, 'field.png');
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const m = res.body.media;
    expect(m.mime).to.equal('image/jpeg');
    expect(m.width).to.equal(1500);
    expect(m.variants.map((v: { width: number }) => v.width)).to.deep.equal([320, 640, 1280, 1500]);
    expect(m.variants.every((v: { mime: string }) => v.mime === 'image/webp')).to.equal(true);
    const served = await (await agent()).get(m.variants[0].path);
    expect(served.status).to.equal(200);
    expect(served.headers['content-type']).to.equal('image/webp');
    const again = await upload(img, 'copy-of-field.png');
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ created: false });
    expect(again.body.media.path).to.equal(m.path);
    const page = await a.get('/en-us/account/dashboard/media?q=field.png');
    expect(page.status).to.equal(200);
    expect(page.text).to.include(`data-path="${m.path}"`);
  });

  it('refuses a file that is not an image even when named .png, and a too-large one: clear 4xx, nothing stored', async () => {
    const before = await mediaCount();
    // The temp folder of uploads (beside media/, never served) is counted too: a refusal leaves nothing there either.
    const stored = () =>
      filesUnder(mediaDir).length + filesUnder(path.join(path.dirname(mediaDir), 'upload-tmp')).length;
    const filesBefore = stored();
    const fake = await upload(Buffer.from('<html><script>alert(1)</script></html>'.repeat(20)), 'innocent.png');
    expect(fake.status).to.equal(415);
    expect(fake.body.error.message).to.match(/not an image/i);
    expect(fake.body.error.fields).to.have.property('file');
    const big = await upload(Buffer.concat([await png(10, 10), Buffer.alloc(11 * 1024 * 1024)]), 'huge.png');
    expect(big.status).to.equal(413);
    expect(big.body.error.message).to.match(/larger than 10 MB/);
    const none = await a.post(UPLOAD).set('X-CSRF-Token', token).set('Accept', 'application/json').send({ file: 'x' });
    expect(none.status).to.equal(400);
    expect(await mediaCount()).to.equal(before);
    expect(stored()).to.equal(filesBefore);
  });

  it('deletes only an unused image; a used one answers 409', async () => {
    const res = await upload(await png(300, 300, { r: 1, g: 2, b: 3 }), 'delete-me.png');
    const m = res.body.media;
    const pool = (await testServer()).database.pool;
    await pool.query(
      "update products set images = images || jsonb_build_array($1::text) where stockcode = 'DEMO-OOS'",
      [m.path],
    );
    const refused = await a
      .post(`/en-us/account/dashboard/media/${m.id}/delete`)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json');
    expect(refused.status).to.equal(409);
    expect(refused.body.error.message).to.include('DEMO-OOS');
    // The confirmation form, posted without JavaScript, comes back with the message (not the error page).
    const form = await a.post(`/en-us/account/dashboard/media/${m.id}/delete`).type('form').send({ _csrf: token });
    expect(form.status).to.equal(409);
    expect(form.text)
      .to.include('data-testid="media-delete-page"')
      .and.include('data-testid="media-in-use"')
      .and.not.include('data-testid="error-page"');
    expect(form.text).to.match(
      /data-testid="form-error">This image is used by [^<]*DEMO-OOS[^<]*; remove it there first\.</,
    );
    const fr = await a.post(`/fr-ca/account/dashboard/media/${m.id}/delete`).type('form').send({ _csrf: token });
    expect(fr.status).to.equal(409);
    expect(fr.text).to.match(/data-testid="form-error">Cette image est utilisée/);
    await pool.query("update products set images = images - $1::text where stockcode = 'DEMO-OOS'", [m.path]);
    const confirm = await a.get(`/en-us/account/dashboard/media/${m.id}/delete`);
    expect(confirm.text).to.include('data-testid="media-delete-confirm"');
    const ok = await a
      .post(`/en-us/account/dashboard/media/${m.id}/delete`)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json');
    expect(ok.status).to.equal(200);
    expect(filesUnder(mediaDir).some((f) => f.includes(m.hash))).to.equal(false);
    const bad = await a
      .post('/en-us/account/dashboard/media/abc/delete')
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json');
    expect(bad.status).to.equal(400);
  });

  it('refuses the wrong user', async () => {
    const anon = await agent();
    expect((await anon.get('/en-us/account/dashboard/media').set('Accept', 'application/json')).status).to.equal(401);
    for (const email of ['customer@example.com', 'warehouse@example.com']) {
      const u = await agent();
      await signIn(u, email);
      expect((await u.get('/en-us/account/dashboard/media')).status, email).to.equal(403);
      expect((await u.get('/dev/image-uploader')).status, email).to.equal(403);
      const t = await csrf(u, '/en-us/account');
      const up = await u
        .post(UPLOAD)
        .set('X-CSRF-Token', t)
        .set('Accept', 'application/json')
        .attach('file', await png(5, 5), 'x.png');
      expect(up.status, email).to.equal(403);
    }
    const ok = await a.get('/dev/image-uploader');
    expect(ok.status).to.equal(200);
    expect(ok.text).to.include('data-island="image-uploader"');
  });
});
