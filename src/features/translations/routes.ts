/**
 * The translation editor's API (spec §7 Translations), unprefixed:
 *   GET  /translation/{key}?locale=        open an entry (id 0 and '' when none exists)
 *   POST /translation/{field}              save a new version (multipart or urlencoded or JSON)
 *   GET  /translation/{key}/{language}     machine translation of the English text
 * All three need the translations.edit permission.
 */
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { invalid } from '../../domain/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { createTranslator } from '../../providers/translate/index.ts';
import { FieldParam, Language, OpenQuery, SaveBody } from './schemas.ts';
import { TranslationService } from './service.ts';
import { route, routes } from '../../http/route.ts';

export function translationRoutes(
  s: Services,
  translations = new TranslationService(
    s.db,
    s.events,
    createTranslator({ apiKey: s.config.providers.translateApiKey }),
  ),
): Router {
  const r = routes();
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /translation/{key}?locale= */
  route(r, 'get', '/translation/:field', { allow: 'translations.edit' }, async (req, res) => {
    const field = parseInput(FieldParam, req.params.field);
    const { locale } = parseInput(OpenQuery, {
      locale: typeof req.query.locale === 'string' ? req.query.locale : req.locale,
    });
    res.json(await translations.open(field, locale.language, locale.country));
  });

  /** POST /translation/{field} */
  route(r, 'post', '/translation/:field', { allow: 'translations.edit' }, async (req, res) => {
    const field = parseInput(FieldParam, req.params.field);
    const body = parseInput(SaveBody, req.body);
    if (body.field !== undefined && body.field !== '' && body.field !== field)
      throw invalid('The field does not match the address.', { field: 'Does not match.' });
    const reply = await translations.save(field, body, req.user!.id);
    // This process drops its catalogue text at once (the data_change NOTIFY reaches the others), so
    // the next page, even this same visitor's, shows the saved text.
    s.readModel.changed('translations');
    res.json(reply);
  });

  /** GET /translation/{key}/{language} */
  route(r, 'get', '/translation/:field/:language', { allow: 'translations.edit' }, async (req, res) => {
    const field = parseInput(FieldParam, req.params.field);
    const language = parseInput(Language, req.params.language);
    res.json(await translations.machineTranslate(field, language));
  });

  return r;
}
