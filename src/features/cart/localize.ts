/**
 * The cart in the visitor's language: a copy of the cart state whose product lines,
 * chosen options and promotions carry their translated names. A line keeps the title it was added
 * with (the order's record); what a person reads is the catalogue's name in their language, and the
 * line's own title only where the catalogue has no translation. No query (read model names).
 */
import type { CatalogNames } from '../../domain/catalog-text.ts';
import { LINE_TYPES } from '../../domain/constants.ts';
import type { CartState } from './state.ts';

type Line = { lineType: number; productId: number | null; promotionId: number | null; title: string };
type LineOption = { optionId: number; choiceId: number; optionName: string; choiceName: string };

/** A line's title in the locale: the promotion's name for a promotion line, else the product's. */
export const lineTitle = (l: Line, names: CatalogNames) =>
  l.lineType === LINE_TYPES.PROMOTION ? names.promotion(l.promotionId, l.title) : names.product(l.productId, l.title);

export const optionNames = <O extends LineOption>(o: O, names: CatalogNames): O => ({
  ...o,
  optionName: names.option(o.optionId, o.optionName),
  choiceName: names.choice(o.choiceId, o.choiceName),
});

export function localizeCart(state: CartState, names: CatalogNames): CartState;
export function localizeCart(state: CartState | null, names: CatalogNames): CartState | null;
export function localizeCart(state: CartState | null, names: CatalogNames): CartState | null {
  if (!state) return state;
  return {
    ...state,
    lines: state.lines.map((l) => ({
      ...l,
      title: lineTitle(l, names),
      options: l.options.map((o) => optionNames(o, names)),
    })),
    promotions: state.promotions.map((p) => ({ ...p, name: names.promotion(p.id, p.name) })),
  };
}
