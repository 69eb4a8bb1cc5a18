/**
 * The one script every page loads. It stays tiny and React-free: islands, behaviours and the
 * error helper are lazy chunks fetched only when the page uses them.
 */
import { mountAll } from './mount.ts';
import { MOUNT_EVENT } from './lib/mount-request.ts';
import { installEarlyPickers } from './early-picker.ts';

// The global error helper (spec §8) for request failures nobody caught.
addEventListener('unhandledrejection', (event) => {
  if ((event.reason as { name?: unknown } | null)?.name !== 'AppRequestError') return;
  event.preventDefault();
  void import('./lib/errors.ts').then(({ handleError }) => handleError(event.reason));
});

// The language and channel pickers answer before their island hydrates.
installEarlyPickers();

// Server HTML inserted later (lib/mount-request.ts) asks for its islands here.
addEventListener(MOUNT_EVENT, (event) => mountAll(event.target as Element));

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => mountAll(document), { once: true });
} else {
  mountAll(document);
}
