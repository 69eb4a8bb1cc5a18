/**
 * The dealer locator (spec §1, §7 "Location and dealers", §9 places search bounds):
 *   GET  /{locale}/dealers                 the page (?country=&postal_code= works without script)
 *   POST /dealers/set                      form token + location JSON {lat, lng, accuracy} → nearest dealers
 *   POST /{locale}/dealers/set             the same inside a locale
 *   POST /{locale}/dealers/postal          country + postal_code → nearest dealers (the fallback)
 *   POST /{locale}/dealers/geolocate       the maps provider's own geolocation (MAPS_API_KEY)
 * The last position is kept in the session, so a visitor who later refuses location still
 * starts from where they were ("last used", then postal code).
 */
import type { Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { invalid } from '../../domain/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { createGeoProvider, loggingFailures, type GeoProvider } from '../../providers/geolocation/index.ts';
import { DEALER_SERVICES, PageQuery, PostalBody, SetBody } from './schemas.ts';
import { nearestDealers, type Nearest } from './service.ts';
import './session.ts';
import { route, routes } from '../../http/route.ts';

function renderPartial(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) =>
    res.render(view, locals, (err: Error | null, html?: string) => (err ? reject(err) : resolve(html ?? ''))),
  );
}

async function reply(_req: Request, res: Response, result: Nearest) {
  const html = await renderPartial(res, 'dealers/list', { result });
  res.json({ ...result, html });
}

export function dealerRoutes(s: Services, provider: GeoProvider = createGeoProvider(s.config)) {
  // Failures fall back below (an estimate, "postal code unknown"); the log keeps their cause.
  const geo = loggingFailures(provider, s.logger);
  const localized = routes({ mergeParams: true });
  const root = routes();

  const set = async (req: Request, res: Response) => {
    const body = parseInput(SetBody, req.body);
    const origin = { lat: body.location.lat, lng: body.location.lng };
    req.session.dealerLocation = { ...origin, accuracy: body.location.accuracy, source: 'device' };
    await reply(
      req,
      res,
      await nearestDealers(s.db, geo, {
        origin,
        accuracy: body.location.accuracy,
        service: body.service,
        locale: req.locale,
        now: new Date(),
      }),
    );
  };
  /** POST /dealers/set and /{locale}/dealers/set */
  route(root, 'post', '/dealers/set', { allow: 'public' }, set);
  route(localized, 'post', '/dealers/set', { allow: 'public' }, set);

  /** POST /{locale}/dealers/postal */
  route(localized, 'post', '/dealers/postal', { allow: 'public' }, async (req, res) => {
    const body = parseInput(PostalBody, req.body);
    const origin = await geo.geocodePostal(body.country, body.postal_code).catch(() => null);
    if (!origin) {
      const message = req.t('dealers.postal.unknown');
      throw invalid(message, { postal_code: message });
    }
    req.session.dealerLocation = {
      ...origin,
      accuracy: 0,
      source: 'postal',
      postalCode: body.postal_code,
      country: body.country,
    };
    await reply(
      req,
      res,
      await nearestDealers(s.db, geo, { origin, service: body.service, locale: req.locale, now: new Date() }),
    );
  });

  /** POST /{locale}/dealers/geolocate → {location, accuracy} | {location: null} */
  route(localized, 'post', '/dealers/geolocate', { allow: 'public' }, async (_req, res) => {
    const found = await geo.geolocate().catch(() => null);
    res.json(found ?? { location: null, accuracy: null });
  });

  /** GET /{locale}/dealers */
  route(localized, 'get', '/dealers', { allow: 'public' }, dealersPage(s, geo));

  return { localized, root };
}

/** GET /{locale}/dealers: the dealers near a postal code, or near the last location given. */
function dealersPage(s: Services, geo: GeoProvider) {
  return async (req: Request, res: Response) => {
    const q = PageQuery.parse(req.query);
    const last = req.session?.dealerLocation;
    let result: Nearest | null = null;
    let postalError: string | null = null;
    let source: 'postal' | 'last' | null = null;
    if (q.postal_code && (q.country === 'US' || q.country === 'CA')) {
      const origin = await geo.geocodePostal(q.country, q.postal_code).catch(() => null);
      if (origin) {
        result = await nearestDealers(s.db, geo, { origin, service: q.service, locale: req.locale, now: new Date() });
        source = 'postal';
      } else postalError = req.t('dealers.postal.unknown');
    } else if (last) {
      result = await nearestDealers(s.db, geo, {
        origin: { lat: last.lat, lng: last.lng },
        accuracy: last.accuracy,
        service: q.service,
        locale: req.locale,
        now: new Date(),
      });
      source = 'last';
    }
    const listHtml = result ? await renderPartial(res, 'dealers/list', { result }) : '';
    if (wantsJson(req) && result) return void res.json(result);
    await res.page('dealers/index', {
      title: req.t('dealers.title'),
      q,
      result,
      listHtml,
      source,
      postalError,
      services: DEALER_SERVICES,
      canNetworkLocate: geo.name !== 'offline',
      props: {
        last: last ? { lat: last.lat, lng: last.lng } : null,
        origin: result?.origin ?? null,
        dealers: result?.addresses.map((d) => ({ id: d.id, name: d.name, lat: d.lat, lng: d.lng })) ?? [],
      },
    });
  };
}
