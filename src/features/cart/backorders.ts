/**
 * The cart's back-order notes: which lines ask for more than the channel has of a back-orderable
 * part, and the note the visitor reads beside them (src/domain/back-order.ts), in their language.
 * Read after every cart answer is built, so the note follows the quantity live.
 */
import type { DbOrTx } from '../../db/client.ts';
import { cartBackorders, utcDay } from '../../db/queries/back-order.ts';
import { backorderNote, type BackorderNoteKey } from '../../domain/back-order.ts';
import type { CartState } from './state.ts';

type T = (key: BackorderNoteKey, params?: Record<string, string>) => string;

export async function withBackorderNotes(
  db: DbOrTx,
  state: CartState,
  locale: string,
  t: T,
  now?: Date,
): Promise<CartState>;
export async function withBackorderNotes(
  db: DbOrTx,
  state: CartState | null,
  locale: string,
  t: T,
  now?: Date,
): Promise<CartState | null>;
export async function withBackorderNotes(
  db: DbOrTx,
  state: CartState | null,
  locale: string,
  t: T,
  now = new Date(),
): Promise<CartState | null> {
  // Most carts hold no back-orderable part: they cost no query here.
  if (!state || !state.lines.some((l) => l.allowBackorder)) return state;
  const found = await cartBackorders(
    db,
    state.channelId,
    state.lines.filter((l) => l.allowBackorder),
    now,
  );
  if (!found.size) return state;
  const today = utcDay(now);
  const backorders: NonNullable<CartState['backorders']> = {};
  for (const [lineId, b] of found) backorders[lineId] = { ...b, note: backorderNote(b.shipOn, today, locale, t) };
  return { ...state, backorders };
}
