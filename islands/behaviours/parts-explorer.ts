/**
 * The parts explorer (spec §2, §9): the diagram as a Leaflet image map (CRS.Simple, zoom -4..2)
 * with one rectangle per callout. Clicking a rectangle (or its row in the part list, or Enter on
 * a focused rectangle) highlights it and loads its part list (GET …/callout/{callout} → html)
 * into the side panel; a part opens the add-to-cart modal (GET …/part/{product_id} → html).
 * Hover or focus links rectangle and rows both ways. The URL keeps ?callout= and &zoom= so a
 * view can be shared. Staff with products.edit can move, resize and draw rectangles.
 * Spec §8: a failed parts call (callout list, part) is thrown and logged only, never an alert; the
 * panel and the modal keep what they showed.
 */
import L from 'leaflet';
import { request } from '../lib/request.ts';
import { requestMount } from '../lib/mount-request.ts';
import type { ExplorerProps } from '../../src/domain/parts.ts';
import { calloutBounds, findCallouts, toImageRect } from '../../src/domain/parts.ts';
import { attachEditor } from './parts-editor.ts';
import { text } from '../lib/text.ts';

type Layer = L.Rectangle & { _path?: SVGElement };

/** Spec §8 "Parts … failures: thrown and logged only": the console, no alert. */
const logOnly = (what: string) => (err: unknown) => console.error(`parts: ${what} failed`, err);

/** One explorer on the page: its map, its rectangles by callout and the callout now chosen. */
type Explorer = {
  el: HTMLElement;
  page: HTMLElement;
  props: ExplorerProps;
  panel: HTMLElement | null;
  status: HTMLElement | null;
  modal: HTMLDialogElement | null;
  modalBody: HTMLElement | null;
  map: L.Map;
  layers: Map<string, Layer>;
  active: string | null;
};

export default function partsExplorer(el: HTMLElement): void {
  const propsEl = el.querySelector<HTMLScriptElement>('script[data-parts-props]');
  if (!propsEl) return;
  const props = JSON.parse(propsEl.textContent ?? '{}') as ExplorerProps;
  const page = el.closest<HTMLElement>('[data-testid="parts-explorer"]') ?? document.body;
  const x: Explorer = {
    el,
    page,
    props,
    panel: page.querySelector<HTMLElement>('[data-parts-panel]'),
    status: page.querySelector<HTMLElement>('[data-parts-status]'),
    modal: page.querySelector<HTMLDialogElement>('[data-part-modal]'),
    modalBody: page.querySelector<HTMLElement>('[data-part-modal-body]'),
    map: createMap(el, props),
    layers: new Map<string, Layer>(),
    active: null,
  };

  for (const c of props.callouts) addCallout(x, c);
  wireRows(x);
  page.addEventListener('click', (e) => onPageClick(x, e));
  wireSearch(x);
  wirePrint(page);

  x.map.on('zoomend', () => {
    el.dataset.zoom = String(x.map.getZoom());
    syncUrl(x);
  });

  if (props.selected) {
    x.active = props.selected;
    x.layers.get(props.selected)?.setStyle(styleFor(true, false));
    el.dataset.activeCallout = props.selected;
  }
  const { height } = props.diagram;
  if (props.canEdit)
    attachEditor({ map: x.map, page, layers: x.layers, props, toImage: (b) => toImageRect(b, height) });
  el.dataset.ready = 'true';
}

/** The diagram as a Leaflet image map, on its first view: a deep link's callout and zoom, else the whole picture. */
function createMap(el: HTMLElement, props: ExplorerProps): L.Map {
  const { width, height } = props.diagram;
  el.querySelector('.parts-map__fallback')?.remove();
  el.classList.add('is-live');
  const imageBounds = L.latLngBounds([0, 0], [height, width]);
  const map = L.map(el, {
    crs: L.CRS.Simple,
    minZoom: props.zoomRange.min,
    maxZoom: props.zoomRange.max,
    zoomSnap: 1,
    attributionControl: false,
    maxBounds: imageBounds.pad(0.25),
    keyboard: true,
  });
  L.imageOverlay(props.diagram.image, imageBounds, { alt: props.diagram.title }).addTo(map);
  const deep = props.callouts.find((c) => c.callout === props.selected);
  const focus = deep ? L.latLngBounds(calloutBounds(deep, height)) : imageBounds;
  if (props.zoom !== null) map.setView(focus.getCenter(), props.zoom, { animate: false });
  else if (deep) map.fitBounds(focus, { maxZoom: 0, animate: false });
  else map.fitBounds(imageBounds, { animate: false });
  el.dataset.zoom = String(map.getZoom());
  return map;
}

const rows = (x: Explorer, label: string) => [
  ...x.page.querySelectorAll<HTMLElement>(`[data-callout-row="${CSS.escape(label)}"]`),
];

function highlight(x: Explorer, label: string | null, on: boolean) {
  if (!label) return;
  x.layers.get(label)?.setStyle(styleFor(label === x.active, on));
  for (const r of rows(x, label)) r.classList.toggle('is-hover', on);
}

function syncUrl(x: Explorer) {
  const url = new URL(location.href);
  if (x.active) url.searchParams.set('callout', x.active);
  else url.searchParams.delete('callout');
  url.searchParams.set('zoom', String(x.map.getZoom()));
  history.replaceState(null, '', url);
}

/** Moves the active style from the previous callout's rectangle and rows to `label`'s. */
function markActive(x: Explorer, label: string) {
  const previous = x.active;
  x.active = label;
  if (previous && previous !== label) {
    x.layers.get(previous)?.setStyle(styleFor(false, false));
    for (const r of rows(x, previous)) r.classList.remove('is-active');
  }
  x.layers.get(label)?.setStyle(styleFor(true, false));
  for (const r of rows(x, label)) r.classList.add('is-active');
}

function pulse(x: Explorer, label: string) {
  const path = x.layers.get(label)?.getElement();
  path?.classList.remove('is-pulsing');
  void (path as SVGElement | undefined)?.getBoundingClientRect();
  path?.classList.add('is-pulsing');
}

async function select(x: Explorer, label: string, opts: { fly?: boolean; pulse?: boolean } = {}) {
  const { props, panel } = x;
  markActive(x, label);
  const c = props.callouts.find((y) => y.callout === label);
  if (c && opts.fly)
    x.map.flyToBounds(calloutBounds(c, props.diagram.height), {
      maxZoom: Math.min(props.zoomRange.max, 1),
      duration: 0.6,
    });
  if (opts.pulse) pulse(x, label);
  syncUrl(x);
  x.el.dataset.activeCallout = label;
  if (!panel) return;
  panel.setAttribute('aria-busy', 'true');
  try {
    const reply = await request<{ html: string }>(
      'GET',
      `${props.base}/callout/${encodeURIComponent(label)}${props.query ?? ''}`,
    );
    if (x.active !== label) return; // a later click won
    panel.innerHTML = reply.html; // server-rendered, escaped by EJS
    requestMount(panel);
    if (x.status) x.status.textContent = panel.querySelector('h2')?.textContent ?? '';
  } finally {
    panel.removeAttribute('aria-busy');
  }
}

type Callout = ExplorerProps['callouts'][number];

/** A callout's rectangle on the map: hover highlights it, a click selects it. */
function addCallout(x: Explorer, c: Callout) {
  const layer = L.rectangle(calloutBounds(c, x.props.diagram.height), {
    ...styleFor(false, false),
    className: 'callout-rect',
  }) as Layer;
  layer.addTo(x.map);
  layer.bindTooltip(`${c.callout}: ${c.parts.map((p) => p.title).join(', ')}`, { sticky: true, direction: 'top' });
  layer.on('click', () => select(x, c.callout).catch(logOnly('callout')));
  layer.on('mouseover', () => highlight(x, c.callout, true));
  layer.on('mouseout', () => highlight(x, c.callout, false));
  x.layers.set(c.callout, layer);
  const path = layer.getElement() as SVGElement | undefined;
  if (path) makeFocusable(x, c, path);
}

/** Keyboard: each rectangle is a focusable button inside the map. */
function makeFocusable(x: Explorer, c: Callout, path: SVGElement) {
  path.setAttribute('tabindex', '0');
  path.setAttribute('role', 'button');
  path.setAttribute(
    'aria-label',
    (x.el.dataset.calloutLabel ?? text('callout')).replace('{{callout}}', c.callout) +
      ` — ${c.parts.map((p) => p.title).join(', ')}`,
  );
  path.dataset.callout = c.callout;
  // A callout that does not fit the chosen machine stays clickable, dimmed, and says why.
  if (c.misfit) {
    path.classList.add('is-misfit');
    path.setAttribute('aria-label', `${path.getAttribute('aria-label')} — ${x.props.fitNote ?? ''}`);
  }
  path.addEventListener('focus', () => highlight(x, c.callout, true));
  path.addEventListener('blur', () => highlight(x, c.callout, false));
  path.addEventListener('keydown', (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select(x, c.callout).catch(logOnly('callout'));
    }
  });
}

/** Part-list rows ↔ rectangles. */
function wireRows(x: Explorer) {
  for (const row of x.page.querySelectorAll<HTMLElement>('[data-callout-row]')) {
    const label = row.dataset.calloutRow!;
    row.addEventListener('mouseenter', () => highlight(x, label, true));
    row.addEventListener('mouseleave', () => highlight(x, label, false));
    row.addEventListener('focusin', () => highlight(x, label, true));
    row.addEventListener('focusout', () => highlight(x, label, false));
  }
}

/** A callout link selects its callout on the map; a part opens its add-to-cart modal. */
function onPageClick(x: Explorer, e: MouseEvent) {
  const target = e.target as HTMLElement;
  const link = target.closest<HTMLAnchorElement>('[data-callout-link]');
  if (link) {
    e.preventDefault();
    x.el.scrollIntoView({ block: 'nearest' });
    select(x, link.dataset.calloutLink!, { fly: true, pulse: true }).catch(logOnly('callout'));
    return;
  }
  const opener = target.closest<HTMLElement>('[data-part-open], [data-part-detail]');
  if (opener && x.modal && x.modalBody) {
    e.preventDefault();
    openPart(x, opener.dataset.partOpen ?? opener.dataset.partDetail!).catch(logOnly('part'));
  }
}

async function openPart(x: Explorer, url: string) {
  const reply = await request<{ html: string }>('GET', url);
  x.modalBody!.innerHTML = reply.html; // server-rendered, escaped by EJS
  requestMount(x.modalBody!);
  x.modal!.showModal();
  x.modalBody!.querySelector<HTMLInputElement>('input[name="quantity"]')?.focus();
}

/** Search inside the diagram: part number or name → fly to and pulse its callout. */
function wireSearch(x: Explorer) {
  const find = x.page.querySelector<HTMLFormElement>('[data-testid="diagram-search-form"]');
  find?.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = new FormData(find).get('q')?.toString() ?? '';
    const hits = findCallouts(x.props.callouts, q);
    if (x.status) x.status.textContent = hits.length ? '' : (find.dataset.none ?? text('noPartMatches'));
    if (hits.length) select(x, hits[0], { fly: true, pulse: true }).catch(logOnly('callout'));
    else find.querySelector('input')?.setAttribute('aria-invalid', 'true');
  });
  find
    ?.querySelector('input')
    ?.addEventListener('input', (e) => (e.target as HTMLElement).removeAttribute('aria-invalid'));
}

function wirePrint(page: HTMLElement) {
  const printButton = page.querySelector<HTMLButtonElement>('[data-print]');
  if (printButton) {
    printButton.hidden = false;
    printButton.addEventListener('click', () => window.print());
  }
}

function styleFor(active: boolean, hover: boolean): L.PathOptions {
  return {
    color: active ? '#b3261e' : hover ? '#8a5d00' : '#1d6fb8',
    weight: active || hover ? 4 : 2,
    fillColor: active ? '#e3a21a' : '#1d6fb8',
    fillOpacity: active ? 0.25 : hover ? 0.18 : 0.06,
  };
}
