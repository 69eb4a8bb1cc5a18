/**
 * The customer's address edit (spec §2 "customer address edit"), the same form as checkout's
 * new address (islands/checkout/address-form.tsx), under /{locale}/:
 *   GET  /account/addresses/new, /account/addresses/{id}/edit   the form (island 'address-edit')
 *   POST /account/addresses, /account/addresses/{id}             save (form or JSON; scripts get JSON)
 * Only the owner's addresses; another user's id answers 404.
 */
import { localCountries, localRegions } from '../../domain/place-names.ts';
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { sortCountries } from '../../domain/countries.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { flash, requireChannel } from '../../http/context.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { en as checkoutText } from '../../i18n/text/checkout.ts';
import { findCountry, listCountries, listRegions } from '../../features/channels/index.ts';
import { saveOwnAddress } from './customer-info.ts';
import { ownAddress } from './queries.ts';
import { addressFrom } from '../../domain/checkout-input.ts';
import { addressJson } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

export function addressRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  const page = async (req: Request, res: Response, id: number | null) => {
    const a = id === null ? undefined : await ownAddress(s.db, req.user!.id, id);
    if (id !== null && !a) throw notFound();
    const countries = sortCountries(localCountries(await listCountries(s.db), req.locale));
    const code = a?.countryCode ?? requireChannel(res).countryCodes[0];
    const country = await findCountry(s.db, { code });
    const regions = country ? localRegions(country.code, await listRegions(s.db, country.id), req.locale) : [];
    const labels = Object.fromEntries(
      Object.keys(checkoutText).map((k) => [k.replace(/^checkout\./, ''), req.t(k as never)]),
    );
    await res.page('checkout/address-edit', {
      title: a ? req.t('checkout.editAddress') : req.t('checkout.addNew'),
      props: {
        locale: req.locale,
        action: a ? `/${req.locale}/account/addresses/${a.id}` : `/${req.locale}/account/addresses`,
        back: `/${req.locale}/account`,
        address: a ? addressJson(a) : null,
        country: code,
        countries: countries.map((c) => ({ id: c.id, code: c.code, name: c.name })),
        regions,
        labels,
      },
    });
  };

  const save = async (req: Request, res: Response, id: number | null) => {
    const userId = req.user!.id;
    const parsed = addressFrom((req.body ?? {}) as Record<string, unknown>, '');
    if (!parsed.data || Object.keys(parsed.fields).length)
      throw invalid(Object.values(parsed.fields)[0] ?? 'Please correct the highlighted fields.', parsed.fields);
    const saved = await saveOwnAddress(s.db, userId, id, parsed.data);
    if (wantsJson(req)) return void res.status(id === null ? 201 : 200).json({ address: addressJson(saved) });
    flash(req, 'success', req.t('checkout.saved'));
    res.redirect(303, `/${req.locale}/account`);
  };

  /** GET /{locale}/account/addresses/new */
  route(r, 'get', '/account/addresses/new', { allow: 'signed-in' }, (req, res) => page(req, res, null));
  /** GET /{locale}/account/addresses/{id}/edit */
  route(
    r,
    'get',
    '/account/addresses/:id/edit',
    { allow: 'signed-in', note: 'own address; 404 otherwise' },
    (req, res) => page(req, res, parseInput(IdParam, req.params.id)),
  );
  /** POST /{locale}/account/addresses */
  route(r, 'post', '/account/addresses', { allow: 'signed-in' }, (req, res) => save(req, res, null));
  /** POST /{locale}/account/addresses/{id} */
  route(r, 'post', '/account/addresses/:id', { allow: 'signed-in', note: 'own address; 404 otherwise' }, (req, res) =>
    save(req, res, parseInput(IdParam, req.params.id)),
  );
  return r;
}
