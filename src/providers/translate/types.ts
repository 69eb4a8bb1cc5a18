/** The translator's interface and errors, imported by the adapters and re-exported by ./index.ts. */
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
  constructor(
    message: string,
    readonly status?: number,
  ) {
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
