/** The order confirmation mail, through the app's mailer (an .eml file offline, SMTP with SMTP_URL). */
import { formatDate } from '../../domain/dates.ts';
import { shipmentNoteOf } from '../../domain/split-shipment.ts';
import type { Services } from '../../services.ts';
import { isLocale } from '../../i18n/locales.ts';
import { lineTitle } from '../cart/index.ts';
import { getOrderDetail } from './queries.ts';
import { PAYMENT_TYPES } from '../../domain/constants.ts';
import { orderFiguresView, promotionRules } from './figures.ts';
import { optionText, shownLineOptions } from './line-options.ts';

/**
 * `base` is where links point (PUBLIC_URL, else the request's host). A guest's order
 * adds `extra` lines (the "create an account" link) instead of the order's link, which needs an account.
 */
export async function sendConfirmation(
  s: Pick<Services, 'db' | 'mailer' | 'texts' | 'catalogText'>,
  orderId: number,
  locale: string,
  base: string,
  guest?: { extra: string[] },
): Promise<void> {
  const order = await getOrderDetail(s.db, orderId);
  const to = order?.person?.email;
  if (!order || !to) return;
  const t = s.texts.forLocale(isLocale(locale) ? locale : 'en-us');
  const names = await s.catalogText.forLocale(isLocale(locale) ? locale : 'en-us');
  // The one ledger's figures: each line quantity × list unit = list total, its discounts
  // beneath it, then the order's rows, which add up to the total.
  const figures = orderFiguresView(
    { ...order, lines: order.lines.map((l) => ({ ...l, title: lineTitle(l, names) })) },
    await promotionRules(s.db, order.lines),
    { t: t as never, locale },
  );
  const options = await shownLineOptions(
    s.db,
    names,
    order.lines.map((l) => l.id),
  ); // each line's configured options
  const lines = figures.lines.flatMap((l) => [
    `  ${l.quantity} × ${l.title}${l.stockcode ? ` (${l.stockcode})` : ''}  ${l.quantity} × ${l.unit} = ${l.listTotal}`,
    ...(options.get(l.id) ?? []).map((o) => `      ${optionText(o)}`),
    ...l.discounts.map((d) => `      ${d.label}: ${d.amount}`),
  ]);
  const a = order.shipTo;
  const shipping = shipmentNoteOf(order, locale, t as never); // back-ordered: in parts or together
  const text = [
    t('order.placed.title', { id: order.id }),
    '',
    ...(order.machineDown ? [t('md.placed'), ''] : []),
    ...(shipping ? [shipping, ''] : []),
    ...lines,
    '',
    ...figures.rows.map((r) => `${r.label}: ${r.amount}`),
    `${figures.totalLabel}: ${figures.total}`,
    // Paid by invoice on the organisation's terms: how, and by when.
    ...(order.paymentType === PAYMENT_TYPES.INVOICE && order.paymentDueOn
      ? [
          '',
          t('order.payment.invoice', {
            days: (order.thirdPartyInfo as { invoice?: { netDays?: number } } | null)?.invoice?.netDays ?? '',
          }),
          t('order.dueBy', {
            date: formatDate(order.paymentDueOn, locale, { dateStyle: 'long' }),
          }),
        ]
      : []),
    '',
    ...(a
      ? [
          t('order.shipTo'),
          `  ${a.firstName} ${a.lastName}`,
          `  ${a.address1}${a.address2 ? `, ${a.address2}` : ''}`,
          `  ${a.city} ${a.regionCode} ${a.postalCode} ${a.countryCode}`,
          '',
        ]
      : []),
    ...(guest ? guest.extra : [`${base}/${locale}/orders/${order.id}`]),
  ].join('\n');
  await s.mailer.send({ to, subject: t('order.placed.title', { id: order.id }), text });
}
