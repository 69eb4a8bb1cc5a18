/**
 * What the request log may say about a URL: the path and the query, with the values of
 * parameters that carry a secret (reset and invitation tokens, keys, link tokens, codes)
 * replaced by "[redacted]". A reset link in the log would let anyone who reads the logs take
 * over the account.
 */
const SECRET_PARAM = /token|key|secret|password|passwd|code|signature|sig$|auth|card|account_number|routing/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // an undecodable name is judged as written
    }
    return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
  });
  return `${path}?${parts.join('&')}`;
}
