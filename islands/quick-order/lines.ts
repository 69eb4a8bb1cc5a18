/** The quick-order lines as the server answers them, and the pure helpers the screen shows them with. */
type Status = 'ok' | 'unknown' | 'not_sold' | 'bad_quantity' | 'duplicate';

export type QuickLine = {
  line: number;
  stockcode: string;
  quantity: number | null;
  quantity_text: string;
  status: Status;
  message: string;
  /** "Does not fit any of your machines" (signed-in customers with machines only). */
  fit_warning?: string;
  product: null | {
    id: number;
    title: string;
    stockcode: string;
    image: string | null;
    priceCents: number;
    currency: string;
    price: string;
    total: string | null;
    stock: { state: string | null; label: string };
  };
};

export type Resolved = { lines: QuickLine[]; count: number; ok_count: number; all_ok: boolean };

/** Rows as shown: the server's verdict and what the person has typed since in the quantity box. */
export type Row = QuickLine & { qty: string };

export const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

export const toRows = (lines: QuickLine[]): Row[] =>
  lines.map((l) => ({ ...l, qty: l.quantity_text || (l.quantity === null ? '' : String(l.quantity)) }));

export const linesOf = (list: Row[]) => list.map((r) => ({ line: r.line, stockcode: r.stockcode, quantity: r.qty }));

export const qtyChanged = (r: Row) =>
  r.qty.trim() !== (r.quantity_text || (r.quantity === null ? '' : String(r.quantity)));
