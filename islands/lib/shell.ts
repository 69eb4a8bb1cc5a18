/**
 * Wraps every island on both sides (server render and hydration) so the trees match and so
 * the client learns when hydration has committed: the effect runs only then, and boot sets
 * `data-hydrated="true"` from it, which browser tests wait for.
 */
import { useEffect, type ReactNode } from 'react';

export function IslandShell({ onReady, children }: { onReady?: () => void; children?: ReactNode }) {
  useEffect(() => {
    onReady?.();
  }, []);
  return children;
}
