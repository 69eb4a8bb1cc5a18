/**
 * Channels and countries (spec §7 "Channel and cart", §9 country order).
 *
 * Under /{locale}/: the country chooser page, the channel switch and the address forms' region
 * list. At the root: the lookups scripts call (/api/channel/..., /api/generic-data/...).
 * Channels come from the in-memory ChannelCache (res.locals.channels / s.channels), never a
 * query per request; countries and regions are small indexed reads.
 */
import { localRegions } from '../../domain/place-names.ts';
import type { Router, Request } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { sortCountries } from '../../domain/countries.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  findCountry,
  listCountries,
  listRegions,
  type ChannelInfo,
  type CountryRow,
  type RegionRow,
} from './queries.ts';
import { route, routes } from '../../http/route.ts';

/** Country lookup value: a numeric id or an ISO alpha-2 code. */
const CountryKey = z
  .union([z.string(), z.number()], { message: 'Choose a country.' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^(\d{1,9}|[A-Za-z]{2})$/, 'Choose a country.'));

const SwitchBody = z.object({ country: CountryKey });
const RegionsBody = z.object({ countryCode: CountryKey });

const keyOf = (v: string): { id: number } | { code: string } =>
  /^\d+$/.test(v) ? { id: Number(v) } : { code: v.toUpperCase() };

/** A channel by code ('CA', any case) or by id ('2'): the spec's calls use both. */
function channelBy(list: readonly ChannelInfo[], param: string): ChannelInfo | undefined {
  const v = param.trim();
  return /^\d{1,9}$/.test(v) ? list.find((c) => c.id === Number(v)) : list.find((c) => c.code === v.toUpperCase());
}

/** Does `country` (id or code) belong to the channel? */
function servesCountry(ch: ChannelInfo, country: string): boolean {
  const key = keyOf(country);
  return 'id' in key ? ch.countryIds.includes(key.id) : ch.countryCodes.includes(key.code);
}

/**
 * Countries in the spec's order (US, CA, then by name), each with the channel serving it. Names
 * are shown in the page's language (Intl region names; the stored English name as fallback) and
 * the "by name" part of the order follows the names as shown.
 */
async function countriesWithChannels(
  s: Services,
  intlLocale: string,
): Promise<(CountryRow & { channel: ChannelInfo | null })[]> {
  const [rows, channels] = await Promise.all([listCountries(s.db), s.channels.all()]);
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([intlLocale], { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  const shown = rows.map((c) => ({ ...c, name: names?.of(c.code) ?? c.name }));
  return sortCountries(shown).map((c) => ({
    ...c,
    channel: channels.find((ch) => ch.countryIds.includes(c.id)) ?? null,
  }));
}

/** Regions of a country sorted by name (404 for an unknown country). */
async function regionsOf(db: DbOrTx, key: { id: number } | { code: string }, locale = 'en-us'): Promise<RegionRow[]> {
  const country = await findCountry(db, key);
  if (!country) throw notFound('No such country.');
  // Named in the visitor's language and sorted by those names.
  return localRegions(country.code, await listRegions(db, country.id), locale);
}

/** Where a plain form post goes back to: the same-site page it came from, else the chooser. */
function backTo(req: Request, locale: string): string {
  const fallback = `/${locale}/channel/find`;
  const referer = req.get('referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.host !== req.get('host')) return fallback;
    const path = url.pathname + url.search;
    return path.startsWith('/') && !path.startsWith('//') ? path : fallback;
  } catch {
    return fallback;
  }
}

/** Under /{locale}/ */
export function channelRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  const findPage = async (req: Request) => ({
    title: req.t('channels.find.title'),
    countries: await countriesWithChannels(s, String(req.res?.locals.intlLocale ?? 'en-US')),
  });

  /** GET /{locale}/channel/find — every country with its store; choosing one switches channel. */
  route(r, 'get', '/channel/find', { allow: 'public' }, async (req, res) => {
    await res.page('channels/find', await findPage(req));
  });

  /** A refused switch (a country the channel does not serve): the list again with the message. */
  const findForm = formPage('channels/find', findPage);

  /**
   * POST /{locale}/channel/{channel} body country — switch the session's channel. The channel
   * may be named by code or id; the country (code or id) must be one the channel serves.
   * Scripts get 200 {channel, currency}; a plain form post is sent back where it came from.
   */
  route(r, 'post', '/channel/:channel', { allow: 'public' }, findForm, async (req, res) => {
    const channel = channelBy(await s.channels.all(), String(req.params.channel));
    if (!channel) throw notFound('No such channel.');
    const { country } = parseInput(SwitchBody, req.body);
    if (!servesCountry(channel, country)) {
      throw invalid('That country is not served by this channel.', {
        country: 'That country is not served by this channel.',
      });
    }
    // The cart first: a cart waiting for approval refuses the switch (409), and then the session keeps its channel too.
    await s.onChannelChange?.(req, channel.code);
    req.session.channelCode = channel.code;
    if (wantsJson(req)) return void res.json({ channel: channel.code, currency: channel.currency });
    flash(req, 'success', req.t('channels.switched', { channel: channel.name, currency: channel.currency }));
    res.redirect(303, backTo(req, req.locale));
  });

  /** POST /{locale}/address/get-regions (form or multipart: countryCode) → [{code, name}] by name */
  route(r, 'post', '/address/get-regions', { allow: 'public' }, async (req, res) => {
    const { countryCode } = parseInput(RegionsBody, req.body);
    res.json(await regionsOf(s.db, keyOf(countryCode), req.locale));
  });

  return r;
}

/** Unprefixed (/api/…) */
export function channelApiRoutes(s: Services): Router {
  const r = routes();

  /** GET /api/channel/get/type/1/id/{country_id} → {channel_id}. Type 1 is "by country"; no other type exists. */
  route(r, 'get', '/api/channel/get/type/:type/id/:id', { allow: 'public' }, async (req, res) => {
    if (req.params.type !== '1') throw notFound('Unknown lookup type.');
    const countryId = parseInput(IdParam, req.params.id);
    const channel = (await s.channels.all()).find((c) => c.countryIds.includes(countryId));
    if (!channel) throw notFound('No channel serves that country.');
    res.json({ channel_id: channel.id });
  });

  /** GET /api/generic-data/location/countries → [{id, code, name}] (US, CA, then by name) */
  route(r, 'get', '/api/generic-data/location/countries', { allow: 'public' }, async (_req, res) => {
    res.json(sortCountries(await listCountries(s.db)).map(({ id, code, name }) => ({ id, code, name })));
  });

  /** GET /api/generic-data/location/countries/{id}/regions → [{code, name}] by name */
  route(r, 'get', '/api/generic-data/location/countries/:id/regions', { allow: 'public' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    res.json(await regionsOf(s.db, { id }));
  });

  return r;
}
