/**
 * Adapter for Google Cloud Translation, basic edition (v2 REST):
 *
 *   POST {baseUrl}/language/translate/v2?key={apiKey}      Content-Type: application/json
 *   { "q": "<p>Hello</p>", "source": "en", "target": "fr", "format": "html" }
 *
 *   200 { "data": { "translations": [ { "translatedText": "<p>Bonjour</p>" } ] } }
 *   4xx/5xx { "error": { "code": 400, "message": "Invalid Value" } }
 *
 * Any failure (network, timeout, non-2xx, unexpected body) becomes TranslateFailedError.
 */
import { z } from 'zod';
import { TranslateFailedError, type TranslateRequest, type Translator } from './types.ts';

export type GoogleTranslateOptions = { apiKey: string; baseUrl?: string; timeoutMs?: number; fetch?: typeof fetch };

const Reply = z.object({ data: z.object({ translations: z.array(z.object({ translatedText: z.string() })).min(1) }) });
const ErrorReply = z.object({ error: z.object({ message: z.string() }) });

export class GoogleTranslate implements Translator {
  readonly name = 'google';
  readonly configured = true;
  private readonly baseUrl: string;

  constructor(private readonly opts: GoogleTranslateOptions) {
    this.baseUrl = (opts.baseUrl ?? 'https://translation.googleapis.com').replace(/\/+$/, '');
  }

  async translate(req: TranslateRequest): Promise<string> {
    const url = `${this.baseUrl}/language/translate/v2?key=${encodeURIComponent(this.opts.apiKey)}`;
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ q: req.text, source: req.from, target: req.to, format: req.format }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new TranslateFailedError(`Translation service unreachable: ${(err as Error).message}`);
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const e = ErrorReply.safeParse(body);
      throw new TranslateFailedError(
        `Translation service answered ${res.status}${e.success ? `: ${e.data.error.message}` : ''}`,
        res.status,
      );
    }
    const parsed = Reply.safeParse(body);
    if (!parsed.success) throw new TranslateFailedError('Translation service sent an unexpected answer');
    return parsed.data.data.translations[0].translatedText;
  }
}
