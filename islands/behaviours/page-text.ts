/**
 * The header's 'Text on this page (N)' button (views/translations/page-text-button.ejs) and the
 * drawer it opens (views/translations/page-text.ejs, a modal <dialog>): a click opens the drawer
 * and moves the focus into it; Escape, its Close button or a click on the backdrop close it, and
 * the focus goes back to the button. The edit links inside open the editor above it.
 */
export default function pageText(button: HTMLElement): void {
  const drawer = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!(drawer instanceof HTMLDialogElement)) return;
  button.addEventListener('click', () => {
    if (drawer.open) return;
    drawer.showModal();
    drawer.querySelector<HTMLElement>('[data-page-text-close]')?.focus();
  });
  drawer.querySelector('[data-page-text-close]')?.addEventListener('click', () => drawer.close());
  // A click on the backdrop lands on the dialog itself, outside its box.
  drawer.addEventListener('click', (e) => {
    if (e.target !== drawer) return;
    const r = drawer.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) drawer.close();
  });
  drawer.addEventListener('close', () => button.focus());
}
