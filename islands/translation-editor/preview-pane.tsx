/**
 * One preview pane (§2): a language and a version dropdown, and the text shown rendered or as raw
 * HTML. The rendered view is a sandboxed iframe (no scripts, no same-origin access), so whatever
 * a version holds can be looked at safely before the server's sanitiser ever sees it.
 */
import { useState } from 'react';
import { expandImageDirectives, localeTag, type TranslationEntry } from '../../src/domain/translation.ts';

export type PaneChoice = { tag: string; version: string };

export function versionsOf(entry: TranslationEntry | undefined) {
  if (!entry || !entry.translation_id) return [];
  return [{ value: entry.value, version: entry.version }, ...entry.changes];
}

type PaneProps = {
  index: number;
  entries: TranslationEntry[];
  choice: PaneChoice;
  onChoice: (c: PaneChoice) => void;
  /** 'none' is offered first (the comparison pane). */
  allowNone: boolean;
  /** The tag being edited and its live value (offered as the draft). */
  draft: { tag: string; value: string };
  text: Record<string, string>;
};

/** What a pane offers and shows: the languages, the chosen language's versions, and the chosen text. */
function paneView({ entries, choice, draft }: PaneProps) {
  const tags = [...new Set([...entries.map((e) => localeTag(e.language, e.country)), draft.tag])].filter(Boolean);
  const entry = entries.find((e) => localeTag(e.language, e.country) === choice.tag);
  const versions = versionsOf(entry);
  const isDraftTag = choice.tag === draft.tag;
  const version = choice.version === 'current' && versions[0] ? String(versions[0].version) : choice.version;
  const content =
    version === 'none'
      ? ''
      : version === 'draft'
        ? draft.value
        : (versions.find((v) => String(v.version) === version)?.value ?? '');
  return { tags, versions, isDraftTag, version, content };
}

/** The chosen text, rendered in a sandboxed frame or as raw HTML; a note when there is none. */
function PaneContent({
  index,
  content,
  raw,
  text,
}: {
  index: number;
  content: string;
  raw: boolean;
  text: Record<string, string>;
}) {
  if (!content) return <p className="muted tr-pane-empty">{text['tr.preview.empty']}</p>;
  if (raw)
    return (
      <pre className="tr-raw" data-testid={`tr-pane-${index}-raw`}>
        {content}
      </pre>
    );
  return (
    <iframe
      className="tr-rendered"
      title={`${text['tr.preview']} ${index + 1}`}
      sandbox=""
      srcDoc={frameDoc(content)}
      data-testid={`tr-pane-${index}-rendered`}
    />
  );
}

export function PreviewPane(props: PaneProps) {
  const [raw, setRaw] = useState(false);
  const { index, choice, text } = props;
  const { tags, versions, isDraftTag, version, content } = paneView(props);
  const id = `tr-pane-${index}`;
  return (
    <section className="tr-pane" data-testid={`tr-pane-${index}`} aria-label={`${text['tr.preview']} ${index + 1}`}>
      <div className="tr-pane-controls">
        <label htmlFor={`${id}-lang`}>{text['tr.language']}</label>
        <select
          id={`${id}-lang`}
          value={choice.tag}
          data-testid={`tr-pane-${index}-language`}
          onChange={(e) => props.onChoice({ tag: e.target.value, version: props.allowNone ? 'none' : 'current' })}
        >
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-version`}>{text['tr.version']}</label>
        <select
          id={`${id}-version`}
          value={version}
          data-testid={`tr-pane-${index}-version`}
          onChange={(e) => props.onChoice({ ...choice, version: e.target.value })}
        >
          {props.allowNone && <option value="none">{text['tr.version.none']}</option>}
          {isDraftTag && <option value="draft">{text['tr.version.draft']}</option>}
          {versions.map((v) => (
            <option key={v.version} value={String(v.version)}>
              {(text['tr.version.n'] ?? '').replace('{{version}}', String(v.version))}
            </option>
          ))}
          {!isDraftTag && !props.allowNone && !versions.length && <option value="current">—</option>}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-pressed={raw}
          data-testid={`tr-pane-${index}-toggle`}
          onClick={() => setRaw(!raw)}
        >
          {raw ? text['tr.preview.rendered'] : text['tr.preview.raw']}
        </button>
      </div>
      <PaneContent index={index} content={content} raw={raw} text={text} />
    </section>
  );
}

/** The page's own stylesheet (CSP forbids inline styles, and the preview should look like the page). */
const pageCss = () =>
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href ?? '');

function frameDoc(html: string) {
  const css = pageCss();
  return `<!doctype html><meta charset="utf-8">${css ? `<link rel="stylesheet" href="${css.replace(/"/g, '&quot;')}">` : ''}<body class="tr-frame">${expandImageDirectives(html)}`;
}

/** The pane choice that shows `tag`: its live draft when it is the entry being edited. */
export const paneFor = (tag: string, draftTag: string): PaneChoice => ({
  tag,
  version: tag === draftTag ? 'draft' : 'current',
});
