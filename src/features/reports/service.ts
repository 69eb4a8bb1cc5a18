/**
 * What the report routes call: filters → resolved period → SQL report. Never sees req.
 * Lookups for the filter selects (products, warehouses) are small and cached per call.
 */
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, warehouses } from '../../db/schema/index.ts';
import { invalid } from '../../domain/errors.ts';
import { orderReport, type OrderFilters, type ReportPage } from './queries.ts';
import { PAGE_SIZE, resolvePeriod, type OrderReportQuery, type Period } from './schemas.ts';

export type ResolvedOrderReport = { q: OrderReportQuery; period: Period; filters: OrderFilters };

/** Why: the period rules (defaults, 21-year limit, order) are checked once for screen and CSV alike. */
export function resolveOrderFilters(
  q: OrderReportQuery,
  now: Date,
  channelCodes: readonly string[],
): ResolvedOrderReport {
  const period = resolvePeriod(q.from, q.to, now);
  if ('field' in period) throw invalid(period.message, { [period.field]: period.message });
  if (q.channel && !channelCodes.includes(q.channel))
    throw invalid('Choose a channel from the list.', { channel: 'Choose a channel from the list.' });
  return {
    q,
    period,
    filters: {
      from: period.from,
      toExclusive: period.toExclusive,
      channel: q.channel,
      status: q.status,
      customer: q.customer,
      product: q.product,
      warehouse: q.warehouse,
    },
  };
}

export function orderReportPage(db: DbOrTx, r: ResolvedOrderReport): Promise<ReportPage> {
  return orderReport(db, r.q.group, r.filters, {
    limit: PAGE_SIZE,
    offset: (r.q.page - 1) * PAGE_SIZE,
    sort: r.q.group === 'product' ? 'total' : 'key',
  });
}

/** Why: the CSV is written while it is read, a chunk of groups at a time, with the totals computed by the same statement as the screen's. */
export async function* orderReportChunks(db: DbOrTx, r: ResolvedOrderReport, chunk = 1000): AsyncGenerator<ReportPage> {
  for (let offset = 0; ; offset += chunk) {
    const page = await orderReport(db, r.q.group, r.filters, {
      limit: chunk,
      offset,
      sort: r.q.group === 'product' ? 'total' : 'key',
    });
    yield page;
    if (offset + chunk >= page.totals.groups) return;
  }
}

export async function filterOptions(db: DbOrTx) {
  const [productRows, warehouseRows] = await Promise.all([
    db
      .select({ id: products.id, title: products.title, stockcode: products.stockcode })
      .from(products)
      .orderBy(asc(products.title)),
    db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.name)),
  ]);
  return { products: productRows, warehouses: warehouseRows };
}
