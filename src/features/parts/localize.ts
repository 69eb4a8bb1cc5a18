/**
 * The parts area in the visitor's language: copies of what the services return, with
 * the diagrams' titles and the parts' names from the catalogue translations (no query).
 */
import type { CatalogNames } from '../../domain/catalog-text.ts';
import { type Callout, type Explorer, type Part, plainText } from './service.ts';

type Diagram = { id: number; title: string; productId?: number | null; machineTitle?: string | null };

export const localizeDiagram = <D extends Diagram>(d: D, names: CatalogNames): D => ({
  ...d,
  title: names.diagram(d.id, d.title),
  ...(d.machineTitle !== undefined
    ? { machineTitle: d.machineTitle === null ? null : names.product(d.productId, d.machineTitle) }
    : {}),
});

export const localizePart = (p: Part, names: CatalogNames): Part => ({
  ...p,
  title: names.product(p.productId, p.title),
  badge: p.badge.label ? { ...p.badge, label: names.productLabel(p.productId, p.badge.label) } : p.badge,
});

export const localizeCallout = (c: Callout, names: CatalogNames): Callout => ({
  ...c,
  parts: c.parts.map((p) => localizePart(p, names)),
});

export const localizeExplorer = (e: Explorer, names: CatalogNames): Explorer => ({
  diagram: localizeDiagram(e.diagram, names),
  callouts: e.callouts.map((c) => localizeCallout(c, names)),
  components: e.components.map((c) => ({ ...c, title: names.product(c.productId, c.title) })),
});

/** A part's pop-up: its name, badge and description excerpt in the visitor's language. */
export const localizePartDescription = (productId: number, description: string, names: CatalogNames): string =>
  plainText(names.productDescription(productId, description));
