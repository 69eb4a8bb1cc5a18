/**
 * Back orders (pure): a part out of stock everywhere can still be ordered when its product allows
 * it; the units no warehouse has are back-ordered and shown with the day they are expected to ship.
 *
 *   expected day  the earliest restock staff expect (a purchase order's quantity arriving at an
 *                 active warehouse) from today on; else today + the shortest lead time among the
 *                 active warehouses that set one; else unknown (null: "back-ordered", no day).
 *   units         what a line asks for beyond the free stock of the channel (never below 0).
 *   allocation    checkout's allocation leaves such units "short"; a back-orderable line's short
 *                 units go with the first warehouse used (else the channel's first), as items of
 *                 their own that reserve no stock, so shipping is quoted for the whole order.
 */
import { addDays, isoDay, parseIsoDay } from './calendar.ts';
import type { Allocation, StockLine, WarehouseItem } from './checkout.ts';
import { formatDate } from './dates.ts';

export type RestockExpectation = { warehouseId: number; quantity: number; expectedOn: string };
export type BackorderWarehouse = { id: number; active: boolean; leadTimeDays: number | null };

/** The day back-ordered units of a part are expected to ship ('YYYY-MM-DD'), or null when nobody knows. */
export function expectedShipDate(input: {
  expectations: readonly RestockExpectation[];
  warehouses: readonly BackorderWarehouse[];
  today: string;
}): string | null {
  const today = parseIsoDay(input.today);
  if (!today) return null;
  const active = new Set(input.warehouses.filter((w) => w.active).map((w) => w.id));
  const coming = input.expectations
    .filter(
      (e) => e.quantity > 0 && active.has(e.warehouseId) && parseIsoDay(e.expectedOn) && e.expectedOn >= input.today,
    )
    .map((e) => e.expectedOn)
    .sort();
  if (coming.length) return coming[0];
  const leads = input.warehouses
    .filter((w) => w.active && w.leadTimeDays !== null && Number.isInteger(w.leadTimeDays) && w.leadTimeDays >= 0)
    .map((w) => w.leadTimeDays as number);
  return leads.length ? isoDay(addDays(today, Math.min(...leads))) : null;
}

/** Units of a line of `quantity` that the channel's free stock cannot send now. */
export function backorderedUnits(quantity: number, free: number): number {
  return Math.max(0, Math.trunc(quantity) - Math.max(0, Math.trunc(free)));
}

/**
 * The expected day as people read it in `locale`: '12 March' / 'March 12' (the year only when it
 * is not this year's, `today` saying which that is).
 */
export function backorderDayLabel(day: string, locale: string, today: string): string {
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return formatDate(day, locale, sameYear ? { day: 'numeric', month: 'long' } : { dateStyle: 'long' });
}

/** An allocation whose back-orderable short lines ship with the order: `backordered` lists their items. */
export type BackorderAllocation = { allocation: Allocation; backordered: (WarehouseItem & { warehouseId: number })[] };

/** Why: checkout quotes and places a back-ordered line as if it shipped, reserving only what exists. */
export function withBackorders(
  allocation: Allocation,
  lines: readonly StockLine[],
  warehouseIds: readonly number[],
  backorderable: (productId: number) => boolean,
): BackorderAllocation {
  const home = allocation.warehouses[0]?.warehouseId ?? warehouseIds[0];
  const backordered: BackorderAllocation['backordered'] = [];
  const short: Allocation['short'] = [];
  for (const s of allocation.short) {
    const line = lines.find((l) => l.lineId === s.lineId);
    if (line && home !== undefined && backorderable(line.productId))
      backordered.push({ lineId: s.lineId, productId: line.productId, quantity: s.missing, warehouseId: home });
    else short.push(s);
  }
  if (!backordered.length) return { allocation, backordered };
  const warehouses = allocation.warehouses.map((w) => ({ ...w, items: [...w.items] }));
  let target = warehouses.find((w) => w.warehouseId === home);
  if (!target) {
    target = { warehouseId: home as number, items: [] };
    warehouses.unshift(target);
  }
  // The same objects: placement tells a back-ordered item from a stocked one by identity.
  for (const b of backordered) target.items.push(b);
  return { allocation: { warehouses, short }, backordered };
}

/** The keys of the back-order note (src/i18n/text/backorders.ts). */
export type BackorderNoteKey = 'backorder.expected' | 'backorder.noDate';

/** "Back-ordered, expected to ship around 12 March" in the visitor's language, or without a day when none is known. */
export function backorderNote(
  shipOn: string | null,
  today: string,
  locale: string,
  t: (key: BackorderNoteKey, params?: Record<string, string>) => string,
): string {
  return shipOn ? t('backorder.expected', { date: backorderDayLabel(shipOn, locale, today) }) : t('backorder.noDate');
}
