/**
 * The translation editor modal (spec §2, §4, §5, §7 Translations). Staff with the translation
 * permission see edit links (a[data-translation-key][data-locale]) beside texts; a click fetches
 * GET /translation/{key}?locale= and opens this dialog once the fetch succeeds.
 *
 * - Opened from an edit link, it shows the text that page shows for its locale (pageEntry): the
 *   language-country entry, else the language's, else a new entry starting from the English text.
 * - Code (the key without its marker, read-only), hidden field, language (xx never offered) and
 *   country dropdowns; changing language resets the country and reloads the entry.
 * - Value textarea with line numbers, linted live (only paired tags; image([...]) directives
 *   masked; 'Line N, Col N: message'; the list hidden when empty).
 * - Version dropdown: choosing a version puts its value in the textarea.
 * - Save (multipart POST /translation/{field}): without a language alerts 'Language is required'
 *   and sends nothing; on success the form refreshes, 'Saved' shows for 2 s and the page's own
 *   copies of the text show the saved words (page-refresh.ts).
 * - Spec §8: a load or save that fails is thrown and logged, no message: the dialog stays as it
 *   was (a failed open does not open it; a failed save keeps the typed text, Save enabled again).
 * - Machine translate (GET /translation/{key}/{language}): refused for English; disabled while it
 *   runs; a failure alerts the spec's message.
 * - Two preview panes; the second starts at None and lists the English versions; both are half
 *   width when the second has content.
 */
import { text as islandText } from '../lib/text.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SUCCESS_INDICATOR_MS } from '../../src/domain/constants.ts';
import {
  fieldCode,
  localeTag,
  pageEntry,
  parseLocaleTag,
  type EditorProps,
  type MachineTranslateReply,
  type TranslationReply,
} from '../../src/domain/translation.ts';
import { showAlert } from '../lib/alerts.ts';
import { request } from '../lib/request.ts';
import { refreshPageText } from './page-refresh.ts';
import { CodeTextarea } from './code-textarea.tsx';
import { ImageInserter } from './image-inserter.tsx';
import { PreviewPane, paneFor, versionsOf, type PaneChoice } from './preview-pane.tsx';

const url = (field: string, rest = '') => `/translation/${encodeURIComponent(field)}${rest}`;

export default function TranslationEditor({ text }: EditorProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reply, setReply] = useState<TranslationReply | null>(null);
  const [language, setLanguage] = useState('');
  const [country, setCountry] = useState('');
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [translating, setTranslating] = useState(false);
  const [panes, setPanes] = useState<[PaneChoice, PaneChoice]>([paneFor('en', ''), { tag: 'en', version: 'none' }]);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  /** Puts a reply in the form (open, reload, save); `start` is the value to begin with (the entry's by default). */
  const apply = useCallback((r: TranslationReply, start = r.entry.value) => {
    setReply(r);
    setLanguage(r.entry.language);
    setCountry(r.entry.country);
    setValue(start);
    const tag = localeTag(r.entry.language, r.entry.country);
    setPanes(([, second]) => [paneFor('en', tag), second]);
  }, []);

  /** Fetches an entry; `fromPage`: opened from a page's edit link, so show what that page shows. */
  const load = useCallback(
    async (field: string, locale: string, fromPage = false) => {
      try {
        const r = await request<TranslationReply>('GET', url(field), { locale });
        if (!fromPage) apply(r);
        else {
          const { entry, value: start } = pageEntry(r.translations, r.field, r.entry.language, r.entry.country);
          apply({ ...r, entry, locale: localeTag(entry.language, entry.country) }, start);
        }
        return true;
      } catch (err) {
        console.error('translation: load failed', err); // spec §8: error thrown, no message
        return false;
      }
    },
    [apply],
  );

  // Edit links anywhere on the page open the editor (delegated: links rendered later work too).
  useEffect(() => {
    const onClick = async (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.<HTMLElement>('[data-translation-key]');
      if (!link || e.defaultPrevented || e.button !== 0) return;
      e.preventDefault();
      const field = link.dataset.translationKey ?? '';
      const tag = parseLocaleTag(link.dataset.locale ?? '') ?? { language: 'en', country: '' };
      setPanes([paneFor('en', ''), { tag: 'en', version: 'none' }]);
      if (await load(field, localeTag(tag.language, tag.country), true)) {
        if (!dialog.current?.open) dialog.current?.showModal();
        dialog.current?.querySelector<HTMLElement>('[data-testid="tr-language"]')?.focus();
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [load]);

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  // A modal dialog sits in the top layer, above the page's alerts: while it is open the alert
  // region moves into it, so 'Language is required' and failures are seen (and read out).
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    let home: { parent: Node; next: Node | null } | null = null;
    const region = () => document.getElementById('alerts');
    const onOpen = () => {
      const r = region();
      if (!r || r.parentNode === el) return;
      home = { parent: r.parentNode!, next: r.nextSibling };
      el.append(r);
    };
    const onClose = () => {
      const r = region();
      if (r && home) home.parent.insertBefore(r, home.next);
      home = null;
    };
    const observer = new MutationObserver(() => (el.open ? onOpen() : onClose()));
    observer.observe(el, { attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);

  // The HTML linter (htmlhint) is loaded when the editor first lints, in its own chunk: the
  // island's first load stays within its budget, and the server lints again on save anyway.
  const [lint, setLint] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void import('../../src/domain/html-lint.ts').then(({ lintHtml }) => live && setLint(lintHtml(value)));
    return () => {
      live = false;
    };
  }, [value]);
  const entry = reply?.entry;
  const english = reply?.translations.find((e) => e.language === 'en' && e.country === '');
  const draftTag = language ? localeTag(language, country) : '';
  const dirty = !!entry && value !== entry.value;
  // No saved entry for this language/country yet: saving creates it.
  const isNew = !!entry && !entry.translation_id;

  const onLanguage = (l: string) => {
    setLanguage(l);
    setCountry(''); // §4: changing language resets countries and reloads the entry
    if (l && reply) void load(reply.field, l);
  };
  const onCountry = (c: string) => {
    setCountry(c);
    if (language && reply) void load(reply.field, localeTag(language, c));
  };
  const onVersion = (v: string) => {
    const found = versionsOf(entry).find((x) => String(x.version) === v);
    if (found) setValue(found.value);
  };

  const save = async () => {
    if (!reply) return;
    if (!language) {
      showAlert(islandText('languageRequired'), 'error');
      return;
    }
    const form = new FormData();
    form.set('language', language);
    form.set('country', country);
    form.set('value', value);
    form.set('field', reply.field);
    if (entry?.translation_id) {
      form.set('id', String(entry.translation_id));
      form.set('version', String(entry.version));
    }
    setSaving(true);
    try {
      apply(await request<TranslationReply>('POST', url(reply.field), form));
      setSaved(true);
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setSaved(false), SUCCESS_INDICATOR_MS);
      refreshPageText(reply.field).catch((err) => console.error('translation: page text not refreshed', err));
    } catch (err) {
      console.error('translation: save failed', err); // spec §8: error thrown, no message
    } finally {
      setSaving(false);
    }
  };

  const machineTranslate = async () => {
    if (!reply) return;
    if (!language) return (showAlert(islandText('languageRequired'), 'error'), undefined);
    if (language === 'en') return (showAlert(islandText('cannotTranslateToEnglish'), 'error'), undefined);
    setTranslating(true);
    try {
      const r = await request<MachineTranslateReply>('GET', url(reply.field, `/${encodeURIComponent(language)}`));
      setValue(r.translated.translatedText);
      if (r.provider === 'offline') showAlert(text['tr.offline'], 'info');
    } catch {
      showAlert(islandText('translationFailed'), 'error');
    } finally {
      setTranslating(false);
    }
  };

  const close = () => dialog.current?.close();
  const languages = reply ? Object.keys(reply.languages) : [];
  const countries = reply && language ? (reply.languages[language] ?? []) : [];
  const entries = reply?.translations ?? [];
  const secondHasContent = panes[1].version !== 'none';
  const versions = versionsOf(entry);

  return (
    <dialog
      ref={dialog}
      className="tr-dialog"
      aria-labelledby="tr-title"
      data-testid="tr-dialog"
      onCancel={() => undefined}
    >
      {reply && (
        <form
          method="dialog"
          className="tr-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <header className="tr-head">
            <h2 id="tr-title">
              {text['tr.modal.title']}
              {isNew && (
                <span className="tr-new" data-testid="tr-new">
                  {text['tr.version.new']}
                </span>
              )}
            </h2>
            <button type="button" className="btn btn-sm btn-ghost" onClick={close} data-testid="tr-close">
              {text['tr.close']}
            </button>
          </header>
          <input type="hidden" name="field" value={reply.field} data-testid="tr-field" />
          <div className="tr-grid">
            <div className="field">
              <label htmlFor="tr-code">{text['tr.code']}</label>
              <input id="tr-code" readOnly value={fieldCode(reply.field)} data-testid="tr-code" />
            </div>
            <div className="field">
              <label htmlFor="tr-language">{text['tr.language']}</label>
              <select
                id="tr-language"
                name="language"
                value={language}
                onChange={(e) => onLanguage(e.target.value)}
                data-testid="tr-language"
              >
                <option value="">—</option>
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="tr-country">{text['tr.country']}</label>
              <select
                id="tr-country"
                name="country"
                value={country}
                onChange={(e) => onCountry(e.target.value)}
                data-testid="tr-country"
              >
                <option value="">{text['tr.country.all']}</option>
                {countries.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="tr-version">{text['tr.version']}</label>
              <select
                id="tr-version"
                value={dirty && !isNew ? '' : String(entry?.version ?? 0)}
                onChange={(e) => onVersion(e.target.value)}
                data-testid="tr-version"
              >
                {dirty && !isNew && <option value="">{text['tr.version.draft']}</option>}
                {!versions.length && <option value="0">{text['tr.version.new']}</option>}
                {versions.map((v, i) => (
                  <option key={v.version} value={String(v.version)}>
                    {(i === 0 ? text['tr.version.current'] : text['tr.version.n']).replace(
                      '{{version}}',
                      String(v.version),
                    )}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label htmlFor="tr-value">{text['tr.value']}</label>
            <CodeTextarea
              id="tr-value"
              value={value}
              onChange={setValue}
              invalid={lint.length > 0}
              describedBy={lint.length ? 'tr-errors' : undefined}
            />
          </div>
          {isNew && !!value && value === english?.value && (
            <p className="tr-hint muted" data-testid="tr-new-hint">
              {text['tr.new.english']}
            </p>
          )}
          <ImageInserter textareaId="tr-value" value={value} onChange={setValue} text={text} />
          {lint.length > 0 && (
            <div id="tr-errors" className="tr-errors" role="alert" data-testid="tr-errors">
              <strong>{text['tr.errors']}</strong>
              <ul>
                {lint.map((m) => (
                  <li key={m} data-testid="tr-error">
                    {m}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="tr-english" data-testid="tr-english">
            <strong>{text['tr.english']}</strong>
            <p>{english?.value || text['tr.english.none']}</p>
          </div>
          <div className={`tr-panes${secondHasContent ? ' is-split' : ''}`} data-testid="tr-panes">
            <PreviewPane
              index={0}
              entries={entries}
              choice={panes[0]}
              allowNone={false}
              draft={{ tag: draftTag, value }}
              text={text}
              onChoice={(c) => setPanes(([, b]) => [c, b])}
            />
            <PreviewPane
              index={1}
              entries={entries}
              choice={panes[1]}
              allowNone
              draft={{ tag: draftTag, value }}
              text={text}
              onChoice={(c) => setPanes(([a]) => [a, c])}
            />
          </div>
          <footer className="tr-actions">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => void machineTranslate()}
              disabled={translating}
              data-testid="tr-machine"
            >
              {translating ? text['tr.machine.running'] : text['tr.machine']}
            </button>
            <span className="tr-saved" role="status" data-testid="tr-saved">
              {saved ? `✓ ${text['tr.saved']}` : ''}
            </span>
            <button type="button" className="btn btn-ghost" onClick={close} data-testid="tr-cancel">
              {text['tr.cancel']}
            </button>
            <button type="submit" className="btn btn-accent" disabled={saving} data-testid="tr-save">
              {saving ? text['tr.saving'] : text['tr.save']}
            </button>
          </footer>
        </form>
      )}
    </dialog>
  );
}
