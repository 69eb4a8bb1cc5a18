/**
 * One signed HTTP POST to a webhook (Standard Webhooks: webhook-id, webhook-timestamp and
 * webhook-signature = v1,base64(HMAC-SHA256(secret, id.timestamp.body)), made by the
 * `standardwebhooks` package). The host is resolved by our own lookup, which refuses private and
 * loopback addresses unless allowed: checking the URL when it is saved is not enough, since a
 * name can resolve elsewhere later (DNS rebinding), so the address actually connected to is the
 * one checked. Redirects are not followed (a redirect could lead anywhere).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isPrivateAddress } from './addresses.ts';

export type SendResult = { statusCode: number | null; durationMs: number; error: string | null };
export type SendOptions = { allowPrivate: boolean; timeoutMs: number; now?: Date };

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to a private or loopback address (${address})`);
  }
}

/** The headers of one signed message. */
export function signedHeaders(secret: string, messageId: string, body: string, now: Date): Record<string, string> {
  const signature = new Webhook(secret).sign(messageId, now, body);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/** dns.lookup that refuses what `isPrivateAddress` names, unless allowed. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new PrivateAddressError(hostname, bad.address) as NodeJS.ErrnoException, '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** Resolves a host and says whether every address is allowed (used when a webhook is saved). */
export async function checkTarget(url: string, allowPrivate: boolean): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return null;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return null; // an unknown name is not refused here: its deliveries fail, and are logged
    }
  }
  const bad = addresses.find(isPrivateAddress);
  return bad
    ? `This address resolves to a private or loopback network address (${bad}); webhooks may only reach public addresses.`
    : null;
}

export function sendSigned(
  url: string,
  secret: string,
  messageId: string,
  body: string,
  opts: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const u = new URL(url);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'HarrowDrill-Webhooks/1',
    ...signedHeaders(secret, messageId, body, opts.now ?? new Date()),
  };
  const lib = u.protocol === 'https:' ? https : http;
  // A literal IP skips lookup() in Node, so it is checked here.
  const literal = u.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && net.isIP(literal) && isPrivateAddress(literal)) {
    return Promise.resolve({
      statusCode: null,
      durationMs: 0,
      error: new PrivateAddressError(literal, literal).message,
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, durationMs: Math.round(performance.now() - started), error });
    };
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        // Read (and drop) at most 64 KB of the answer; only the status matters.
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 65_536) res.destroy();
        });
        res.on('end', () => done(res.statusCode ?? null, null));
        res.on('close', () => done(res.statusCode ?? null, null));
        res.on('error', () => done(res.statusCode ?? null, null));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', (err) => done(null, err.message.slice(0, 300)));
    req.end(body);
  });
}
