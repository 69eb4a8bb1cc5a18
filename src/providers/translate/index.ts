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

export type TranslateRequest = {
  text: string;
  /** Language codes, e.g. 'en' → 'fr'. */
  from: string;
  to: string;
  /** 'html' keeps markup (tags are not translated), 'text' for plain strings. */
  format: 'html' | 'text';
};

export interface Translator {
  /** 'google' or 'none'; shown on the services page. */
  readonly name: string;
  readonly configured: boolean;
  /** True for the offline glossary translator: its answers are labelled as such. */
  readonly offline?: boolean;
  translate(req: TranslateRequest): Promise<string>;
}

/** No provider is set up: the interface says so instead of inventing text. */
export class TranslateNotConfiguredError extends Error {
  readonly code = 'not_configured';
  constructor() {
    super('Machine translation is not configured: set TRANSLATE_API_KEY to enable it.');
    this.name = 'TranslateNotConfiguredError';
  }
}

/** The service refused or failed (network, 4xx/5xx, unreadable answer). */
export class TranslateFailedError extends Error {
  readonly code = 'translate_failed';
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'TranslateFailedError';
  }
}

export class NotConfiguredTranslator implements Translator {
  readonly name = 'none';
  readonly configured = false;
  async translate(): Promise<string> {
    throw new TranslateNotConfiguredError();
  }
}

export type TranslatorConfig = { apiKey?: string; baseUrl?: string; timeoutMs?: number; fetch?: typeof fetch };

export function createTranslator(cfg: TranslatorConfig): Translator {
  return cfg.apiKey ? new GoogleTranslate({ ...cfg, apiKey: cfg.apiKey }) : new OfflineTranslator(catalog as Record<string, Record<string, string>>);
}

export { OfflineTranslator };
