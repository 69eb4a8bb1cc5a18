/** The translation editor's fields: code, language, country and version, the value with its lint, the actions. */
import { fieldCode } from '../../src/domain/translation.ts';
import { CodeTextarea } from './code-textarea.tsx';
import { ImageInserter } from './image-inserter.tsx';
import { versionsOf } from './preview-pane.tsx';
import type { TranslationEditorState } from './use-translation-editor.ts';

type Text = Record<string, string>;

/** Version dropdown: choosing a version puts its value in the textarea; edited text shows as the draft. */
function VersionSelect({
  ed,
  dirty,
  isNew,
  text,
}: {
  ed: TranslationEditorState;
  dirty: boolean;
  isNew: boolean;
  text: Text;
}) {
  const versions = versionsOf(ed.entry);
  return (
    <div className="field">
      <label htmlFor="tr-version">{text['tr.version']}</label>
      <select
        id="tr-version"
        value={dirty && !isNew ? '' : String(ed.entry?.version ?? 0)}
        onChange={(e) => ed.onVersion(e.target.value)}
        data-testid="tr-version"
      >
        {dirty && !isNew && <option value="">{text['tr.version.draft']}</option>}
        {!versions.length && <option value="0">{text['tr.version.new']}</option>}
        {versions.map((v, i) => (
          <option key={v.version} value={String(v.version)}>
            {(i === 0 ? text['tr.version.current'] : text['tr.version.n']).replace('{{version}}', String(v.version))}
          </option>
        ))}
      </select>
    </div>
  );
}

export function EntryFields({
  ed,
  field,
  dirty,
  isNew,
  text,
}: {
  ed: TranslationEditorState;
  field: string;
  dirty: boolean;
  isNew: boolean;
  text: Text;
}) {
  const { reply, language, country } = ed;
  const languages = reply ? Object.keys(reply.languages) : [];
  const countries = reply && language ? (reply.languages[language] ?? []) : [];
  return (
    <div className="tr-grid">
      <div className="field">
        <label htmlFor="tr-code">{text['tr.code']}</label>
        <input id="tr-code" readOnly value={fieldCode(field)} data-testid="tr-code" />
      </div>
      <div className="field">
        <label htmlFor="tr-language">{text['tr.language']}</label>
        <select
          id="tr-language"
          name="language"
          value={language}
          onChange={(e) => ed.onLanguage(e.target.value)}
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
          onChange={(e) => ed.onCountry(e.target.value)}
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
      <VersionSelect ed={ed} dirty={dirty} isNew={isNew} text={text} />
    </div>
  );
}

/** The value with line numbers, the hint for a new entry still in English, the image inserter and the lint. */
export function ValueField({
  ed,
  isNew,
  englishValue,
  text,
}: {
  ed: TranslationEditorState;
  isNew: boolean;
  englishValue: string | undefined;
  text: Text;
}) {
  const { value, setValue, lint } = ed;
  return (
    <>
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
      {isNew && !!value && value === englishValue && (
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
    </>
  );
}

export function EditorActions({ ed, close, text }: { ed: TranslationEditorState; close: () => void; text: Text }) {
  const { translating, saved, saving } = ed;
  return (
    <footer className="tr-actions">
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => void ed.machineTranslate()}
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
  );
}
