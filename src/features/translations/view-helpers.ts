/**
 * What pages get for translatable text (installed by http/context.ts for every request):
 *
 * - `tHtml(key)`: the text as sanitised HTML, for blocks whose text carries markup (landing sections).
 * - `tEdit(key)`: for staff with the translation permission, an edit link carrying
 *   data-translation-key and data-locale to put beside a text; '' for everyone else.
 *   `tEditField(field)` the same for a whole field such as catalogue text ('cat:product.5.title').
 * - `pageTextKeys()`: for such staff, every key the page used through `t` (the layout lists them in
 *   the page-text drawer, so every text of every page can be opened without touching each template).
 * - `pageTextCount()`: the number of those keys, for the header's button. The header is rendered
 *   before the rest of the page has used its texts, so it prints a marker that `finishPageText(html)`
 *   (called by res.page once the whole page is rendered) replaces with the final count.
 *
 * Customers get the shared translator untouched: no recording, no links, no cost.
 */
import type { Translator } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { fieldCode, UI_MARKER } from '../../domain/translation.ts';
import { safeHtmlCached } from './sanitize.ts';
import { editorText } from '../../i18n/text/translations.ts';
import type { EditorProps } from '../../domain/translation.ts';

const IMAGE_KEYS = ['tr.image.insert', 'tr.image.url', 'tr.image.alt', 'tr.image.add'];

export const TRANSLATE_PERMISSION = 'translations.edit';

type User = { permissions: ReadonlySet<string> } | undefined;

/** Stands for the page's text count until the page is complete (a comment: harmless if ever left). */
export const PAGE_TEXT_COUNT_MARK = '<!--page-text-count-->';

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function editLink(key: string, locale: Locale, label: string, field = UI_MARKER + key): string {
  return (
    `<a href="#" class="t-edit" data-translation-key="${escapeAttr(field)}" data-locale="${locale}" data-testid="translation-edit-link">` +
    `<svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true" focusable="false"><path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"/></svg>` +
    `<span class="visually-hidden">${escapeAttr(label)}: ${escapeAttr(key)}</span></a>`
  );
}

export function pageTextLocals(user: User, locale: Locale, t: Translator) {
  const canTranslate = !!user?.permissions.has(TRANSLATE_PERMISSION);
  if (!canTranslate) {
    return {
      canTranslate,
      tHtml: (key: string) => safeHtmlCached(String(t(key))),
      tEdit: (_key: string) => '',
      tEditField: (_field: string) => '',
      pageTextKeys: () => [] as string[],
      pageTextCount: () => '',
    };
  }
  const used = new Set<string>();
  const recording = ((...args: unknown[]) => {
    if (typeof args[0] === 'string') used.add(args[0]);
    return (t as unknown as (...a: unknown[]) => unknown)(...args);
  }) as unknown as Translator;
  const label = String(t('tr.edit'));
  const pageTextKeys = () => [...used].filter((k) => !k.startsWith('tr.')).sort();
  return {
    canTranslate,
    t: Object.assign(recording, t),
    tHtml: (key: string) => {
      used.add(key);
      return safeHtmlCached(String(t(key)));
    },
    tEdit: (key: string) => editLink(key, locale, label),
    /** The edit link of a whole field, e.g. catalogue text 'cat:product.5.title'. */
    tEditField: (field: string) => editLink(fieldCode(field), locale, label, field),
    pageTextKeys,
    pageTextCount: () => PAGE_TEXT_COUNT_MARK,
    finishPageText: (html: string) => html.split(PAGE_TEXT_COUNT_MARK).join(String(pageTextKeys().length)),
    translationEditorProps: (): EditorProps => ({
      locale,
      text: Object.fromEntries([...Object.keys(editorText), ...IMAGE_KEYS].map((k) => [k, String(t(k))])),
    }),
  };
}
