/**
 * A local webhook receiver on 127.0.0.1 for tests: records every request (headers, raw body, time)
 * and answers with the status `answer()` chooses for the n-th request (200 by default).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { at: number; path: string; headers: Record<string, string>; body: string; status: number };

export type Receiver = {
  url: string;
  received: Received[];
  /** Status for request number n (1-based); change it at any time. */
  answer: (n: number, r: Received) => number;
  /** Resolves when `pred` holds for the received list (polls every 20 ms), or rejects after `ms`. */
  waitFor(pred: (r: Received[]) => boolean, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const rec: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    async waitFor(pred, ms = 20_000) {
      const until = Date.now() + ms;
      while (!pred(rec.received)) {
        if (Date.now() > until)
          throw new Error(`receiver: condition not met within ${ms} ms (${rec.received.length} received)`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return rec.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const r: Received = {
        at: Date.now(),
        path: req.url ?? '',
        headers: req.headers as Record<string, string>,
        body,
        status: 0,
      };
      r.status = rec.answer(rec.received.length + 1, r);
      rec.received.push(r);
      res.writeHead(r.status, { 'content-type': 'text/plain' }).end(r.status < 300 ? 'ok' : 'nope');
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rec.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return rec;
}
