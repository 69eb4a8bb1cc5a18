/**
 * Setting up the visitors a benchmark plays (before any measuring): an anonymous returning
 * visitor, a signed-in customer, shoppers with a cart line of their own. Plain fetch, with a
 * tiny cookie jar.
 */
export type Visitor = { cookie: string; csrf: string };

export function cookieOf(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0];
    jar.set(pair.split('=')[0], pair);
  }
  return [...jar.values()].join('; ');
}

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];

/**
 * A visitor who has been here before but holds nothing: the signed CSRF cookie from a first page
 * view, no session (reading pages creates none).
 */
export async function anonymousVisitor(base: string): Promise<Visitor> {
  const res = await fetch(`${base}/en-us/`);
  const csrf = csrfOf(await res.text());
  const cookie = cookieOf(res);
  if (res.status !== 200 || !csrf || !cookie)
    throw new Error(`landing page: HTTP ${res.status}, csrf ${!!csrf}, cookie ${!!cookie}`);
  if (/hd\.sid=/.test(cookie)) throw new Error('an anonymous page view created a session');
  return { cookie, csrf };
}

/**
 * What a browser sends with a page request (Chromium's Accept and Accept-Encoding): pages are
 * measured as people get them, compressed. The bench keeps one row without compression beside it.
 */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
} as const;

export const scriptHeaders = (v: Visitor) => ({
  cookie: v.cookie,
  'x-csrf-token': v.csrf,
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json',
  'content-type': 'application/x-www-form-urlencoded',
});

/** A demo account signed in through the form, with the flash message of the sign-in already shown. */
export async function signedIn(base: string, email: string, password: string): Promise<Visitor> {
  const v = await anonymousVisitor(base);
  const res = await fetch(`${base}/en-us/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, _csrf: v.csrf }).toString(),
  });
  if (res.status !== 303) throw new Error(`sign-in as ${email}: HTTP ${res.status}`);
  const cookie = cookieOf(res, v.cookie);
  // The secret rotates at sign-in: read the new token (this view also takes the welcome flash).
  const page = await fetch(`${base}/en-us/`, { headers: { cookie } });
  const csrf = csrfOf(await page.text());
  if (!csrf) throw new Error('no CSRF token after sign-in');
  return { cookie: cookieOf(page, cookie), csrf };
}

/** A shopper with a session and one cart line of `productId`; `path` is the line's URL. */
export async function shopper(base: string, productId: number): Promise<Visitor & { linePath: string }> {
  const v = await anonymousVisitor(base);
  const add = await fetch(`${base}/en-us/cart/add/inline`, {
    method: 'POST',
    headers: scriptHeaders(v),
    body: `product_id=${productId}&quantity=1`,
  });
  const added = (await add.json()) as { line?: { order_line_item_id: number }; error?: unknown };
  if (add.status !== 200 || !added.line)
    throw new Error(`POST /en-us/cart/add/inline: HTTP ${add.status} ${JSON.stringify(added)}`);
  return { cookie: cookieOf(add, v.cookie), csrf: v.csrf, linePath: `/en-us/cart/${added.line.order_line_item_id}` };
}
