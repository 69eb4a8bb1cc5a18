/**
 * The image editor of the translation modal: builds an image(['address', 'description'])
 * directive and inserts it at the caret of the value textarea. Pages expand the directive into a
 * sanitised <img>; the lint masks it.
 */
import { useState } from 'react';

const quote = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function imageDirective(url: string, alt: string) {
  return `image([${quote(url.trim())}, ${quote(alt.trim())}])`;
}

export function ImageInserter(props: {
  textareaId: string;
  value: string;
  onChange: (v: string) => void;
  text: Record<string, string>;
}) {
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const { text } = props;
  const insert = () => {
    if (!url.trim()) return;
    const ta = document.getElementById(props.textareaId) as HTMLTextAreaElement | null;
    const at = ta ? ta.selectionStart : props.value.length;
    const end = ta ? ta.selectionEnd : props.value.length;
    const directive = imageDirective(url, alt);
    props.onChange(props.value.slice(0, at) + directive + props.value.slice(end));
    setUrl('');
    setAlt('');
  };
  return (
    <details className="tr-image" data-testid="tr-image">
      <summary>{text['tr.image.insert']}</summary>
      <div className="tr-image-row">
        <div className="field">
          <label htmlFor="tr-image-url">{text['tr.image.url']}</label>
          <input
            id="tr-image-url"
            value={url}
            placeholder="/media/…"
            onChange={(e) => setUrl(e.target.value)}
            data-testid="tr-image-url"
          />
        </div>
        <div className="field">
          <label htmlFor="tr-image-alt">{text['tr.image.alt']}</label>
          <input id="tr-image-alt" value={alt} onChange={(e) => setAlt(e.target.value)} data-testid="tr-image-alt" />
        </div>
        <button type="button" className="btn btn-sm" onClick={insert} disabled={!url.trim()} data-testid="tr-image-add">
          {text['tr.image.add']}
        </button>
      </div>
    </details>
  );
}
