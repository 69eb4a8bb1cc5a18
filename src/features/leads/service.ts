/**
 * Leads: a prospect's details checked against the bot check and the country's regions, stored
 * with an audit entry; the account-exists lookup for staff; the staff's list. Never sees req.
 */
import { invalid, notFound, type FieldErrors } from '../../domain/errors.ts';
import { sortCountries } from '../../domain/countries.ts';
import { checkDateField, DATE_FIELD_MESSAGES } from '../../domain/date-field.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CaptchaProvider } from '../../providers/captcha/index.ts';
import { audit } from '../audit/index.ts';
import { accountByEmail, countryList, dealerSummary, insertLead, regionsOfCountry, setLeadStatus } from './queries.ts';
import type { LeadBody } from './schemas.ts';

export const BOT_MESSAGE = 'We could not confirm you are not a robot. Please try again.';
export const DEALER_GONE_MESSAGE = 'Choose a dealer from the dealer finder.';

export async function formOptions(db: DbOrTx, countryCode: string) {
  const [list, regionRows] = await Promise.all([countryList(db), regionsOfCountry(db, countryCode)]);
  return { countries: sortCountries(list), regions: regionRows };
}

/** The dealer a visitor chose in the dealer finder, as the form names it (undefined when unknown). */
export const chosenDealer = (db: DbOrTx, id: number | undefined) =>
  id ? dealerSummary(db, id) : Promise.resolve(undefined);

export async function createLead(
  db: Db,
  captcha: CaptchaProvider,
  input: LeadBody,
  ctx: { userId: number | null; remoteIp?: string; now: Date },
) {
  // A staff member entering a lead by hand is trusted; everyone else passes the bot check.
  if (ctx.userId === null) {
    const verdict = await captcha.verify({
      token: input.recaptchaToken,
      key: input.recaptchaKey,
      action: 'submit',
      remoteIp: ctx.remoteIp,
      now: ctx.now,
    });
    if (!verdict.ok || input.website) throw invalid(BOT_MESSAGE, { recaptchaToken: BOT_MESSAGE }, 'bot_check');
  }
  return db.transaction(async (tx) => {
    const regions = await regionsOfCountry(tx, input.country);
    const fields: FieldErrors = {};
    const countries = await countryList(tx);
    if (!countries.some((c) => c.code === input.country)) fields.country = 'Choose a country from the list.';
    else if (regions.length && !input.region) fields.region = 'Choose a region.';
    else if (input.region && !regions.some((r) => r.code === input.region!.toUpperCase()))
      fields.region = 'Choose a region of the selected country.';
    const visit = input.visitOn ? checkDateField(input.visitOn, ctx.now) : null;
    if (visit && !visit.ok) fields.visitOn = DATE_FIELD_MESSAGES[visit.error];
    if (input.dealer !== undefined && !(await dealerSummary(tx, input.dealer))) fields.dealer = DEALER_GONE_MESSAGE;
    if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
    const id = await insertLead(tx, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      company: input.company ?? null,
      countryCode: input.country,
      regionCode: input.region?.toUpperCase() ?? null,
      message: input.message ?? null,
      visitOn: visit?.ok ? visit.iso : null,
      status: 'new',
      createdBy: ctx.userId,
      dealerId: input.dealer ?? null,
    });
    await audit(tx, {
      action: 'lead.create',
      entity: 'lead',
      entityId: id,
      userId: ctx.userId,
      message: `Lead ${input.firstName} ${input.lastName} <${input.email}>`,
    });
    return id;
  });
}

/** Spec §7: {exists, url, name}. */
export async function accountExists(db: DbOrTx, email: string, locale: string) {
  const a = await accountByEmail(db, email);
  if (!a) return { exists: false, url: null, name: null };
  const name = `${a.personFirst ?? a.firstName} ${a.personLast ?? a.lastName}`.trim();
  return { exists: true, url: `/account/dashboard/customers?q=${encodeURIComponent(email)}&locale=${locale}`, name };
}

export async function changeLeadStatus(db: Db, id: number, status: string, userId: number) {
  return db.transaction(async (tx) => {
    const rows = await setLeadStatus(tx, id, status);
    if (!rows.length) throw notFound('That lead does not exist.');
    await audit(tx, {
      action: 'lead.status',
      entity: 'lead',
      entityId: id,
      userId,
      message: `Lead status set to ${status}`,
      data: { status },
    });
  });
}
