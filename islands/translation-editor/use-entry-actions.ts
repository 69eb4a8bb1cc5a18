/**
 * The translation editor's actions on the entry: save (multipart POST /translation/{field}) and
 * machine translate (GET /translation/{key}/{language}), each with its running state.
 */
import { useEffect, useRef, useState } from 'react';
import { SUCCESS_INDICATOR_MS } from '../../src/domain/constants.ts';
import type { MachineTranslateReply, TranslationEntry, TranslationReply } from '../../src/domain/translation.ts';
import { showAlert } from '../lib/alerts.ts';
import { request } from '../lib/request.ts';
import { text as islandText } from '../lib/text.ts';
import { refreshPageText } from './page-refresh.ts';

export const url = (field: string, rest = '') => `/translation/${encodeURIComponent(field)}${rest}`;

type Draft = {
  reply: TranslationReply | null;
  entry: TranslationEntry | undefined;
  language: string;
  country: string;
  value: string;
  setValue: (v: string) => void;
  apply: (r: TranslationReply) => void;
  text: Record<string, string>;
};

/** The form as the save sends it; an existing entry names its id and the version it started from. */
function saveForm({ entry, language, country, value }: Draft, field: string) {
  const form = new FormData();
  form.set('language', language);
  form.set('country', country);
  form.set('value', value);
  form.set('field', field);
  if (entry?.translation_id) {
    form.set('id', String(entry.translation_id));
    form.set('version', String(entry.version));
  }
  return form;
}

export function useEntryActions(draft: Draft) {
  const { reply, language, apply, setValue, text } = draft;
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [translating, setTranslating] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const save = async () => {
    if (!reply) return;
    if (!language) {
      showAlert(islandText('languageRequired'), 'error');
      return;
    }
    const form = saveForm(draft, reply.field);
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

  return { saving, saved, translating, save, machineTranslate };
}
