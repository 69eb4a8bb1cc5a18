/**
 * The product page's configuration, shared between islands: the configurator publishes
 * what is chosen, the EPP calculator beside it follows, so both work on the configured price.
 * `selections` is the EPP service's form of a configuration: "choiceId:quantity" pairs, comma-separated.
 */
export type Configuration = { productId: number; selections: string };

const EVENT = 'hd:configuration-changed';
let last: Configuration | null = null;

export function publishConfiguration(c: Configuration): void {
  if (last && last.productId === c.productId && last.selections === c.selections) return;
  last = c;
  document.dispatchEvent(new CustomEvent<Configuration>(EVENT, { detail: c }));
}

/** The last configuration published for the product (null before any), then every change. */
export function followConfiguration(productId: number, on: (selections: string) => void): () => void {
  if (last?.productId === productId) on(last.selections);
  const listener = (e: Event) => {
    const c = (e as CustomEvent<Configuration>).detail;
    if (c.productId === productId) on(c.selections);
  };
  document.addEventListener(EVENT, listener);
  return () => document.removeEventListener(EVENT, listener);
}
