/** What the placement's reservation steps share: their arguments and the refusal they throw. */
import type { orders } from '../../db/schema/index.ts';
import type { PlaceOrder } from '../../domain/checkout-input.ts';
import { AppError } from '../../domain/errors.ts';
import type { ChannelInfo } from '../../features/channels/index.ts';
import type { EppPlacementInput } from '../../features/epp/index.ts';
import type { BankLinkProvider } from '../../providers/bank/types.ts';

export const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new AppError(status, code, message, fields);

export type ReserveArgs = {
  userId: number;
  channel: ChannelInfo;
  key: string;
  hash: string;
  input: PlaceOrder;
  locale: string;
  now: Date;
  bank?: BankLinkProvider;
  epp?: EppPlacementInput | null;
  eppAdmin?: boolean;
  leaseMs: number;
  approval?: { id: number; by: number } | null;
};
export type Order = typeof orders.$inferSelect;
