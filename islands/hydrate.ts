/** The React half of boot, loaded only when a page has an island. */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { IslandShell } from './lib/shell.ts';

export function hydrate(
  container: Element,
  Component: ComponentType<any>,
  props: unknown,
  {
    identifierPrefix,
    onReady,
    onError,
  }: { identifierPrefix?: string; onReady: () => void; onError: (err: unknown) => void },
): Root {
  const element = createElement(IslandShell, { onReady }, createElement(Component, props as object));
  return hydrateRoot(container, element, {
    identifierPrefix,
    onUncaughtError: onError,
    // A mismatch is repaired by a client render; log it so it is fixed on the server side.
    onRecoverableError: (err) =>
      console.error('island hydration mismatch', container.parentElement?.dataset.island, err),
  });
}
