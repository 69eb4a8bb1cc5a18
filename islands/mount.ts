/**
 * Finds islands and behaviours under a root and starts them. Boot calls it for the document; a
 * script that inserts server HTML (e.g. the cart's inline add) may call it for the new node.
 * No React here (boot imports this statically); React arrives with the first island.
 */
import { behaviours } from './behaviours.ts';
import { islands } from './registry.ts';

const started = new WeakSet<Element>();

/**
 * Spec §8 'Lazy screen load failure': a chunk that fails to load (typically a stale page after a
 * deploy) fires a cancelable `preload-error` event on window; unless a listener cancels it the
 * error is rethrown.
 */
async function load<T>(loader: () => Promise<T>, name: string): Promise<T> {
  try {
    return await loader();
  } catch (error) {
    const event = new CustomEvent('preload-error', { cancelable: true, detail: { error, name } });
    if (window.dispatchEvent(event)) throw error;
    return new Promise<T>(() => undefined); // handled elsewhere (e.g. a reload): stay pending
  }
}

export async function hydrateIsland(el: HTMLElement): Promise<void> {
  if (started.has(el)) return;
  started.add(el);
  const name = el.dataset.island ?? '';
  const fail = (err: unknown) => {
    console.error(`island "${name}" failed`, err);
    el.dataset.hydrated = 'error';
  };
  try {
    const loader = islands[name];
    if (!loader) throw new Error(`unknown island "${name}"`);
    const root = el.querySelector(':scope > [data-island-root]');
    if (!root) throw new Error('missing [data-island-root]');
    const json = el.querySelector(':scope > script[data-island-props]')?.textContent;
    const props = json ? JSON.parse(json) : {};
    const [{ default: Component }, { hydrate }] = await Promise.all([
      load(loader, name),
      load(() => import('./hydrate.ts'), 'hydrate'),
    ]);
    hydrate(root, Component, props, {
      identifierPrefix: el.dataset.islandId,
      onReady: () => {
        el.dataset.hydrated = 'true';
      },
      onError: fail,
    });
  } catch (err) {
    fail(err);
  }
}

export async function runBehaviours(el: HTMLElement): Promise<void> {
  if (started.has(el)) return;
  started.add(el);
  for (const name of (el.dataset.behaviour ?? '').split(/\s+/).filter(Boolean)) {
    try {
      const loader = behaviours[name];
      if (!loader) throw new Error(`unknown behaviour "${name}"`);
      const { default: behaviour } = await load(loader, name);
      behaviour(el);
    } catch (err) {
      console.error(`behaviour "${name}" failed`, err);
      el.dataset.behaviourError = name;
    }
  }
  el.dataset.behaviourReady = 'true';
}

/** Starts everything under `root` that has not started yet. Islands do not nest. */
export function mountAll(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    if (!el.parentElement?.closest('[data-island-root]')) void hydrateIsland(el);
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-behaviour]')) void runBehaviours(el);
}
