/**
 * Machine translation behind one interface (spec §7: GET /translation/{key}/{language}).
 *
 * With TRANSLATE_API_KEY the Google Cloud Translation (v2 REST) adapter answers; without it the
 * offline provider answers every request with TranslateNotConfiguredError, which the route turns
 * into a clear 'not configured' reply. There is deliberately no offline "translation": a copy or
 * a scramble of the English text saved by mistake would ship wrong text to customers.
 */
import { GoogleTranslate } from './google.ts';

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
  return cfg.apiKey ? new GoogleTranslate({ ...cfg, apiKey: cfg.apiKey }) : new NotConfiguredTranslator();
}
