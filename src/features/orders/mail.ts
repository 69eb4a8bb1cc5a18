/** The order confirmation mail, through the app's mailer (an .eml file offline, SMTP with SMTP_URL). */
import type { Services } from '../../services.ts';
import { formatMoney, parseCents } from '../../domain/money.ts';
import { isLocale } from '../../i18n/locales.ts';
import { lineTitle } from '../cart/localize.ts';
import { getOrderDetail } from './queries.ts';
import { LINE_TYPES, PAYMENT_TYPES } from '../../domain/constants.ts';

/** `base` is where links point (PUBLIC_URL, else the request's host). */
export async function sendConfirmation(s: Pick<Services, 'db' | 'mailer' | 'texts' | 'catalogText'>, orderId: number, locale: string, base: string): Promise<void> {
  const order = await getOrderDetail(s.db, orderId);
  const to = order?.person?.email;
  if (!order || !to) return;
  const t = s.texts.forLocale(isLocale(locale) ? locale : 'en-us');
  const money = (v: string) => formatMoney(parseCents(v) ?? 0, order.orderCurrency, locale);
  const names = await s.catalogText.forLocale(isLocale(locale) ? locale : 'en-us');
  const lines = order.lines.filter((l) => l.lineType !== LINE_TYPES.PROMOTION).map((l) => `  ${l.quantity} × ${lineTitle(l, names)}${l.stockcode ? ` (${l.stockcode})` : ''}  ${money(l.total)}`);
  const a = order.shipTo;
  const text = [
    t('order.placed.title', { id: order.id }),
    '',
    ...lines,
    '',
    `${t('order.subtotal')}: ${money(order.subtotal)}`,
    ...(Number(order.discount) > 0 ? [`${t('order.discount')}: -${money(order.discount)}`] : []),
    `${t('order.shipping')}: ${money(order.shipping)}`,
    `${t('order.tax')}: ${money(order.tax)}`,
    `${t('order.total')}: ${money(order.total)}`,
    // Paid by invoice on the organisation's terms (issue 25): how, and by when.
    ...(order.paymentType === PAYMENT_TYPES.INVOICE && order.paymentDueOn ? ['', t('order.payment.invoice', { days: (order.thirdPartyInfo as { invoice?: { netDays?: number } } | null)?.invoice?.netDays ?? '' }), t('order.dueBy', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${order.paymentDueOn}T00:00:00Z`)) })] : []),
    '',
    ...(a ? [t('order.shipTo'), `  ${a.firstName} ${a.lastName}`, `  ${a.address1}${a.address2 ? `, ${a.address2}` : ''}`, `  ${a.city} ${a.regionCode} ${a.postalCode} ${a.countryCode}`, ''] : []),
    `${base}/${locale}/orders/${order.id}`,
  ].join('\n');
  await s.mailer.send({ to, subject: t('order.placed.title', { id: order.id }), text });
}
