/**
 * Overdue invoice reminders, a graphile-worker task on a daily crontab line run by the
 * app's job queue (webhooks/worker.ts). Each open invoice past its due date is mailed to its
 * customer, in the language the order was placed in, at most once a day: the order's
 * last_reminded_at is claimed (a conditional UPDATE) before the mail goes, so two runs at once
 * never both mail, and given back if the mail fails so the next run tries again.
 */
import { formatDate } from '../../domain/dates.ts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { formatMoney, toCents } from '../../domain/money.ts';
import { daysOverdue, isoDay, reminderDue } from '../../domain/terms.ts';
import type { Texts } from '../../i18n/index.ts';
import { isLocale } from '../../i18n/locales.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { audit } from '../audit/index.ts';
import {
  claimReminder,
  type DueCursor,
  type DueInvoice,
  dueInvoices,
  orderLocale,
  releaseReminder,
} from './queries.ts';

export const INVOICE_REMINDER_TASK = 'invoices_remind';
/** Every day at 14:00 UTC (the morning in the shop's time zones). */
export const INVOICE_REMINDER_CRONTAB = `0 14 * * * ${INVOICE_REMINDER_TASK}`;

export type ReminderDeps = {
  db: Db;
  mailer: Mailer;
  texts: Pick<Texts, 'forLocale'>;
  logger?: Logger;
  publicUrl?: string;
};

const DAY_MS = 86_400_000;

/** Overdue invoices read per round trip by the job (it walks all of them, batch after batch). */
export const REMINDER_BATCH_SIZE = 200;

/**
 * One pass: mails each overdue invoice not reminded in the last 24 hours. `now` is passed in (tests
 * fix it). Every overdue invoice is visited, in keyset batches of `batchSize` by (due date, id):
 * a claim changes neither, so the walk neither skips nor repeats a row.
 */
export async function remindOverdueInvoices(
  deps: ReminderDeps,
  now = new Date(),
  opts: { batchSize?: number } = {},
): Promise<{ mailed: number[]; skipped: number }> {
  const batchSize = Math.max(1, Math.trunc(opts.batchSize ?? REMINDER_BATCH_SIZE));
  const mailed: number[] = [];
  let skipped = 0;
  let after: DueCursor | undefined;
  for (;;) {
    const batch = await dueInvoices(deps.db, { overdueBefore: isoDay(now), after, limit: batchSize });
    for (const inv of batch) {
      const outcome = await remindOne(deps, inv, now);
      if (outcome === 'mailed') mailed.push(inv.id);
      else if (outcome === 'skipped') skipped++;
    }
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) break;
    after = { dueOn: last.dueOn, id: last.id };
  }
  return { mailed, skipped };
}

/** Claims, mails and audits one invoice's reminder: skipped when not due or already claimed, failed when the mail failed (claim given back). */
async function remindOne(deps: ReminderDeps, inv: DueInvoice, now: Date): Promise<'mailed' | 'skipped' | 'failed'> {
  if (!inv.email || !reminderDue(inv.dueOn, inv.lastRemindedAt, now)) return 'skipped';
  if (!(await claimReminder(deps.db, inv.id, now, new Date(now.getTime() - DAY_MS)))) return 'skipped';
  const stored = await orderLocale(deps.db, inv.id);
  const locale = isLocale(stored) ? stored : 'en-us';
  const t = deps.texts.forLocale(locale) as unknown as (key: string, vars?: Record<string, unknown>) => string;
  const money = (v: string) => formatMoney(toCents(v), inv.currency, locale);
  const days = daysOverdue(inv.dueOn, now);
  const date = formatDate(inv.dueOn, locale, { dateStyle: 'long' });
  const subject = t('terms.reminder.subject', { id: inv.id });
  const text = [
    t('terms.reminder.body', { id: inv.id, total: money(inv.total), date, count: days, owed: money(inv.owed) }),
    '',
    ...(deps.publicUrl ? [`${deps.publicUrl}/${locale}/orders/${inv.id}`] : []),
  ].join('\n');
  try {
    await deps.mailer.send({ to: inv.email, subject, text });
  } catch (err) {
    await releaseReminder(deps.db, inv.id, now, inv.lastRemindedAt);
    deps.logger?.error(
      { err, orderId: inv.id, source: 'invoices' },
      'overdue invoice reminder not sent: tried again next run',
    );
    return 'failed';
  }
  const summary = `Reminder for overdue invoice ${inv.id} mailed to ${inv.email} (due ${inv.dueOn}, ${days} days overdue, ${formatMoney(toCents(inv.owed), inv.currency, 'en-US')} unpaid)`;
  await audit(deps.db, {
    action: 'order.invoice_reminder',
    entity: 'order',
    entityId: inv.id,
    message: summary,
    data: { dueOn: inv.dueOn, daysOverdue: days, owed: inv.owed },
  });
  return 'mailed';
}

/** The task for the job queue: `depsOf` answers once the app is built. */
export function invoiceTasks(depsOf: () => ReminderDeps | undefined) {
  return {
    [INVOICE_REMINDER_TASK]: async () => {
      const d = depsOf();
      if (!d) throw new Error('the app is not ready for invoice reminders yet');
      const r = await remindOverdueInvoices(d);
      if (r.mailed.length)
        d.logger?.info({ source: 'invoices', mailed: r.mailed.length }, 'overdue invoice reminders mailed');
    },
  };
}
