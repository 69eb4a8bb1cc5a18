/**
 * The image uploader (spec §2 /dev/image-uploader; the media library's upload box): one image at a
 * time with upload progress (XMLHttpRequest, as fetch reports no upload progress). The server
 * checks the real type and size; its message shows in red. A success shows the stored web sizes.
 */
import { useState } from 'react';
import { csrfToken } from './lib/dom.ts';
import { AppRequestError } from './lib/request.ts';
import { shownMessages } from './lib/errors.ts';
import { text } from './lib/text.ts';

type Stored = {
  path: string;
  filename: string;
  size: number;
  width: number | null;
  height: number | null;
  variants: { width: number; path: string; mime: string }[];
};
export type Props = { url: string; accept: string; maxBytes: number; reload: boolean; labels: Record<string, string> };

type Done = { media: Stored; created: boolean };

/** An XMLHttpRequest posting to `url` as the app's requests do (CSRF token, JSON answer). */
function postTo(url: string) {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', url);
  xhr.setRequestHeader('X-CSRF-Token', csrfToken());
  xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
  xhr.setRequestHeader('Accept', 'application/json');
  return xhr;
}

/** The stored image: its path and size, and a link to each of its web sizes. */
function UploadDone({ done, L }: { done: Done; L: Record<string, string> }) {
  return (
    <div className="alert alert-success" role="status" data-testid="uploader-done">
      <p>
        {done.created ? L.stored : L.duplicate} <code>{done.media.path}</code> ({done.media.width}×{done.media.height})
      </p>
      <ul className="small">
        {done.media.variants.map((v) => (
          <li key={v.path}>
            <a href={v.path}>
              {v.width}px {v.mime}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ImageUploader({ url, accept, maxBytes, reload, labels: L }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setDone(null);
    if (file.size > maxBytes) return setError(L.tooLarge.replace('{{mb}}', String(maxBytes / 1024 / 1024)));
    const xhr = postTo(url);
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setProgress(null);
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* text */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        setDone(body as Done);
        if (reload) window.location.reload();
      } else setError(shownMessages(new AppRequestError(xhr.status, xhr.statusText, body))[0]);
    };
    xhr.onerror = () => {
      setProgress(null);
      setError(text('networkError'));
    };
    const fd = new FormData();
    fd.append('file', file);
    setProgress(0);
    xhr.send(fd);
  };

  return (
    <div className="uploader stack">
      <div className="field">
        <label htmlFor="uploader-file">{L.choose}</label>
        <input
          id="uploader-file"
          type="file"
          accept={accept}
          disabled={progress !== null}
          onChange={(e) => send(e.target.files?.[0])}
          data-testid="uploader-file"
        />
        <span className="hint">{L.hint.replace('{{mb}}', String(maxBytes / 1024 / 1024))}</span>
      </div>
      {progress !== null ? (
        <progress
          max={100}
          value={progress}
          aria-label={L.progress.replace('{{percent}}', String(progress))}
          data-testid="uploader-progress"
        />
      ) : null}
      {error ? (
        <p className="field-error" role="alert" data-testid="uploader-error">
          {error}
        </p>
      ) : null}
      {done ? <UploadDone done={done} L={L} /> : null}
    </div>
  );
}
