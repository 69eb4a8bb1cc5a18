/**
 * Combobox semantics for a typeahead-standalone list, for assistive technology: the input controls
 * the list, which is expanded while it shows suggestions, and the highlighted row is the active
 * descendant. The library labels each option with its title only; the row's own text (title,
 * stock code, price) is the better name, and axe requires the visible text to be in the name.
 * Used by the header search (behaviours/typeahead.ts) and quick order's part search. Returns the
 * observer's disconnect.
 */
export function typeaheadCombobox(input: HTMLInputElement, list: HTMLElement, label: string): () => void {
  list.setAttribute('aria-label', label);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');
  const sync = () => {
    const rows = [...list.querySelectorAll<HTMLElement>('.tt-suggestion')];
    rows.forEach((row, i) => {
      row.id ||= `${list.id}-${i}`;
      row.removeAttribute('aria-label');
    });
    const open = !list.classList.contains('tt-hide') && list.childElementCount > 0;
    input.setAttribute('aria-expanded', String(open));
    const active = open ? list.querySelector<HTMLElement>('.tt-suggestion.tt-selected') : null;
    if (active) input.setAttribute('aria-activedescendant', active.id);
    else input.removeAttribute('aria-activedescendant');
  };
  const observer = new MutationObserver(sync);
  observer.observe(list, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true });
  return () => observer.disconnect();
}
