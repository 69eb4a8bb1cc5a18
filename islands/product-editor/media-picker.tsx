/**
 * The product editor's media picker: images are chosen from the media library,
 * with their thumbnails, never typed as a path. A dialog lists the library's newest images (the
 * page's props), narrowed by a search over name, description and path (src/domain/media-picker.ts).
 * Keyboard: the search field takes focus; ↓ moves into the grid, arrows move between images,
 * Enter or Space chooses one, Escape closes. An image the product already has is marked Added.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { filterMedia, type MediaChoice } from '../../src/domain/media-picker.ts';

type L = Record<string, string>;

export function MediaPicker({
  media,
  chosen,
  onPick,
  L,
}: {
  media: MediaChoice[];
  chosen: string[];
  onPick: (m: MediaChoice) => void;
  L: L;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [q, setQ] = useState('');
  const shown = filterMedia(media, q);

  const open = () => {
    setQ('');
    dialog.current?.showModal();
    search.current?.focus();
  };
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };
  const pick = (m: MediaChoice) => {
    onPick(m);
    close();
  };
  const buttons = () => [...(grid.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
  /** Arrow keys move between the images (the grid's column count is read from the layout). */
  const onGridKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = buttons();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const columns = Math.max(1, getComputedStyle(grid.current!).gridTemplateColumns.split(' ').length);
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    if (!(e.key in step)) return;
    e.preventDefault();
    const next = at + step[e.key];
    if (next < 0 && e.key === 'ArrowUp') return search.current?.focus();
    list[Math.min(list.length - 1, Math.max(0, next))]?.focus();
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    buttons()[0]?.focus();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-ghost"
        onClick={open}
        aria-haspopup="dialog"
        data-testid="pe-media-open"
      >
        {L['f.mediaPick']}
      </button>
      <dialog
        ref={dialog}
        className="pe-media-dialog"
        aria-labelledby="pe-media-title"
        data-testid="pe-media-dialog"
        onClose={() => setQ('')}
      >
        <div className="pe-media-head">
          <h2 id="pe-media-title">{L['f.mediaTitle']}</h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
            {L['f.mediaClose']}
          </button>
        </div>
        <div className="field">
          <label htmlFor="pe-media-q">{L['f.mediaSearch']}</label>
          <input
            ref={search}
            id="pe-media-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={onSearchKey}
            autoComplete="off"
          />
        </div>
        <p className="small muted" role="status" data-testid="pe-media-count">
          {shown.length ? L['f.mediaShown'].replace('{{count}}', String(shown.length)) : L['f.mediaNone']}
        </p>
        <ul ref={grid} className="pe-media-grid" aria-label={L['f.mediaTitle']} onKeyDown={onGridKey}>
          {shown.map((m) => {
            const added = chosen.includes(m.path);
            return (
              <li key={m.id}>
                <button
                  type="button"
                  className="pe-media-item"
                  onClick={() => pick(m)}
                  disabled={added}
                  data-testid="pe-media-item"
                  data-path={m.path}
                >
                  <img src={m.thumb} alt="" width={120} height={90} loading="lazy" />
                  <span className="pe-media-name">{m.alt || m.filename}</span>
                  <span className="pe-media-file">{m.filename}</span>
                  {added ? <span className="badge">{L['f.mediaAdded']}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </dialog>
    </>
  );
}
