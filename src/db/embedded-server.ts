/**
 * Child process that owns the embedded PostgreSQL (PGlite) and serves it on a
 * loopback port through pglite-socket. It lives in its own process because PGlite
 * runs queries on the thread that calls it: in the web server a slow query would
 * freeze every request. The parent talks to it with the ordinary `pg` driver.
 *
 * Protocol (IPC): the child sends {type:'ready', port} once listening, or
 * {type:'error', message}; the parent sends {type:'close'} to shut down cleanly
 * (PGlite must flush to disk). If the parent disappears the child closes too.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dir = process.argv[2];
const maxConnections = Number(process.argv[3] ?? 20);
if (!dir) throw new Error('usage: embedded-server <data-dir> [max-connections]');

let db: PGlite | undefined;
let server: PGLiteSocketServer | undefined;
let closing = false;

async function close(code = 0) {
  if (closing) return;
  closing = true;
  try {
    await server?.stop();
    await db?.close();
  } finally {
    process.exit(code);
  }
}

async function main() {
  mkdirSync(dir, { recursive: true });
  db = await PGlite.create(dir);
  server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections });
  await server.start();
  const conn = server.getServerConn(); // "127.0.0.1:PORT"
  const port = Number(conn.split(':').pop());
  process.send?.({ type: 'ready', port });
}

process.on('message', (m: { type?: string }) => {
  if (m?.type === 'close') void close(0);
});
process.on('disconnect', () => void close(0));
process.on('SIGTERM', () => void close(0));
process.on('SIGINT', () => void close(0));

main().catch((err: Error) => {
  process.send?.({ type: 'error', message: err.stack ?? err.message });
  void close(1);
});
