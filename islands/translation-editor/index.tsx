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
import type { EditorProps } from '../../src/domain/translation.ts';
import { localeTag } from '../../src/domain/translation.ts';
import { EditorActions, EntryFields, ValueField } from './editor-fields.tsx';
import { PreviewPane } from './preview-pane.tsx';
import { useTranslationEditor } from './use-translation-editor.ts';

export default function TranslationEditor({ text }: EditorProps) {
  const ed = useTranslationEditor(text);
  const { dialog, reply, entry, language, country, value, panes, setPanes } = ed;
  const english = reply?.translations.find((e) => e.language === 'en' && e.country === '');
  const draftTag = language ? localeTag(language, country) : '';
  const dirty = !!entry && value !== entry.value;
  // No saved entry for this language/country yet: saving creates it.
  const isNew = !!entry && !entry.translation_id;

  const close = () => dialog.current?.close();
  const entries = reply?.translations ?? [];
  const secondHasContent = panes[1].version !== 'none';

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
            void ed.save();
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
          <EntryFields ed={ed} field={reply.field} dirty={dirty} isNew={isNew} text={text} />
          <ValueField ed={ed} isNew={isNew} englishValue={english?.value} text={text} />
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
          <EditorActions ed={ed} close={close} text={text} />
        </form>
      )}
    </dialog>
  );
}
