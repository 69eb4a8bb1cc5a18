/**
 * An order's configured options per line, in the reader's language (the confirmation
 * page and mail left them out, so a configured planter read like any other). The same words as
 * the cart: "Option: Choice", with "× n" for an option that takes a quantity (type 1).
 */
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogNames } from '../../domain/catalog-text.ts';
import { optionNames, lineOptions } from '../cart/index.ts';

export type ShownOption = { option: string; choice: string; quantity: number | null };

export async function shownLineOptions(
  db: DbOrTx,
  names: CatalogNames,
  lineIds: number[],
): Promise<Map<number, ShownOption[]>> {
  const byLine = new Map<number, ShownOption[]>();
  for (const o of await lineOptions(db, lineIds)) {
    const named = optionNames(o, names);
    const list = byLine.get(o.lineItemId) ?? [];
    list.push({ option: named.optionName, choice: named.choiceName, quantity: o.optionType === 1 ? o.quantity : null });
    byLine.set(o.lineItemId, list);
  }
  return byLine;
}

/** One option as a line of text (the mail). */
export const optionText = (o: ShownOption) =>
  `${o.option}: ${o.choice}${o.quantity !== null ? ` × ${o.quantity}` : ''}`;
