/** Order search rows and links → view locals. */
import { orderDisplayNumber } from '../../domain/order-number.ts';
import { FILTER_KEYS, ORDER_SORTS, type OrderSearchQuery, type OrderSort } from './schemas.ts';
import { defaultDir, type OrderPage } from './search.ts';

type Query = Partial<Record<string, string | number | undefined>>;

/** A URL of this page with `q`, empty values left out (so shared links stay short). */
export function withQuery(path: string, q: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export function orderSearchView(
  path: string,
  q: OrderSearchQuery,
  page: OrderPage,
  channelCode: (id: number) => string,
) {
  const filters: Query = {};
  for (const k of FILTER_KEYS) filters[k] = q[k] as string | number | undefined;
  const sort: OrderSort = q.sort ?? 'date';
  const dir = q.dir ?? defaultDir(sort);
  const keep = { ...filters, sort: q.sort, dir: q.dir };
  const columns = ORDER_SORTS.map((key) => {
    const active = key === sort;
    const nextDir = active ? (dir === 'asc' ? 'desc' : 'asc') : defaultDir(key);
    return { key, active, dir: active ? dir : null, href: withQuery(path, { ...filters, sort: key, dir: nextDir }) };
  });
  return {
    filters,
    anyFilter: FILTER_KEYS.some((k) => q[k] !== undefined),
    columns: Object.fromEntries(columns.map((c) => [c.key, c])) as Record<OrderSort, (typeof columns)[number]>,
    rows: page.rows.map((r) => ({
      ...r,
      href: `/admin/orders/detail/${r.id}`,
      customer: r.firstName ? `${r.firstName} ${r.lastName}` : null,
      channel: channelCode(r.channelId),
      hasUnpaid: Number(r.unpaid) > 0,
      // "Quote #N" with the buyer's number for a quote, "Order #id" (shown as #id) otherwise.
      display: orderDisplayNumber(r),
    })),
    nextHref: page.next ? withQuery(path, { ...keep, after: page.next }) : null,
    prevHref: page.prev ? withQuery(path, { ...keep, before: page.prev }) : null,
    clearHref: path,
  };
}
