/**
 * Parts-diagram geometry and search, shared by the server and the explorer behaviour.
 * Diagram rectangles are in image pixels (origin top-left, y down); Leaflet's CRS.Simple puts
 * lat = 0 at the bottom, so y flips against the image height.
 */
export type ImageRect = { x1: number; y1: number; x2: number; y2: number };
/** [[south, west], [north, east]] in CRS.Simple units (what L.latLngBounds takes). */
export type SimpleBounds = [[number, number], [number, number]];

export function calloutBounds(r: ImageRect, height: number): SimpleBounds {
  return [
    [height - r.y2, r.x1],
    [height - r.y1, r.x2],
  ];
}

/** Back from map bounds to a whole-pixel rectangle clamped to the image. */
export function toImageRect(b: SimpleBounds, height: number, width = Infinity): ImageRect {
  const [[south, west], [north, east]] = b;
  const clamp = (v: number, max: number) => Math.min(Math.max(Math.round(v), 0), max);
  return {
    x1: clamp(west, width),
    y1: clamp(height - north, height),
    x2: clamp(east, width),
    y2: clamp(height - south, height),
  };
}

type SearchableCallout = { callout: string; parts: readonly { stockcode: string; title: string }[] };

/**
 * Callouts whose label, part number or part name matches; an exact part number or label first,
 * then prefixes, then words found anywhere. Case and punctuation in part numbers are ignored.
 */
export function findCallouts(callouts: readonly SearchableCallout[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const nq = norm(q);
  const words = q.split(/\s+/).filter(Boolean);
  const scored: { label: string; score: number }[] = [];
  for (const c of callouts) {
    let best = 0;
    if (c.callout.toLowerCase() === q) best = 4;
    for (const p of c.parts) {
      const code = norm(p.stockcode);
      if (nq && code === nq) best = Math.max(best, 4);
      else if (nq && code.startsWith(nq)) best = Math.max(best, 3);
      else if (words.every((w) => p.title.toLowerCase().includes(w))) best = Math.max(best, 2);
      else if (nq.length >= 3 && code.includes(nq)) best = Math.max(best, 1);
    }
    if (best) scored.push({ label: c.callout, score: best });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.label);
}

/** What the parts explorer island is given (server view-model → islands/behaviours/parts-explorer.ts). */
export type ExplorerProps = {
  diagram: { id: number; title: string; image: string; width: number; height: number };
  callouts: {
    callout: string;
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    parts: { productId: number; stockcode: string; title: string }[];
    /** With a machine chosen: the callout does not fit it (dimmed). */
    misfit?: boolean;
  }[];
  selected: string | null;
  zoom: number | null;
  zoomRange: { min: number; max: number };
  canEdit: boolean;
  base: string;
  /** With a machine chosen: what callout requests add to keep it ('?machine=7'), and the dimmed callouts' note. */
  query?: string;
  fitNote?: string;
};
