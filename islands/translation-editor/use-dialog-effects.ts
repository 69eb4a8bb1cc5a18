/** The translation editor's effects on the page: edit links that open it, the alerts while it is open, the lint. */
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useState } from 'react';
import { localeTag, parseLocaleTag } from '../../src/domain/translation.ts';
import { type PaneChoice, paneFor } from './preview-pane.tsx';

// Edit links anywhere on the page open the editor (delegated: links rendered later work too).
export function useEditLinks(
  dialog: RefObject<HTMLDialogElement | null>,
  load: (field: string, locale: string, fromPage?: boolean) => Promise<boolean>,
  setPanes: Dispatch<SetStateAction<[PaneChoice, PaneChoice]>>,
) {
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
  }, [load, dialog, setPanes]);
}

// A modal dialog sits in the top layer, above the page's alerts: while it is open the alert
// region moves into it, so 'Language is required' and failures are seen (and read out).
export function useAlertsInDialog(dialog: RefObject<HTMLDialogElement | null>) {
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
  }, [dialog]);
}

// The HTML linter (htmlhint) is loaded when the editor first lints, in its own chunk: the
// island's first load stays within its budget, and the server lints again on save anyway.
export function useLint(value: string) {
  const [lint, setLint] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void import('../../src/domain/html-lint.ts').then(({ lintHtml }) => live && setLint(lintHtml(value)));
    return () => {
      live = false;
    };
  }, [value]);
  return lint;
}
