/**
 * src/db/session-store.ts: express-session's Store over connect-pg-simple's table with its
 * semantics, its own parameterised statements (named on PostgreSQL), used through express-session.
 */
import { expect } from 'chai';
import express from 'express';
import session from 'express-session';
import supertest from 'supertest';
import { SessionStore } from '../../src/db/session-store.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

const call = <T>(fn: (cb: (err: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));

describe('session store (express-session Store over the "session" table)', () => {
  let store: SessionStore;
  before(async () => {
    const { database } = await testServer();
    store = new SessionStore({ database, pruneSessionInterval: false, disableTouch: false });
  });
  after(() => store.close());

  it('keeps a session through express-session: saved, read back by its cookie, destroyed', async () => {
    const app = express();
    app.use(session({ store, secret: 'test-secret', resave: false, saveUninitialized: false, cookie: { maxAge: 60_000 } }));
    app.get('/count', (req, res) => {
      const s = req.session as unknown as { n?: number };
      s.n = (s.n ?? 0) + 1;
      res.json({ n: s.n });
    });
    app.get('/out', (req, res) => req.session.destroy(() => res.json({ ok: true })));
    const a = supertest.agent(app);
    expect((await a.get('/count')).body.n).to.equal(1);
    expect((await a.get('/count')).body.n).to.equal(2);
    expect((await a.get('/count')).body.n).to.equal(3);
    await a.get('/out');
    expect((await a.get('/count')).body.n, 'a new session after destroy').to.equal(1);
  });

  it('reads a session only while it has not expired; touch moves the expiry; prune deletes the expired', async () => {
    const sid = `st-${process.pid}-${Date.now()}`;
    const sess = { cookie: { originalMaxAge: 1000, expires: new Date(Date.now() + 60_000).toISOString() }, note: "O'Brien $1 \\" } as never;
    await call((cb) => store.set(sid, sess, cb));
    expect(((await call<unknown>((cb) => store.get(sid, cb))) as { note: string }).note).to.equal("O'Brien $1 \\");
    await sqlRows(`update "session" set expire = now() - interval '1 minute' where sid = $1`, [sid]);
    expect(await call((cb) => store.get(sid, cb)), 'expired').to.equal(null);
    await call((cb) => store.touch(sid, sess, cb));
    expect(await call((cb) => store.get(sid, cb)), 'touched').to.not.equal(null);
    await sqlRows(`update "session" set expire = now() - interval '1 minute' where sid = $1`, [sid]);
    await store.pruneSessions();
    expect(await sqlRows(`select sid from "session" where sid = $1`, [sid])).to.deep.equal([]);
  });

  it('a session without a cookie expiry lives ttl seconds; one that does not parse reads as none and is deleted', async () => {
    const sid = `st-ttl-${process.pid}-${Date.now()}`;
    await call((cb) => store.set(sid, { cookie: {} } as never, cb));
    const [row] = await sqlRows<{ secs: number }>(`select extract(epoch from expire - now())::int as secs from "session" where sid = $1`, [sid]);
    expect(row.secs).to.be.within(86_000, 86_401);
    // json that parses as a string, not an object, is what a bad row can hold in a json column: write text and read it as such.
    await sqlRows(`update "session" set sess = '"{not json"'::json where sid = $1`, [sid]);
    expect(await call((cb) => store.get(sid, cb))).to.equal(null);
    expect(await sqlRows(`select sid from "session" where sid = $1`, [sid])).to.deep.equal([]);
  });

  it('sends its own statements, named on PostgreSQL, every value a parameter', async () => {
    const { database } = await testServer();
    const sent: string[] = [];
    const stop = database.observeQueries((text) => sent.push(text));
    try {
      await call((cb) => store.get(`nobody-${Date.now()}`, cb));
    } finally {
      stop();
    }
    expect(sent).to.deep.equal(['select sess from "session" where sid = $1 and expire >= to_timestamp($2)']);
  });
});
