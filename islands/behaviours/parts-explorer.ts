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

export default function partsExplorer(el: HTMLElement): void {
  const propsEl = el.querySelector<HTMLScriptElement>('script[data-parts-props]');
  if (!propsEl) return;
  const props = JSON.parse(propsEl.textContent ?? '{}') as ExplorerProps;
  const page = el.closest<HTMLElement>('[data-testid="parts-explorer"]') ?? document.body;
  const panel = page.querySelector<HTMLElement>('[data-parts-panel]');
  const status = page.querySelector<HTMLElement>('[data-parts-status]');
  const modal = page.querySelector<HTMLDialogElement>('[data-part-modal]');
  const modalBody = page.querySelector<HTMLElement>('[data-part-modal-body]');
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
  // First view: a deep link's callout and zoom, else the whole picture.
  const deep = props.callouts.find((c) => c.callout === props.selected);
  const focus = deep ? L.latLngBounds(calloutBounds(deep, height)) : imageBounds;
  if (props.zoom !== null) map.setView(focus.getCenter(), props.zoom, { animate: false });
  else if (deep) map.fitBounds(focus, { maxZoom: 0, animate: false });
  else map.fitBounds(imageBounds, { animate: false });
  el.dataset.zoom = String(map.getZoom());

  const layers = new Map<string, Layer>();
  let active: string | null = null;

  const rows = (label: string) => [...page.querySelectorAll<HTMLElement>(`[data-callout-row="${CSS.escape(label)}"]`)];
  const highlight = (label: string | null, on: boolean) => {
    if (!label) return;
    layers.get(label)?.setStyle(styleFor(label === active, on));
    for (const r of rows(label)) r.classList.toggle('is-hover', on);
  };

  const syncUrl = () => {
    const url = new URL(location.href);
    if (active) url.searchParams.set('callout', active);
    else url.searchParams.delete('callout');
    url.searchParams.set('zoom', String(map.getZoom()));
    history.replaceState(null, '', url);
  };

  async function select(label: string, opts: { fly?: boolean; pulse?: boolean } = {}) {
    const previous = active;
    active = label;
    if (previous && previous !== label) {
      layers.get(previous)?.setStyle(styleFor(false, false));
      for (const r of rows(previous)) r.classList.remove('is-active');
    }
    layers.get(label)?.setStyle(styleFor(true, false));
    for (const r of rows(label)) r.classList.add('is-active');
    const c = props.callouts.find((x) => x.callout === label);
    if (c && opts.fly)
      map.flyToBounds(calloutBounds(c, height), { maxZoom: Math.min(props.zoomRange.max, 1), duration: 0.6 });
    if (opts.pulse) {
      const path = layers.get(label)?.getElement();
      path?.classList.remove('is-pulsing');
      void (path as SVGElement | undefined)?.getBoundingClientRect();
      path?.classList.add('is-pulsing');
    }
    syncUrl();
    el.dataset.activeCallout = label;
    if (!panel) return;
    panel.setAttribute('aria-busy', 'true');
    try {
      const reply = await request<{ html: string }>(
        'GET',
        `${props.base}/callout/${encodeURIComponent(label)}${props.query ?? ''}`,
      );
      if (active !== label) return; // a later click won
      panel.innerHTML = reply.html; // server-rendered, escaped by EJS
      requestMount(panel);
      if (status) status.textContent = panel.querySelector('h2')?.textContent ?? '';
    } finally {
      panel.removeAttribute('aria-busy');
    }
  }

  for (const c of props.callouts) {
    const layer = L.rectangle(calloutBounds(c, height), {
      ...styleFor(false, false),
      className: 'callout-rect',
    }) as Layer;
    layer.addTo(map);
    layer.bindTooltip(`${c.callout}: ${c.parts.map((p) => p.title).join(', ')}`, { sticky: true, direction: 'top' });
    layer.on('click', () => select(c.callout).catch(logOnly('callout')));
    layer.on('mouseover', () => highlight(c.callout, true));
    layer.on('mouseout', () => highlight(c.callout, false));
    layers.set(c.callout, layer);
    // Keyboard: each rectangle is a focusable button inside the map.
    const path = layer.getElement() as SVGElement | undefined;
    if (path) {
      path.setAttribute('tabindex', '0');
      path.setAttribute('role', 'button');
      path.setAttribute(
        'aria-label',
        (el.dataset.calloutLabel ?? text('callout')).replace('{{callout}}', c.callout) +
          ` — ${c.parts.map((p) => p.title).join(', ')}`,
      );
      path.dataset.callout = c.callout;
      // A callout that does not fit the chosen machine stays clickable, dimmed, and says why.
      if (c.misfit) {
        path.classList.add('is-misfit');
        path.setAttribute('aria-label', `${path.getAttribute('aria-label')} — ${props.fitNote ?? ''}`);
      }
      path.addEventListener('focus', () => highlight(c.callout, true));
      path.addEventListener('blur', () => highlight(c.callout, false));
      path.addEventListener('keydown', (e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          select(c.callout).catch(logOnly('callout'));
        }
      });
    }
  }

  // Part-list rows ↔ rectangles.
  for (const row of page.querySelectorAll<HTMLElement>('[data-callout-row]')) {
    const label = row.dataset.calloutRow!;
    row.addEventListener('mouseenter', () => highlight(label, true));
    row.addEventListener('mouseleave', () => highlight(label, false));
    row.addEventListener('focusin', () => highlight(label, true));
    row.addEventListener('focusout', () => highlight(label, false));
  }
  page.addEventListener('click', (e) => {
    const target = e.target as HTMLElement;
    const link = target.closest<HTMLAnchorElement>('[data-callout-link]');
    if (link) {
      e.preventDefault();
      el.scrollIntoView({ block: 'nearest' });
      select(link.dataset.calloutLink!, { fly: true, pulse: true }).catch(logOnly('callout'));
      return;
    }
    const opener = target.closest<HTMLElement>('[data-part-open], [data-part-detail]');
    if (opener && modal && modalBody) {
      e.preventDefault();
      openPart(opener.dataset.partOpen ?? opener.dataset.partDetail!).catch(logOnly('part'));
    }
  });

  async function openPart(url: string) {
    const reply = await request<{ html: string }>('GET', url);
    modalBody!.innerHTML = reply.html; // server-rendered, escaped by EJS
    requestMount(modalBody!);
    modal!.showModal();
    modalBody!.querySelector<HTMLInputElement>('input[name="quantity"]')?.focus();
  }

  // Search inside the diagram: part number or name → fly to and pulse its callout.
  const find = page.querySelector<HTMLFormElement>('[data-testid="diagram-search-form"]');
  find?.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = new FormData(find).get('q')?.toString() ?? '';
    const hits = findCallouts(props.callouts, q);
    if (status) status.textContent = hits.length ? '' : (find.dataset.none ?? text('noPartMatches'));
    if (hits.length) select(hits[0], { fly: true, pulse: true }).catch(logOnly('callout'));
    else find.querySelector('input')?.setAttribute('aria-invalid', 'true');
  });
  find
    ?.querySelector('input')
    ?.addEventListener('input', (e) => (e.target as HTMLElement).removeAttribute('aria-invalid'));

  const printButton = page.querySelector<HTMLButtonElement>('[data-print]');
  if (printButton) {
    printButton.hidden = false;
    printButton.addEventListener('click', () => window.print());
  }

  map.on('zoomend', () => {
    el.dataset.zoom = String(map.getZoom());
    syncUrl();
  });

  if (props.selected) {
    active = props.selected;
    layers.get(props.selected)?.setStyle(styleFor(true, false));
    el.dataset.activeCallout = props.selected;
  }
  if (props.canEdit) attachEditor({ map, page, layers, props, toImage: (b) => toImageRect(b, height) });
  el.dataset.ready = 'true';
}

function styleFor(active: boolean, hover: boolean): L.PathOptions {
  return {
    color: active ? '#b3261e' : hover ? '#8a5d00' : '#1d6fb8',
    weight: active || hover ? 4 : 2,
    fillColor: active ? '#e3a21a' : '#1d6fb8',
    fillOpacity: active ? 0.25 : hover ? 0.18 : 0.06,
  };
}
