/**
 * The full-screen wait indicator (spec §9: opacity 0.5). Reference-counted: nested operations
 * each call showWait()/hideWait() and the overlay goes away when the last one finishes.
 * The layout may render `#wait-overlay` itself (styled by app.css; it must keep
 * `#wait-overlay[hidden] { display: none }`); otherwise one is created with minimal styles.
 */
let depth = 0;

function overlay(): HTMLElement {
  let el = document.getElementById('wait-overlay');
  if (!el) {
    el = document.createElement('div');
    el.id = 'wait-overlay';
    el.dataset.testid = 'wait-overlay';
    el.hidden = true;
    // Set through CSSOM, which the CSP allows (a style attribute in markup it would not).
    Object.assign(el.style, {
      position: 'fixed',
      inset: '0',
      zIndex: '1000',
      background: '#fff',
      opacity: '0.5',
      cursor: 'wait',
    });
    document.body.append(el);
  }
  return el;
}

export function showWait(): void {
  depth += 1;
  if (depth === 1) {
    overlay().hidden = false;
    document.body.setAttribute('aria-busy', 'true');
  }
}

/** One level down; `all` clears every level (the error helper uses it). */
export function hideWait(all = false): void {
  if (depth === 0 && !all) return;
  depth = all ? 0 : depth - 1;
  if (depth === 0) {
    const el = document.getElementById('wait-overlay');
    if (el) el.hidden = true;
    document.body.removeAttribute('aria-busy');
  }
}

/** Shows the overlay while `work` runs. */
export async function withWait<T>(work: () => Promise<T>): Promise<T> {
  showWait();
  try {
    return await work();
  } finally {
    hideWait();
  }
}
