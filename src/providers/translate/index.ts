/**
 * Machine translation behind one interface (spec §7: GET /translation/{key}/{language}).
 *
 * With TRANSLATE_API_KEY the Google Cloud Translation (v2 REST) adapter answers; without it the
 * offline translator (./offline.ts) translates the interface's own vocabulary from the shipped
 * catalogue and leaves other words as they are. Its answers are labelled offline, so the person
 * in the editor knows to check the text before saving it.
 */
import { GoogleTranslate } from './google.ts';
import { OfflineTranslator } from './offline.ts';
import { catalog } from '../../i18n/catalog.ts';
import type { Translator } from './types.ts';

export * from './types.ts';

export type TranslatorConfig = { apiKey?: string; baseUrl?: string; timeoutMs?: number; fetch?: typeof fetch };

export function createTranslator(cfg: TranslatorConfig): Translator {
  return cfg.apiKey
    ? new GoogleTranslate({ ...cfg, apiKey: cfg.apiKey })
    : new OfflineTranslator(catalog as Record<string, Record<string, string>>);
}

export { OfflineTranslator };
