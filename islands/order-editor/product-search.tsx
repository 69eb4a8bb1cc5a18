/**
 * Product typeahead for adding a line: an ARIA combobox over GET /{locale}/search/typeahead
 * (spec §9: 300 ms wait, at most 100 suggestions; no match shows 'No results found!').
 * Arrow keys move, Enter adds, Escape closes.
 */
import { useId } from 'react';
import { text } from '../lib/text.ts';
import type { OrderApi } from './api.ts';
import { type Suggestion, useProductSearch } from './use-product-search.ts';

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
  const { q, setQ, list, active, pick, onKey } = useProductSearch(api, onPick);
  const id = useId();
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
      {open ? <Suggestions id={id} list={list} active={active} pick={pick} /> : null}
    </div>
  );
}

type ListProps = { id: string; list: Suggestion[]; active: number; pick: (s: Suggestion) => void };

function Suggestions({ id, list, active, pick }: ListProps) {
  return (
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
  );
}
