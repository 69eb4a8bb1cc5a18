/** Rows → the components JSON (spec §3 field names) and the explorer behaviour's props. */
import type { ComponentRow } from './queries.ts';
import type { Explorer } from './service.ts';
import type { ExplorerProps } from '../../domain/parts.ts';
import type { FitView } from './machine-fit.ts';

/** Spec §3 "Parts diagram callout": product_diagram_component_id, callout, product_id, product.stockcode, x1, y1, x2, y2. */
export function componentsJson(rows: readonly ComponentRow[]) {
  return rows.map((c) => ({
    product_diagram_component_id: c.id,
    callout: c.callout,
    product_id: c.productId,
    product: { stockcode: c.stockcode, title: c.title },
    x1: Number(c.x1),
    y1: Number(c.y1),
    x2: Number(c.x2),
    y2: Number(c.y2),
    quantity: c.quantity,
  }));
}

export function explorerProps(
  e: Explorer,
  o: {
    locale: string;
    selected: string | null;
    zoom: number | null;
    canEdit: boolean;
    zoomRange: { min: number; max: number };
    fit?: FitView | null;
  },
): ExplorerProps {
  const fit = o.fit ?? null;
  return {
    diagram: {
      id: e.diagram.id,
      title: e.diagram.title,
      image: e.diagram.image,
      width: e.diagram.width,
      height: e.diagram.height,
    },
    callouts: e.callouts.map((c) => ({
      callout: c.callout,
      x1: c.x1,
      y1: c.y1,
      x2: c.x2,
      y2: c.y2,
      parts: c.parts.map((p) => ({ productId: p.productId, stockcode: p.stockcode, title: p.title })),
      ...(fit && !fit.calloutFits(c.callout) ? { misfit: true } : {}),
    })),
    selected: o.selected,
    zoom: o.zoom,
    zoomRange: o.zoomRange,
    canEdit: o.canEdit,
    base: `/${o.locale}/parts/${e.diagram.id}`,
    ...(fit ? { query: fit.query, fitNote: fit.note } : {}),
  };
}
