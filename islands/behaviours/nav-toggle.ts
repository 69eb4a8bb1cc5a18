/**
 * The storefront's menu button (views/partials/header.ejs), shown below 992 px where the main
 * navigation is folded away: a click, Enter or Space opens and closes the links (aria-expanded
 * follows); Escape closes them and gives the focus back to the button; a click outside, or
 * widening the window past the breakpoint, closes them too.
 * The navigation's data flag `view` (spec §3) says whether its links are visible: 1 on a wide
 * screen or while open, 0 while folded away.
 */
import { NAV_FOLD_PX, navView } from '../../src/domain/navigation.ts';

export default function navToggle(button: HTMLElement): void {
  const nav = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!nav) return;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const wide = window.matchMedia(`(min-width: ${NAV_FOLD_PX}px)`);
  const show = () => nav.setAttribute('data-view', String(navView(wide.matches, isOpen())));
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    if (open) nav.setAttribute('data-open', '');
    else nav.removeAttribute('data-open');
    show();
  };
  button.addEventListener('click', () => {
    set(!isOpen());
    if (isOpen()) nav.querySelector<HTMLElement>('a')?.focus();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  });
  document.addEventListener('click', (e) => {
    if (isOpen() && !nav.contains(e.target as Node) && !button.contains(e.target as Node)) set(false);
  });
  wide.addEventListener('change', (m) => {
    if (m.matches) set(false);
    else show();
  });
  show();
}
