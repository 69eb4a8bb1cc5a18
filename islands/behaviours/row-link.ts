/**
 * Table rows that act as links (spec §2), on `<table data-behaviour="row-link">` whose rows carry
 * `data-href`. A click anywhere on a row opens it, unless it lands on a link, button or form
 * control of its own, or text is being selected. Ctrl/Cmd or middle click opens a new tab. For
 * the keyboard every row keeps a real link in its first cell, so Tab + Enter works without this.
 */
export default function rowLink(table: HTMLElement): void {
  const open = (e: MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('a, button, input, select, textarea, label')) return;
    const row = target.closest<HTMLElement>('tr[data-href]');
    if (!row || !table.contains(row)) return;
    if (window.getSelection()?.toString()) return;
    const href = row.dataset.href!;
    if (e.ctrlKey || e.metaKey || e.button === 1) window.open(href, '_blank', 'noopener');
    else window.location.assign(href);
  };
  table.addEventListener('click', open);
  table.addEventListener('auxclick', (e) => {
    if (e.button === 1) open(e);
  });
}
