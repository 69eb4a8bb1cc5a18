/**
 * The offline translator: used when TRANSLATE_API_KEY is not set (the contract promises every
 * provider works offline). It knows only the interface's own vocabulary: a glossary built from
 * the shipped catalogue's English → French / Spanish pairs (src/i18n/catalog.ts).
 *   1. a text that is a whole catalogue text gets that text's translation;
 *   2. otherwise, left to right, the longest run of words (up to 8) that is a catalogue text is
 *      replaced by its translation (case-insensitive; a capital first letter is kept);
 *   3. words it does not know are left as they are; HTML tags and {{placeholders}} are never touched.
 * Answers are labelled offline (`name = 'offline'`), and the editor says so beside the result.
 */
import type { TranslateRequest, Translator } from './types.ts';

export type Glossary = { whole: Map<string, string>; phrases: Map<string, string>; longest: number };
type Pairs = Record<string, string>;

const MAX_WORDS = 8;
const WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u;
/** Tags, placeholders, words, and everything else (spaces, punctuation) as separate tokens. */
const TOKEN = /<[^>]*>|\{\{[^{}]*\}\}|[\p{L}\p{N}][\p{L}\p{N}'’-]*|\s+|[^\s<{\p{L}\p{N}]+|[<{]/gu;

/** Short words a single-word catalogue text gets wrong out of context ('To' is a date label): left as they are. */
const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'at',
  'by',
  'for',
  'from',
  'with',
  'and',
  'or',
  'as',
  'is',
  'it',
  'be',
  'no',
  'yes',
  'all',
  'your',
  'you',
  'we',
  'our',
  'this',
  'that',
  'new',
]);

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const bare = (s: string) =>
  s
    .trim()
    .replace(/[.:!?…]+$/u, '')
    .trim();

/**
 * The glossary of one language from catalogue pairs (English text by key, translation by key).
 * When one English text has several translations, the most frequent wins (ties: the first seen).
 */
export function buildGlossary(en: Pairs, target: Partial<Pairs>): Glossary {
  const whole = new Map<string, string>();
  const votes = new Map<string, Map<string, number>>();
  for (const [key, source] of Object.entries(en)) {
    const to = target[key];
    if (typeof to !== 'string' || !to.trim() || typeof source !== 'string' || !source.trim() || to === source) continue;
    if (!whole.has(norm(source))) whole.set(norm(source), to);
    const words = bare(source).split(/\s+/);
    if (words.length > MAX_WORDS || !words.every((w) => WORD.test(w)) || /<|\{\{/.test(to)) continue;
    if (words.length === 1 && FUNCTION_WORDS.has(words[0].toLowerCase())) continue;
    const phrase = norm(words.join(' '));
    const tally = votes.get(phrase) ?? new Map<string, number>();
    tally.set(bare(to), (tally.get(bare(to)) ?? 0) + 1);
    votes.set(phrase, tally);
  }
  const phrases = new Map<string, string>();
  let longest = 1;
  for (const [phrase, tally] of votes) {
    let best = '';
    let n = 0;
    for (const [to, count] of tally) if (count > n) [best, n] = [to, count];
    phrases.set(phrase, best);
    longest = Math.max(longest, phrase.split(' ').length);
  }
  return { whole, phrases, longest };
}

const capitalised = (s: string) => s.charAt(0) !== s.charAt(0).toLowerCase();
function keepCase(source: string, to: string): string {
  if (capitalised(source) && !capitalised(to)) return to.charAt(0).toUpperCase() + to.slice(1);
  if (!capitalised(source) && capitalised(to) && to.charAt(1) === to.charAt(1).toLowerCase())
    return to.charAt(0).toLowerCase() + to.slice(1);
  return to;
}

/** The text in the glossary's language, as far as its vocabulary goes. */
export function translateWithGlossary(text: string, g: Glossary): string {
  const exact = g.whole.get(norm(text));
  if (exact !== undefined) return text.match(/^\s*/)![0] + exact + text.match(/\s*$/)![0];
  const tokens = text.match(TOKEN) ?? [];
  let out = '';
  for (let i = 0; i < tokens.length; ) {
    if (!WORD.test(tokens[i])) {
      out += tokens[i++];
      continue;
    }
    // the words from i, separated by single runs of spaces: try the longest first
    const words: { word: string; end: number }[] = [];
    for (let j = i; j < tokens.length && words.length < g.longest; j += 2) {
      if (!WORD.test(tokens[j])) break;
      words.push({ word: tokens[j], end: j + 1 });
      if (!/^[ \t]+$/.test(tokens[j + 1] ?? '')) break;
    }
    let done = false;
    for (let n = words.length; n > 0 && !done; n--) {
      const phrase = words
        .slice(0, n)
        .map((w) => w.word)
        .join(' ');
      const to = g.phrases.get(phrase.toLowerCase());
      if (to === undefined) continue;
      out += keepCase(phrase, to);
      i = words[n - 1].end;
      done = true;
    }
    if (!done) out += tokens[i++];
  }
  return out;
}

export class OfflineTranslator implements Translator {
  readonly name = 'offline';
  readonly configured = true;
  readonly offline = true;
  private readonly glossaries = new Map<string, Glossary>();

  /** `pairs`: the catalogue by language ('en', 'fr', 'es'), key → text. */
  constructor(private readonly pairs: Record<string, Partial<Pairs>>) {}

  private glossary(to: string): Glossary | null {
    let g = this.glossaries.get(to);
    if (!g && this.pairs[to]) this.glossaries.set(to, (g = buildGlossary(this.pairs.en as Pairs, this.pairs[to]!)));
    return g ?? null;
  }

  async translate(req: TranslateRequest): Promise<string> {
    const g = req.from === 'en' ? this.glossary(req.to) : null;
    return g ? translateWithGlossary(req.text, g) : req.text;
  }
}
