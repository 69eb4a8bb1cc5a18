/** Quick order verdicts → the JSON each line shows (messages in the visitor's language) and the island's labels. */
import { formatMoney } from '../../domain/money.ts';
import { QUICK_ORDER_MAX_LINES } from '../../domain/quick-order.ts';
import type { QuickVerdict } from './service.ts';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** The availability words a line shows: the catalog's badge for the same add-to-cart state. */
function stockKind(v: QuickVerdict): string | null {
  const a = v.product?.availability;
  if (!a) return null;
  if (a.state.enabled && a.state.resupplyDate) return 'resupply';
  if (a.state.backorder) return 'backorder';
  if (a.state.enabled) return a.stockOnHand === null ? 'non_stock' : 'in_stock';
  return a.state.reason ?? 'price';
}

function message(v: QuickVerdict, t: T): string {
  switch (v.status) {
    case 'ok':
      return '';
    case 'unknown':
      return v.stockcode === ''
        ? t('quick.msg.missing')
        : t('quick.msg.unknown', { code: v.stockcode, interpolation: { escapeValue: false } });
    case 'not_sold':
      return t(`cart.error.${v.reason ?? 'price'}`);
    case 'bad_quantity':
      return t('quick.msg.quantity');
    case 'duplicate':
      return t('quick.msg.duplicate', { line: v.firstLine });
  }
}

export type QuickLineJson = ReturnType<typeof lineJson>;

export function lineJson(
  v: QuickVerdict,
  ctx: {
    t: T;
    locale: string;
    productName: (id: number, title: string) => string;
    formatDate: (d: string) => string;
    /** The part's fitment excludes every machine the signed-in customer has (absent: nobody's machines). */
    fitsNone?: (productId: number) => boolean;
  },
) {
  const p = v.product;
  // A warning, not a refusal: the part can still be ordered (for a machine not on file).
  const misfit = p && ctx.fitsNone?.(p.id);
  const kind = stockKind(v);
  const quantity = v.quantity;
  return {
    line: v.line,
    stockcode: v.stockcode,
    quantity,
    quantity_text: v.quantityText,
    status: v.status,
    ...(v.reason ? { reason: v.reason } : {}),
    message: message(v, ctx.t),
    ...(misfit ? { fit_warning: ctx.t('fits.none') } : {}),
    product: p && {
      id: p.id,
      title: ctx.productName(p.id, p.title),
      stockcode: p.stockcode,
      image: p.image,
      priceCents: p.unitCents,
      currency: p.currency,
      price: formatMoney(p.unitCents, p.currency, ctx.locale),
      total:
        quantity !== null && quantity > 0 && v.status === 'ok'
          ? formatMoney(p.unitCents * quantity, p.currency, ctx.locale)
          : null,
      stock: {
        state: kind,
        on_hand: p.availability.stockOnHand,
        resupply_date: p.availability.resupplyDate,
        label:
          kind === 'resupply'
            ? ctx.t('catalog.badge.resupply', { date: ctx.formatDate(p.availability.resupplyDate ?? '') })
            : kind === 'non_stock'
              ? ctx.t('catalog.badge.in_stock')
              : ctx.t(`catalog.badge.${kind}`),
      },
    },
  };
}

export function resolveJson(lines: QuickLineJson[]) {
  const ok = lines.filter((l) => l.status === 'ok').length;
  return { lines, count: lines.length, ok_count: ok, all_ok: lines.length > 0 && ok === lines.length };
}

const LABELS = [
  'text',
  'text.hint',
  'csv',
  'csv.hint',
  'csv.tooLarge',
  'csv.unreadable',
  'check',
  'checking',
  'recheck',
  'clear',
  'table',
  'col.line',
  'col.part',
  'col.product',
  'col.qty',
  'col.price',
  'col.total',
  'col.stock',
  'col.status',
  'col.actions',
  'ready',
  'qtyFor',
  'fix',
  'fix.placeholder',
  'remove',
  'removeLine',
  'summary',
  'add_one',
  'add_other',
  'adding',
  'fixFirst',
] as const;

export type QuickOrderProps = {
  resolveUrl: string;
  addUrl: string;
  typeaheadUrl: string;
  maxLines: number;
  labels: Record<string, string>;
};

/** The island's props: its endpoints and every label in the page's language (placeholders left for the island). */
export function islandProps(locale: string, t: T): QuickOrderProps {
  const keep = { line: '{{line}}', count: '{{count}}', ok: '{{ok}}', interpolation: { escapeValue: false } };
  return {
    resolveUrl: `/${locale}/quick-order/resolve`,
    addUrl: `/${locale}/quick-order/add`,
    typeaheadUrl: `/${locale}/search/typeahead`,
    maxLines: QUICK_ORDER_MAX_LINES,
    labels: Object.fromEntries(LABELS.map((k) => [k, t(`quick.${k}`, keep)])),
  };
}
