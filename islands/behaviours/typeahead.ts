/**
 * The header search's suggestions (spec §4, §7, §9), on `<input data-behaviour="typeahead"
 * data-typeahead="/{locale}/search/typeahead">` inside the header's search form.
 *
 * - typeahead-standalone with a remote source: GET {url}?q={query}, waiting TYPEAHEAD_WAIT_MS
 *   (300 ms) after the last key, showing at most TYPEAHEAD_LIMIT (100) suggestions.
 * - The server returns [{id, value, html}]; `html` is already escaped markup (thumbnail, title,
 *   stock code, price), rendered as is by templates.suggestion.
 * - No match shows exactly 'No results found!' (templates.notFound).
 * - Choosing a suggestion (click, or arrows then Enter) opens /{locale}/products/{id}; Enter
 *   with nothing chosen submits the form, i.e. the full search on the listing page.
 * - Autocomplete comes back on AUTOCOMPLETE_REENABLE_MS (500 ms) after the input's first
 *   attribute change (below).
 */
import { text } from '../lib/text.ts';
import { typeaheadCombobox } from '../lib/combobox.ts';
import typeahead from 'typeahead-standalone';
import { AUTOCOMPLETE_REENABLE_MS, TYPEAHEAD_LIMIT, TYPEAHEAD_WAIT_MS } from '../../src/domain/constants.ts';

/** The page's text inside the library's HTML template. */
const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

type Suggestion = { id: number | string; value: string; html: string };

/** Queries shorter than this get no request (the server answers [] to them anyway). */
const MIN_LENGTH = 2;

/**
 * Why the MutationObserver: the input is served with autocomplete="off" (typeahead-standalone's
 * documented setup), so the browser's own history dropdown cannot open over the suggestion
 * list while the page is still starting. Attaching the library changes the input's attributes
 * (it adds its `tt-input` class as it wraps the field); the first such change tells us the
 * script is in charge. The spec (§4, §9) then turns autocomplete back on after 500 ms, so
 * browsers that remember searches (and password managers that key on the attribute) work again.
 * The observer disconnects after the first change: later attribute changes (aria-expanded...)
 * do not restart the timer.
 */
export function reenableAutocompleteAfterFirstChange(
  input: HTMLInputElement,
  ms: number = AUTOCOMPLETE_REENABLE_MS,
): MutationObserver {
  const observer = new MutationObserver(() => {
    observer.disconnect();
    setTimeout(() => input.setAttribute('autocomplete', 'on'), ms);
  });
  observer.observe(input, { attributes: true });
  return observer;
}

export default function typeaheadBehaviour(el: HTMLElement): void {
  const input = el as HTMLInputElement;
  const base = input.dataset.typeahead;
  if (!base || input.dataset.typeaheadReady) return;
  input.dataset.typeaheadReady = 'true';
  const locale = base.split('/')[1] ?? 'en-us';
  const productUrl = (id: Suggestion['id']) =>
    `/${encodeURIComponent(locale)}/products/${encodeURIComponent(String(id))}`;

  reenableAutocompleteAfterFirstChange(input);

  typeahead<Suggestion>({
    input,
    minLength: MIN_LENGTH,
    limit: TYPEAHEAD_LIMIT,
    hint: false,
    highlight: true,
    source: {
      remote: {
        url: (query: string) => `${base}?q=${encodeURIComponent(query)}`,
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
      notFound: () => `<span class="tt-message" data-testid="typeahead-empty">${escapeText(text('noResults'))}</span>`,
    },
    // Enter on a chosen suggestion opens it; Enter with none chosen lets the form submit.
    onSubmit: (event, item) => {
      if (!item) return;
      event.preventDefault();
      window.location.assign(productUrl(item.id));
    },
  });

  // A click on a suggestion: the library fills the input; we open the product.
  const wrapper = input.closest('.typeahead-standalone') ?? input.parentElement;
  const list = wrapper?.querySelector<HTMLElement>('.tt-list');
  wrapper?.addEventListener('click', (event) => {
    const row = (event.target as Element | null)?.closest('.tt-suggestion');
    const id = row?.querySelector<HTMLElement>('[data-product-id]')?.dataset.productId;
    if (id) window.location.assign(productUrl(id));
  });

  if (list) {
    list.id ||= `${input.id || 'typeahead'}-list`;
    list.dataset.testid = 'typeahead-list';
    typeaheadCombobox(input, list, input.labels?.[0]?.textContent?.trim() || text('suggestions'));
  }
}
