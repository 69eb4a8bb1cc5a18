/**
 * Staff callout editing on the explorer map (products.edit). In edit mode each rectangle gets
 * two handles: the centre one moves it, the corner one resizes it; letting go saves the new
 * rectangle (POST …/callouts/move). "Draw" drags out a new rectangle and fills the add form.
 * The typed inputs in the editor table do the same for keyboard users.
 */
import { shownMessages } from '../lib/errors.ts';
import L from 'leaflet';
import { showAlert } from '../lib/alerts.ts';
import { request } from '../lib/request.ts';
import type { ExplorerProps } from '../../src/domain/parts.ts';
import type { ImageRect, SimpleBounds } from '../../src/domain/parts.ts';

type Ctx = {
  map: L.Map;
  page: HTMLElement;
  layers: Map<string, L.Rectangle>;
  props: ExplorerProps;
  toImage: (b: SimpleBounds) => ImageRect;
};

const handleIcon = (kind: 'move' | 'resize') =>
  L.divIcon({ className: `rect-handle rect-handle--${kind}`, iconSize: [16, 16] });
const boundsOf = (r: L.Rectangle): SimpleBounds => {
  const b = r.getBounds();
  return [
    [b.getSouth(), b.getWest()],
    [b.getNorth(), b.getEast()],
  ];
};

export function attachEditor(ctx: Ctx): void {
  const { map, page, layers } = ctx;
  const toggle = page.querySelector<HTMLButtonElement>('[data-edit-toggle]');
  const handles: L.Marker[] = [];
  let editing = false;

  const on = () => {
    for (const [callout, rect] of layers) handles.push(...addHandles(ctx, callout, rect));
  };
  const off = () => {
    for (const h of handles.splice(0)) h.remove();
  };

  toggle?.addEventListener('click', () => {
    editing = !editing;
    toggle.setAttribute('aria-pressed', String(editing));
    map.getContainer().classList.toggle('is-editing', editing);
    if (editing) on();
    else off();
  });

  // Draw a new rectangle: press Draw, then drag on the map.
  const addForm = page.querySelector<HTMLFormElement>('[data-draw-target]');
  const drawButton = addForm?.querySelector<HTMLButtonElement>('[data-draw]');
  drawButton?.addEventListener('click', () => startDrawing(ctx, addForm!));
}

/** Saves a moved or resized rectangle, and shows its new corners in the editor table. */
async function save({ page, props, toImage }: Ctx, callout: string, rect: L.Rectangle) {
  const r = toImage(boundsOf(rect));
  try {
    await request('POST', `${props.base}/callouts/move`, { callout, ...r });
    for (const row of page.querySelectorAll<HTMLElement>('[data-testid="editor-row"]')) {
      if (row.querySelector<HTMLInputElement>('input[name="callout"]')?.value !== callout) continue;
      for (const k of ['x1', 'y1', 'x2', 'y2'] as const) {
        const input = row.querySelector<HTMLInputElement>(`input[data-rect="${k}"]`);
        if (input) input.value = String(r[k]);
      }
    }
    showAlert(`${callout}: ${r.x1}, ${r.y1} – ${r.x2}, ${r.y2}`, 'success');
  } catch (err) {
    for (const m of shownMessages(err)) showAlert(m, 'error');
  }
}

/** A rectangle's two handles: the centre one moves it, the corner one resizes it; letting go saves. */
function addHandles(ctx: Ctx, callout: string, rect: L.Rectangle): L.Marker[] {
  const { map } = ctx;
  const b = rect.getBounds();
  const move = L.marker(b.getCenter(), {
    draggable: true,
    icon: handleIcon('move'),
    keyboard: false,
    title: `${callout}`,
  }).addTo(map);
  const resize = L.marker(b.getSouthEast(), { draggable: true, icon: handleIcon('resize'), keyboard: false }).addTo(
    map,
  );
  move.on('drag', () => {
    const cur = rect.getBounds();
    const c = cur.getCenter();
    const p = move.getLatLng();
    const dLat = p.lat - c.lat;
    const dLng = p.lng - c.lng;
    rect.setBounds(
      L.latLngBounds([cur.getSouth() + dLat, cur.getWest() + dLng], [cur.getNorth() + dLat, cur.getEast() + dLng]),
    );
    resize.setLatLng(rect.getBounds().getSouthEast());
  });
  resize.on('drag', () => {
    const cur = rect.getBounds();
    const p = resize.getLatLng();
    const south = Math.min(p.lat, cur.getNorth() - 4);
    const east = Math.max(p.lng, cur.getWest() + 4);
    rect.setBounds(L.latLngBounds([south, cur.getWest()], [cur.getNorth(), east]));
    move.setLatLng(rect.getBounds().getCenter());
  });
  move.on('dragend', () => void save(ctx, callout, rect));
  resize.on('dragend', () => void save(ctx, callout, rect));
  return [move, resize];
}

/** Drags out a new rectangle on the map and fills the add form with its corners. */
function startDrawing({ map, toImage }: Ctx, addForm: HTMLFormElement) {
  map.getContainer().scrollIntoView({ block: 'center' });
  map.dragging.disable();
  map.getContainer().classList.add('is-drawing');
  let start: L.LatLng | null = null;
  let shape: L.Rectangle | null = null;
  const down = (e: L.LeafletMouseEvent) => {
    start = e.latlng;
    shape = L.rectangle(L.latLngBounds(start, start), { color: '#b3261e', weight: 2, dashArray: '6 4' }).addTo(map);
  };
  const moveFn = (e: L.LeafletMouseEvent) => {
    if (start && shape) shape.setBounds(L.latLngBounds(start, e.latlng));
  };
  const up = () => {
    map.off('mousedown', down).off('mousemove', moveFn).off('mouseup', up);
    map.dragging.enable();
    map.getContainer().classList.remove('is-drawing');
    if (!shape) return;
    const r = toImage(boundsOf(shape));
    shape.remove();
    for (const k of ['x1', 'y1', 'x2', 'y2'] as const) {
      const input = addForm.querySelector<HTMLInputElement>(`input[data-rect="${k}"]`);
      if (input) input.value = String(r[k]);
    }
    addForm.querySelector<HTMLInputElement>('input[name="callout"]')?.focus();
  };
  map.on('mousedown', down).on('mousemove', moveFn).on('mouseup', up);
}
