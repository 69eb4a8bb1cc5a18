/**
 * Table rows that act as links (spec §2): a click on a `tr[data-href]` goes to its href unless
 * it lands on a control of its own or ends a text selection; the row's first link stays the
 * keyboard path (rows are not focusable themselves). Ctrl/⌘-click opens a new tab.
 */
import { rowLinkTarget } from '../lib/crm-action.ts';

export default function rowLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLTableRowElement>('tr[data-href]');
    if (!row || !root.contains(row)) return;
    const to = rowLinkTarget(
      { href: row.dataset.href },
      {
        tagName: target.tagName,
        closestInteractive: !!target.closest('a, button, input, select, textarea, label, summary'),
      },
      (window.getSelection()?.toString() ?? '') === '',
    );
    if (!to) return;
    if (event.ctrlKey || event.metaKey) window.open(to, '_blank', 'noopener');
    else location.assign(to);
  });
}
