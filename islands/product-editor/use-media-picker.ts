/** The media picker's state and keyboard: opening and closing the dialog, the search, arrows in the grid. */
import { type KeyboardEvent, useRef, useState } from 'react';
import { filterMedia, type MediaChoice } from '../../src/domain/media-picker.ts';

export function useMediaPicker(media: MediaChoice[], onPick: (m: MediaChoice) => void) {
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

  return { dialog, search, grid, opener, q, setQ, shown, open, close, pick, onGridKey, onSearchKey };
}
