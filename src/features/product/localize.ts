/**
 * The product page in the visitor's language: the cached page (shared by every locale,
 * never mutated) is copied with the product's name and description, its categories, options and
 * choices, its cards' names and its diagrams' titles from the catalogue translations. No query:
 * the names come from the read model (src/features/translations/catalog-text.ts).
 */
import type { CatalogNames } from '../../domain/catalog-text.ts';
import { safeHtmlCached } from '../translations/index.ts';
import type { ProductCard, ProductPage } from './service.ts';

export const localizeCard = <C extends { id: number; title: string }>(c: C, names: CatalogNames): C => ({
  ...c,
  title: names.product(c.id, c.title),
});

export function localizeProductPage(page: ProductPage, names: CatalogNames): ProductPage {
  const p = page.product;
  const description = names.productDescription(p.id, '');
  return {
    ...page,
    product: {
      ...p,
      title: names.product(p.id, p.title),
      // A translated description is staff-written HTML too: sanitised (and kept, bounded) like the English one.
      descriptionHtml: description ? safeHtmlCached(description) : p.descriptionHtml,
    },
    breadcrumb: page.breadcrumb.map((c) => ({ ...c, name: names.category(c.id, c.name) })),
    options: page.options.map((o) => ({
      ...o,
      name: names.option(o.id, o.name),
      choices: o.choices.map((c) => ({ ...c, name: names.choice(c.id, c.name) })),
    })),
    similar: page.similar.map((c: ProductCard) => localizeCard(c, names)),
    popular: page.popular.map((c: ProductCard) => localizeCard(c, names)),
    diagrams: page.diagrams.map((d) => ({ ...d, title: names.diagram(d.id, d.title) })),
    instructionals: page.instructionals.map((i) => ({ ...i, title: names.instructional(i.id, i.title) })),
  };
}
