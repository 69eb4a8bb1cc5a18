/** Shapes and helpers shared by the payment-methods island's parts (no DOM at import). */
import type { MethodJson } from '../../src/domain/payments.ts';

export type Method = MethodJson;
export type T = (key: string, vars?: Record<string, string | number>) => string;

export type Props = {
  locale: string;
  userId: number;
  self: boolean;
  canEdit: boolean;
  methods: Method[];
  card: { provider: 'offline' | 'stripe' | 'none'; tokenizeUrl: string };
  bank: {
    provider: 'offline' | 'plaid';
    accountsUrl: string | null;
    linkTokenUrl: string;
    statementUrl: string | null;
  };
  labels: Record<string, string>;
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export const methodName = (L: T, m: Pick<Method, 'kind' | 'brand' | 'last4'>) =>
  m.kind === 'card'
    ? L('card', { brand: BRANDS[m.brand] ?? m.brand, last4: m.last4 })
    : L('bank', { bank: m.brand, last4: m.last4 });

/** Field errors of the contract's error body, by field name. */
export function fieldsOf(err: unknown): Record<string, string> {
  const body = (err as { body?: { error?: { fields?: Record<string, string> } } } | null)?.body;
  return body?.error?.fields ?? {};
}
