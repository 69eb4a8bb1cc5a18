/**
 * Split shipment (pure): an order with back-ordered units either ships what is in stock now and
 * the rest when it arrives (split), or everything together once all of it is in (the default).
 * Shipping is charged once either way: the choice changes when parcels leave, not the price.
 *
 *   offered     only when some line has back-ordered units; otherwise the choice means nothing
 *               and placement stores false.
 *   together    the order ships on the latest back-order day of its lines; when any back-ordered
 *               line has no known day, nobody knows the order's day either (null).
 */
import { formatDate } from './dates.ts';

export type BackorderedLine = {
  backorderedQuantity: number;
  backorderShipOn: string | null;
  /** Set when staff shipped the back-ordered units: that line waits no more. */
  backorderShippedAt?: Date | string | null;
};
export type ShipmentPlan = { split: boolean; shipsOn: string | null };

/** The order's shipment plan, or null when nothing of it is back-ordered (or waiting any more). */
export function shipmentPlan(splitShipment: boolean, lines: readonly BackorderedLine[]): ShipmentPlan | null {
  const waiting = lines.filter((l) => l.backorderedQuantity > 0 && !l.backorderShippedAt);
  if (!waiting.length) return null;
  if (splitShipment) return { split: true, shipsOn: null };
  const days = waiting.map((l) => l.backorderShipOn);
  if (days.some((d) => d === null)) return { split: false, shipsOn: null };
  return { split: false, shipsOn: (days as string[]).sort().at(-1) ?? null };
}

export type ShipmentPlanKey = 'split.placed.split' | 'split.placed.together' | 'split.placed.togetherNoDate';

/** "Ships together around March 12" / "Ships in parts: …" in the reader's language. */
export function shipmentPlanNote(
  plan: ShipmentPlan,
  locale: string,
  t: (key: ShipmentPlanKey, params?: Record<string, string>) => string,
): string {
  if (plan.split) return t('split.placed.split');
  if (!plan.shipsOn) return t('split.placed.togetherNoDate');
  return t('split.placed.together', { date: formatDate(plan.shipsOn, locale, { dateStyle: 'long' }) });
}

/** The note an order with back-ordered units shows (page, mail), or null when nothing is back-ordered. */
export function shipmentNoteOf(
  order: { splitShipment: boolean; lines: readonly BackorderedLine[] },
  locale: string,
  t: (key: ShipmentPlanKey, params?: Record<string, string>) => string,
): string | null {
  const plan = shipmentPlan(order.splitShipment, order.lines);
  return plan ? shipmentPlanNote(plan, locale, t) : null;
}
