/**
 * Plaid Link in the browser: loads Plaid's script (the CSP allows cdn.plaid.com only when Plaid is
 * configured), creates the handler with our link token and opens it. Resolves with the public
 * token on success, or null when the person closes Link.
 */
import { ShownError } from '../lib/errors.ts';
import { text } from '../lib/text.ts';
export const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

type PlaidHandler = { open(): void; exit?(): void; destroy?(): void };
type PlaidGlobal = {
  create(o: {
    token: string;
    onSuccess(publicToken: string, metadata: unknown): void;
    onExit?(err: unknown, metadata: unknown): void;
  }): PlaidHandler;
};

let loading: Promise<PlaidGlobal> | null = null;

function loadPlaid(): Promise<PlaidGlobal> {
  const existing = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAID_LINK_SCRIPT;
    script.async = true;
    script.onload = () => {
      const plaid = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
      if (plaid) resolve(plaid);
      else reject(new ShownError(text('plaidNotLoaded')));
    };
    script.onerror = () => {
      loading = null;
      reject(new ShownError(text('plaidNotLoaded')));
    };
    document.head.append(script);
  });
  return loading;
}

export async function openPlaidLink(linkToken: string): Promise<string | null> {
  const plaid = await loadPlaid();
  return new Promise<string | null>((resolve) => {
    const handler = plaid.create({
      token: linkToken,
      onSuccess: (publicToken) => {
        resolve(publicToken);
        handler.destroy?.();
      },
      onExit: () => resolve(null),
    });
    handler.open();
  });
}
