/**
 * The translation editor's state: the entry being edited (language, country, value), the two
 * preview panes' choices, and the handlers of its fields.
 */
import { useCallback, useRef, useState } from 'react';
import { localeTag, pageEntry, type TranslationReply } from '../../src/domain/translation.ts';
import { request } from '../lib/request.ts';
import { type PaneChoice, paneFor, versionsOf } from './preview-pane.tsx';
import { useAlertsInDialog, useEditLinks, useLint } from './use-dialog-effects.ts';
import { url, useEntryActions } from './use-entry-actions.ts';

export function useTranslationEditor(text: Record<string, string>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reply, setReply] = useState<TranslationReply | null>(null);
  const [language, setLanguage] = useState('');
  const [country, setCountry] = useState('');
  const [value, setValue] = useState('');
  const [panes, setPanes] = useState<[PaneChoice, PaneChoice]>([paneFor('en', ''), { tag: 'en', version: 'none' }]);

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

  useEditLinks(dialog, load, setPanes);
  useAlertsInDialog(dialog);
  const lint = useLint(value);
  const entry = reply?.entry;
  const actions = useEntryActions({ reply, entry, language, country, value, setValue, apply, text });

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

  return {
    dialog,
    reply,
    entry,
    language,
    country,
    value,
    setValue,
    panes,
    setPanes,
    lint,
    onLanguage,
    onCountry,
    onVersion,
    ...actions,
  };
}

export type TranslationEditorState = ReturnType<typeof useTranslationEditor>;
