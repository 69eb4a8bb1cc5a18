/**
 * Staff's changes to a back-ordered line: a new expected day, or the units shipped. Each is one
 * transaction with its audit entry; the customer is mailed once it committed.
 */
import type { Db } from '../../db/client.ts';
import { backorderDayLabel } from '../../domain/back-order.ts';
import { conflict } from '../../domain/errors.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { Services } from '../../services.ts';
import { audit } from '../audit/index.ts';
import { lockWaitingLine, setLineShipOn, setLineShipped, type WaitingLine } from './queries.ts';

const NOT_WAITING = 'This line is not waiting for stock.';

type Mailing = Pick<Services, 'mailer' | 'texts'>;

async function mail(s: Mailing, line: WaitingLine, kind: 'moved' | 'shipped', params: Record<string, string>) {
  if (!line.email) return;
  const t = s.texts.forLocale(isLocale(line.locale) ? line.locale : 'en-us');
  const values = { id: String(line.orderId), title: line.title, ...params };
  await s.mailer.send({
    to: line.email,
    subject: t(`bo.mail.${kind}.subject`, values),
    text: t(`bo.mail.${kind}.body`, values),
  });
}

/** A new expected day for a back-ordered line (audited); the customer is told the day in their language. */
export async function moveShipOn(
  s: Mailing & { db: Db },
  lineId: number,
  day: string,
  by: number,
  now: Date,
): Promise<WaitingLine> {
  const line = await s.db.transaction(async (tx) => {
    const row = await lockWaitingLine(tx, lineId);
    if (!row) throw conflict(NOT_WAITING);
    await setLineShipOn(tx, lineId, day);
    await audit(tx, {
      action: 'backorder.date',
      message: `Expected ship date of ${row.title} on order #${row.orderId} moved to ${day}`,
      userId: by,
      entity: 'order',
      entityId: row.orderId,
      data: { lineId, from: row.shipOn, to: day },
    });
    return row;
  });
  const locale = isLocale(line.locale) ? line.locale : 'en-us';
  await mail(s, line, 'moved', { date: backorderDayLabel(day, locale, now.toISOString().slice(0, 10)) });
  return line;
}

/** The back-ordered units shipped (audited); the customer is told. */
export async function markShipped(s: Mailing & { db: Db }, lineId: number, by: number, now: Date) {
  const line = await s.db.transaction(async (tx) => {
    const row = await lockWaitingLine(tx, lineId);
    if (!row) throw conflict(NOT_WAITING);
    await setLineShipped(tx, lineId, now);
    await audit(tx, {
      action: 'backorder.shipped',
      message: `Back-ordered ${row.title} on order #${row.orderId} shipped`,
      userId: by,
      entity: 'order',
      entityId: row.orderId,
      data: { lineId },
    });
    return row;
  });
  await mail(s, line, 'shipped', {});
  return line;
}
