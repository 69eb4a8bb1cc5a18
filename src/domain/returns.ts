/**
 * Returns (RMA): a customer asks to send back lines of a placed order within the product's return
 * window; staff approve or refuse, mark the goods received (into a warehouse), then refund or
 * replace. Pure rules only: the window, what may still be returned, the status machine and what a
 * returned quantity is worth by the order's ledger (stored-ledger.ts). `now` always comes in.
 */
import { divideCents } from './money.ts';

export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received', 'refunded', 'replaced'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const isReturnStatus = (v: unknown): v is ReturnStatus =>
  typeof v === 'string' && (RETURN_STATUSES as readonly string[]).includes(v);

export const RETURN_ACTIONS = ['approve', 'refuse', 'receive', 'refund', 'replace'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** Each action, the status it needs and the status it leaves. */
const MACHINE: Record<ReturnAction, { from: ReturnStatus; to: ReturnStatus }> = {
  approve: { from: 'requested', to: 'approved' },
  refuse: { from: 'requested', to: 'refused' },
  receive: { from: 'approved', to: 'received' },
  refund: { from: 'received', to: 'refunded' },
  replace: { from: 'received', to: 'replaced' },
};

/** The status an action leaves, or null when the return is not in the status the action needs. */
export function nextStatus(current: string, action: ReturnAction): ReturnStatus | null {
  const step = MACHINE[action];
  return step.from === current ? step.to : null;
}

/** The actions a return in this status offers staff. */
export function actionsFor(current: string): ReturnAction[] {
  return RETURN_ACTIONS.filter((a) => MACHINE[a].from === current);
}

/** A return still holds its goods against the order until it is refused (what is requested is not returnable again). */
export const holdsQuantity = (status: string) => status !== 'refused';

/** The return window when the product does not set its own. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
export const RETURN_PHOTO_MAX = 4;
export const RETURN_REASON_MAX = 1000;
export const RETURN_MESSAGE_MAX = 1000;

export const RETURN_MESSAGES = {
  noLines: 'Choose at least one line and a quantity to return.',
  tooMany: 'You cannot return more than what is left to return on this line.',
  notReturnable: 'This product cannot be returned.',
  windowClosed: 'The return window for this product has closed.',
  reason: 'Tell us why you are returning these goods (1 to 1000 characters).',
  notPlaced: 'Only a placed order can be returned.',
  wrongStatus: 'This return cannot take that step now.',
  warehouse: 'Choose the warehouse that received the goods.',
  message: 'Write a message of at most 1000 characters.',
  photos: 'Attach at most 4 photos (JPEG, PNG or WebP).',
  noStock: 'No warehouse has the replacement in stock.',
  noCardPayment: 'This order has no card payment that can refund the returned goods.',
} as const;

/** The days a product may be returned in: its own, else the default. */
export const windowDays = (productDays: number | null | undefined) =>
  productDays == null ? DEFAULT_RETURN_WINDOW_DAYS : productDays;

/** The last moment a line may be returned: the order's date (submission, else creation) plus the window. */
export function returnWindowEnds(orderDate: Date, productDays: number | null | undefined): Date {
  return new Date(orderDate.getTime() + windowDays(productDays) * 86_400_000);
}

export type ReturnableLine = {
  id: number;
  quantity: number;
  returnable: boolean;
  returnWindowDays: number | null;
  /** Units already in a return that still holds them (not refused). */
  alreadyReturned: number;
};

/** Units of a line that can still be asked for: ordered − already returned or requested, 0 when closed. */
export function returnableQuantity(line: ReturnableLine, orderDate: Date, now: Date): number {
  if (!line.returnable) return 0;
  if (now.getTime() > returnWindowEnds(orderDate, line.returnWindowDays).getTime()) return 0;
  return Math.max(0, line.quantity - line.alreadyReturned);
}

/** Why a line refuses a quantity, or null when it can be returned (the request's field message). */
export function lineRefusal(line: ReturnableLine, orderDate: Date, now: Date, quantity: number): string | null {
  if (!line.returnable) return RETURN_MESSAGES.notReturnable;
  if (now.getTime() > returnWindowEnds(orderDate, line.returnWindowDays).getTime()) return RETURN_MESSAGES.windowClosed;
  if (quantity > line.quantity - line.alreadyReturned) return RETURN_MESSAGES.tooMany;
  return null;
}

/** A product line as the ledger reads it: its net after every discount and its share of the tax. */
export type LedgerLineFigures = { quantity: number; net: number; tax: number };

export type ReturnCredit = { net: number; tax: number; cents: number };

/**
 * What `quantity` units of a line are worth when `before` of its units were already credited: the
 * line's net and tax (discounts and promotions already taken off, tax as the ledger split it) in
 * proportion, each rounded so that crediting every unit in any number of returns gives back exactly
 * the line's net and tax, never a cent more.
 */
export function returnCredit(line: LedgerLineFigures, quantity: number, before = 0): ReturnCredit {
  if (line.quantity <= 0 || quantity <= 0) return { net: 0, tax: 0, cents: 0 };
  const upto = (cents: number, units: number) => divideCents(cents * units, line.quantity);
  const net = upto(line.net, before + quantity) - upto(line.net, before);
  const tax = upto(line.tax, before + quantity) - upto(line.tax, before);
  return { net, tax, cents: net + tax };
}
