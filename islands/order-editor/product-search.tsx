/**
 * Product typeahead for adding a line: an ARIA combobox over GET /{locale}/search/typeahead
 * (spec §9: 300 ms wait, at most 100 suggestions; no match shows 'No results found!').
 * Arrow keys move, Enter adds, Escape closes.
 */
import { text } from '../lib/text.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TYPEAHEAD_LIMIT, TYPEAHEAD_WAIT_MS } from '../../src/domain/constants.ts';
import type { OrderApi } from './api.ts';

type Suggestion = { id: number; value: string };

export function ProductSearch({
  api,
  label,
  placeholder,
  onPick,
}: {
  api: OrderApi;
  label: string;
  placeholder: string;
  onPick: (s: Suggestion) => void;
}) {
  const [q, setQ] = useState('');
  const [list, setList] = useState<Suggestion[] | null>(null);
  const [active, setActive] = useState(0);
  const id = useId();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (q.trim().length < 2) {
      setList(null);
      return;
    }
    const timer = setTimeout(async () => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      try {
        const found = await api.typeahead(q.trim(), ctl.signal);
        setList(found.slice(0, TYPEAHEAD_LIMIT));
        setActive(0);
      } catch (err) {
        if ((err as { name?: string }).name !== 'AbortError') console.error('product search failed', err);
      }
    }, TYPEAHEAD_WAIT_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const pick = (s: Suggestion) => {
    onPick(s);
    setQ('');
    setList(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!list?.length) return;
    if (e.key === 'ArrowDown') setActive((a) => Math.min(list.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter') pick(list[active]);
    else if (e.key === 'Escape') setList(null);
    else return;
    e.preventDefault();
  };
  const open = list !== null;
  return (
    <div className="field product-search">
      <label htmlFor={`${id}-q`}>{label}</label>
      <input
        id={`${id}-q`}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && list.length ? `${id}-o${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={onKey}
        data-testid="product-search"
      />
      {open ? (
        <ul id={`${id}-list`} role="listbox" className="product-search-list" data-testid="product-suggestions">
          {list.length === 0 ? (
            <li className="muted" role="option" aria-selected="false" aria-disabled="true">
              {text('noResults')}
            </li>
          ) : null}
          {list.map((s, i) => (
            <li
              key={s.id}
              id={`${id}-o${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
              data-product-id={s.id}
            >
              {s.value}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
