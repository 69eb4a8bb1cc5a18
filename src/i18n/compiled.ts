/**
 * Interface text compiled once per locale: every message becomes a function (a constant string,
 * or literal pieces joined with the call's variables), resolved through the locale's fallback
 * chain ('fr-CA' → 'fr' → 'en') when it is built, not on every call.
 *
 * Why: a page makes a hundred or more `t()` calls; each call with options (interpolation,
 * plurals) walked i18next's resolution chain and its interpolation regexps, about a third of a
 * product page's CPU. i18next stays the source: the bundles are read from it (the same store
 * Texts.reload() fills from the catalogue and the translations table), and anything this module
 * does not reproduce exactly goes to i18next itself:
 *
 *   - a key no locale in the chain has (i18next answers the key, interpolated);
 *   - a message with nesting (`$t(…)`), unescaped (`{{- x}}`) or formatted (`{{x, f}}`) or dotted
 *     variables, or a variable named like one of i18next's own options (`lng`, `ns`, …);
 *   - a call with any option other than the message's variables and `count` (`context`,
 *     `defaultValue`, `lng`, `replace`, …), or with a non-object second argument.
 *
 * What is reproduced, as i18next 26 does it (escapeValue off, skipOnVariables on, returnNull off):
 *   - lookup: for each language of the chain, with a numeric `count`: key_zero (count 0), then
 *     key_<Intl.PluralRules(language).select(count)>, then key; without: key. First found wins;
 *   - `{{ name }}`: the call's own property `name` (String() of it; null → ''); a variable the call
 *     does not pass stays as written (`{{name}}`), one passed as undefined becomes ''.
 * test/domain/i18n-compiled.test.ts compares both for every key of every locale.
 */
import type { i18n as I18n, TFunction } from 'i18next';

type Data = Record<string, unknown>;
/** A compiled message: literal text, or a function of the call's options. */
type Message = string | ((data: Data) => string);

const NS = 'translation';
const VARIABLE = /\{\{(.+?)\}\}/g;
const SIMPLE_NAME = /^[A-Za-z_$][\w$]*$/;
/** Variables i18next's fixed translator itself puts in the data (their value would be its own). */
const I18NEXT_DATA = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);
/** Call options that change i18next's resolution or output: such calls go to i18next. */
const I18NEXT_OPTIONS = new Set([
  'lng',
  'lngs',
  'ns',
  'keyPrefix',
  'context',
  'replace',
  'defaultValue',
  'interpolation',
  'skipInterpolation',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'ordinal',
  'postProcess',
  'nest',
  'fallbackLng',
  'keySeparator',
  'nsSeparator',
  'missingInterpolationHandler',
  'tDescription',
  'appendNamespaceToCIMode',
  'applyPostProcessor',
  'postProcessPassResolved',
  'overloadTranslationOptionHandler',
]);
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** `message` as a function of the call's options, or null when only i18next may interpolate it. */
export function compileMessage(message: string): Message | null {
  if (!message.includes('{{')) return message.includes('$t(') ? null : message;
  if (message.includes('$t(') || message.includes('{{-')) return null;
  const literals: string[] = [];
  const names: string[] = [];
  const written: string[] = [];
  let last = 0;
  for (const m of message.matchAll(VARIABLE)) {
    const name = m[1].trim();
    if (!SIMPLE_NAME.test(name) || I18NEXT_DATA.has(name)) return null;
    literals.push(message.slice(last, m.index));
    names.push(name);
    written.push(m[0]);
    last = m.index + m[0].length;
  }
  literals.push(message.slice(last));
  const value = (data: Data, i: number): string => {
    const name = names[i];
    const own = Object.hasOwn(data, name);
    const v = own ? data[name] : undefined;
    if (v === undefined) return own ? '' : written[i];
    return v === null ? '' : typeof v === 'string' ? v : String(v);
  };
  if (names.length === 1) {
    const [a, b] = literals;
    return (data) => a + value(data, 0) + b;
  }
  return (data) => {
    let out = literals[0];
    for (let i = 0; i < names.length; i++) out += value(data, i) + literals[i + 1];
    return out;
  };
}

const render = (m: Message, data: Data) => (typeof m === 'string' ? m : m(data));

/**
 * One locale's messages, compiled from i18next's store. `fallback` is i18next's own fixed
 * translator for the locale: every call this cannot answer exactly goes there.
 */
export class CompiledTexts {
  /** Per language of the chain: its valid messages by key (compiled, or null = i18next's). */
  private readonly byLanguage: { language: string; plural: Intl.PluralRules; messages: Map<string, Message | null> }[] =
    [];
  /** key → the first language's message (no count). */
  private readonly resolved = new Map<string, Message | null>();
  /** key → the answer to a call without options (i18next leaves unpassed variables as written). */
  private readonly plain = new Map<string, string>();

  constructor(
    instance: I18n,
    language: string,
    private readonly fallback: TFunction,
  ) {
    const chain = instance.services.languageUtils.toResolveHierarchy(language) as string[];
    for (const code of chain) {
      const bundle = (instance.getResourceBundle(code, NS) ?? {}) as Record<string, unknown>;
      const messages = new Map<string, Message | null>();
      for (const key of Object.keys(bundle)) {
        // The store's own lookup, so its rules (flat keys with dots, empty strings) hold.
        const value = instance.getResource(code, NS, key) as unknown;
        if (value === undefined || value === null) continue;
        messages.set(key, typeof value === 'string' && !key.includes(':') ? compileMessage(value) : null);
      }
      this.byLanguage.push({ language: code, plural: new Intl.PluralRules(code), messages });
    }
    for (const { messages } of [...this.byLanguage].reverse())
      for (const [key, m] of messages) this.resolved.set(key, m);
    for (const [key, m] of this.resolved) if (m !== null) this.plain.set(key, render(m, {}));
  }

  /** The translator views and handlers call as `t(key)` / `t(key, {name: value, count: n})`. */
  readonly t = (key: unknown, options?: unknown, ...rest: unknown[]): string => {
    if (typeof key !== 'string' || rest.length) return this.delegate(key, options, rest);
    if (options === undefined) return this.plain.get(key) ?? this.delegate(key, options, rest);
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      return this.delegate(key, options, rest);
    const data = options as Data;
    for (const name in data) if (I18NEXT_OPTIONS.has(name)) return this.delegate(key, options, rest);
    const count = data.count;
    const m =
      count !== undefined && typeof count !== 'string' ? this.pluralMessage(key, count) : this.resolved.get(key);
    return m === undefined || m === null ? this.delegate(key, options, rest) : render(m, data);
  };

  private pluralMessage(key: string, count: unknown): Message | null | undefined {
    for (const { plural, messages } of this.byLanguage) {
      if (count === 0 && messages.has(`${key}_zero`)) return messages.get(`${key}_zero`);
      const suffixed = `${key}_${plural.select(count as number)}`;
      if (messages.has(suffixed)) return messages.get(suffixed);
      if (messages.has(key)) return messages.get(key);
    }
    return undefined;
  }

  private delegate(key: unknown, options: unknown, rest: unknown[]): string {
    return (this.fallback as unknown as (...a: unknown[]) => string)(key, options, ...rest);
  }

  /** Every key with a message in this locale's chain, plural forms included (for the tests). */
  keys(): string[] {
    return [...this.resolved.keys()];
  }

  /** Base keys that have plural forms (for the tests). */
  pluralKeys(): string[] {
    const out = new Set<string>();
    for (const key of this.resolved.keys()) {
      const m = /^(.*)_([a-z]+)$/.exec(key);
      if (m && PLURAL_SUFFIXES.includes(m[2])) out.add(m[1]);
    }
    return [...out];
  }
}
