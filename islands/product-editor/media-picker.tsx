/**
 * The product editor's media picker: images are chosen from the media library,
 * with their thumbnails, never typed as a path. A dialog lists the library's newest images (the
 * page's props), narrowed by a search over name, description and path (src/domain/media-picker.ts).
 * Keyboard: the search field takes focus; ↓ moves into the grid, arrows move between images,
 * Enter or Space chooses one, Escape closes. An image the product already has is marked Added.
 */
import type { RefObject, KeyboardEvent } from 'react';
import type { MediaChoice } from '../../src/domain/media-picker.ts';
import { useMediaPicker } from './use-media-picker.ts';

type L = Record<string, string>;

/** The library's images as buttons; one the product already has is marked Added and cannot be chosen again. */
function MediaGrid({
  grid,
  shown,
  chosen,
  pick,
  onKeyDown,
  L,
}: {
  grid: RefObject<HTMLUListElement | null>;
  shown: MediaChoice[];
  chosen: string[];
  pick: (m: MediaChoice) => void;
  onKeyDown: (e: KeyboardEvent<HTMLUListElement>) => void;
  L: L;
}) {
  return (
    <ul ref={grid} className="pe-media-grid" aria-label={L['f.mediaTitle']} onKeyDown={onKeyDown}>
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
  );
}

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
  const { dialog, search, grid, opener, q, setQ, shown, open, close, pick, onGridKey, onSearchKey } = useMediaPicker(
    media,
    onPick,
  );

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
        <MediaGrid grid={grid} shown={shown} chosen={chosen} pick={pick} onKeyDown={onGridKey} L={L} />
      </dialog>
    </>
  );
}
