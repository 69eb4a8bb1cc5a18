/**
 * A request line written by hand over a socket: the target goes out exactly as given (absolute
 * form, `//x`, `%2e`, `;p`…), which no HTTP client library lets through unchanged. The socket is
 * not half-closed after the request (Node's server would abort a request still being answered):
 * `Connection: close` makes the server close it after the answer.
 */
import net from 'node:net';

/** `cookies`: the `name=value` of each Set-Cookie. */
export type RawResponse = { status: number; headers: Record<string, string>; cookies: string[]; body: string };

export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (body || method !== 'GET') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const head = (end === -1 ? text : text.slice(0, end)).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const out: Record<string, string> = {};
      const cookies: string[] = [];
      for (const h of head.slice(1)) {
        const i = h.indexOf(':');
        if (i <= 0) continue;
        const name = h.slice(0, i).trim().toLowerCase();
        out[name] = h.slice(i + 1).trim();
        if (name === 'set-cookie') cookies.push(out[name].split(';')[0]);
      }
      resolve({ status, headers: out, cookies, body: end === -1 ? '' : text.slice(end + 4) });
    });
  });
}
