/**
 * A redirect that carries a flash message is sent only once the session holding the message is
 * stored (src/http/context.ts saveFlashBeforeRedirect): a browser follows a 303 as soon as its
 * headers arrive, and must find the message on the next page. A redirect without a message
 * writes nothing.
 */
import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { flash, saveFlashBeforeRedirect } from '../../src/http/context.ts';

describe('http: a flash message is stored before its redirect is sent', () => {
  const events: string[] = [];
  const app = express();
  app.use((req, _res, next) => {
    // A session store that takes 50 ms to write, as a busy database would.
    (req as unknown as { session: unknown }).session = {
      save: (cb: (err?: Error) => void) => setTimeout(() => (events.push('saved'), cb()), 50),
    };
    next();
  });
  app.use(saveFlashBeforeRedirect);
  app.post('/with-message', (req, res) => {
    flash(req, 'success', 'Saved.');
    res.redirect(303, '/next');
  });
  app.post('/without-message', (_req, res) => res.redirect(303, '/next'));

  beforeEach(() => void (events.length = 0));

  it('waits for the session to be written, then redirects', async () => {
    const res = await supertest(app).post('/with-message');
    events.push('answered');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/next');
    expect(events).to.deep.equal(['saved', 'answered']);
  });

  it('a redirect with no message does not write the session', async () => {
    const res = await supertest(app).post('/without-message');
    expect(res.status).to.equal(303);
    await new Promise((r) => setTimeout(r, 80));
    expect(events).to.deep.equal([]);
  });
});
