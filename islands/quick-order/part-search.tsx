/**
 * A product search for one quick-order line that did not resolve: the header search's typeahead
 * (typeahead-standalone on GET /{locale}/search/typeahead), but choosing a suggestion hands its
 * part number to the line instead of opening the product.
 *
 * Why the input is made by hand: typeahead-standalone wraps its input in elements of its own,
 * which React must not own; React renders only the empty holder and the label.
 */
import { useEffect, useRef } from 'react';
import typeahead from 'typeahead-standalone';
import { TYPEAHEAD_LIMIT, TYPEAHEAD_WAIT_MS } from '../../src/domain/constants.ts';
import { text } from '../lib/text.ts';
import { typeaheadCombobox } from '../lib/combobox.ts';

type Suggestion = { id: number | string; value: string; html: string };

/** The part number shown in a suggestion's server-escaped markup (views: catalog suggestionHtml). */
function codeOf(html: string): string | null {
  const box = document.createElement('template');
  box.innerHTML = html;
  return box.content.querySelector('.ta-code')?.textContent?.trim() || null;
}

/** The input typeahead-standalone takes over; React never sees it. */
function searchInput(id: string, placeholder: string) {
  const input = document.createElement('input');
  input.type = 'search';
  input.id = id;
  input.autocomplete = 'off';
  input.placeholder = placeholder;
  input.className = 'input';
  input.dataset.testid = 'quick-fix-input';
  return input;
}

type Pick = { current: (stockcode: string) => void };

function startTypeahead(input: HTMLInputElement, url: string, pick: Pick) {
  return typeahead<Suggestion>({
    input,
    minLength: 2,
    limit: TYPEAHEAD_LIMIT,
    hint: false,
    highlight: true,
    preventSubmit: true,
    source: {
      remote: {
        url: (q: string) => `${url}?q=${encodeURIComponent(q)}`,
        debounce: TYPEAHEAD_WAIT_MS,
        requestOptions: {
          method: 'GET',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        },
      },
      keys: ['value'],
      identity: (item) => String(item.id),
    },
    display: (item) => item.value,
    templates: {
      suggestion: (item) => item.html,
      notFound: () =>
        `<span class="tt-message">${text('noResults').replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</span>`,
    },
    onSubmit: (event, item) => {
      if (!item) return;
      event.preventDefault();
      const code = codeOf(item.html);
      if (code) pick.current(code);
    },
  });
}

type Mount = { id: string; url: string; label: string; placeholder: string; pick: Pick };

/** Builds the search inside the holder; returns what takes it down again. */
function mountSearch(el: HTMLDivElement, { id, url, label, placeholder, pick }: Mount) {
  const input = searchInput(id, placeholder);
  el.append(input);
  const ta = startTypeahead(input, url, pick);
  const wrapper = input.closest('.typeahead-standalone') ?? el;
  const list = wrapper.querySelector<HTMLElement>('.tt-list');
  const onClick = (event: Event) => {
    const row = (event.target as Element | null)?.closest('.tt-suggestion');
    const code = row?.querySelector('.ta-code')?.textContent?.trim();
    if (code) pick.current(code);
  };
  wrapper.addEventListener('click', onClick);
  // Combobox semantics, as the header search has them.
  let unobserve: (() => void) | null = null;
  if (list) {
    list.id = `${id}-list`;
    unobserve = typeaheadCombobox(input, list, label);
  }
  return () => {
    unobserve?.();
    wrapper.removeEventListener('click', onClick);
    ta.destroy();
    el.replaceChildren();
  };
}

export function PartSearch({
  id,
  url,
  label,
  placeholder,
  onPick,
}: {
  id: string;
  url: string;
  label: string;
  placeholder: string;
  onPick: (stockcode: string) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    return mountSearch(el, { id, url, label, placeholder, pick });
  }, [id, url, label, placeholder]);

  return (
    <div className="quick-fix">
      <label htmlFor={id} className="quick-fix__label">
        {label}
      </label>
      <div ref={holder} className="quick-fix__search" />
    </div>
  );
}
