/**
 * The dealer locator (spec §7 "Location and dealers"): the browser's geolocation is asked once;
 * its position goes to POST /dealers/set (form token + location JSON {lat, lng, accuracy}) and the
 * reply's list replaces the page's, with the first address's duration text in the status line.
 * Refused or unavailable location falls back to the last used position (already rendered by the
 * server) and the postal-code form. The map is Leaflet over a base map of country and state
 * borders shipped with the app (world-atlas, us-atlas): it works with no network.
 */
import { shownMessages } from '../lib/errors.ts';
import { text } from '../lib/text.ts';
import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { request, isAppRequestError } from '../lib/request.ts';
import { showAlert } from '../lib/alerts.ts';
import { clearFieldErrors, showFieldErrors } from './json-form.ts';

type DealerPoint = { id: number; name: string; lat: number; lng: number };
type Props = {
  last: { lat: number; lng: number } | null;
  origin: { lat: number; lng: number } | null;
  dealers: DealerPoint[];
};
type Reply = {
  origin: { lat: number; lng: number };
  accuracy: number;
  addresses: (DealerPoint & { duration: { text: string } })[];
  html: string;
};

type Point = { lat: number; lng: number };

/** One locator on the page: its parts, its map, and the position its list was found from. */
type Locator = {
  root: HTMLElement;
  props: Props;
  status: HTMLElement;
  list: HTMLElement;
  form: HTMLFormElement;
  service: HTMLSelectElement | null;
  locale: string;
  map: L.Map;
  markers: L.LayerGroup;
  origin: Point | null;
  accuracy: number;
};

export default function dealerLocator(root: HTMLElement): void {
  const props = JSON.parse(root.querySelector('script[data-dealer-props]')?.textContent ?? '{}') as Props;
  const status = root.querySelector<HTMLElement>('[data-dealer-status]')!;
  const list = root.querySelector<HTMLElement>('[data-dealer-list]')!;
  const form = root.querySelector<HTMLFormElement>('[data-postal-form]')!;
  const service = root.querySelector<HTMLSelectElement>('[data-service-filter]');
  const locate = root.querySelector<HTMLButtonElement>('[data-locate]');
  const networkLocate = root.querySelector<HTMLButtonElement>('[data-network-locate]');
  const mapEl = root.querySelector<HTMLElement>('[data-dealer-map]')!;
  const locale = document.querySelector<HTMLMetaElement>('meta[name="locale"]')?.content ?? 'en-us';

  const map = createMap(mapEl);
  const markers = L.layerGroup().addTo(map);
  void drawBaseMap(map);

  const x: Locator = { root, props, status, list, form, service, locale, map, markers, origin: null, accuracy: 0 };
  x.origin = props.origin ?? props.last;
  show(x, x.origin, props.dealers);

  wireLocate(x, locate, networkLocate);
  form.addEventListener('submit', (event) => onPostalSubmit(x, event));
  service?.addEventListener('change', () => onServiceChange(x, service));

  // A postal search in the URL was answered by the server: keep it. Otherwise ask the device.
  if (!new URLSearchParams(location.search).get('postal_code')) askBrowser(x);
  root.dataset.ready = 'true';
}

function createMap(mapEl: HTMLElement): L.Map {
  return L.map(mapEl, {
    attributionControl: false,
    zoomSnap: 0.5,
    worldCopyJump: false,
    minZoom: 2,
    maxZoom: 12,
    renderer: L.svg({ padding: 1 }),
  }).setView([45, -97], 3);
}

/** The shopper's position and the dealers as markers, the nearest one highlighted, all in view. */
function show({ root, map, markers }: Locator, o: Point | null, dealers: DealerPoint[]) {
  markers.clearLayers();
  const points: L.LatLngExpression[] = [];
  if (o) {
    L.circleMarker([o.lat, o.lng], { radius: 8, color: '#1d4f91', fillColor: '#1d4f91', fillOpacity: 0.9 })
      .bindTooltip(root.dataset.you ?? text('you'))
      .addTo(markers);
    points.push([o.lat, o.lng]);
  }
  dealers.forEach((d, i) => {
    L.circleMarker([d.lat, d.lng], {
      radius: 9,
      color: '#14331f',
      weight: 2,
      fillColor: i === 0 ? '#e3a21a' : '#2d6e43',
      fillOpacity: 0.95,
    })
      .bindTooltip(`${i + 1}. ${d.name}`)
      .addTo(markers);
    points.push([d.lat, d.lng]);
  });
  if (points.length) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 8, animate: false });
}

function render(x: Locator, reply: Reply) {
  x.list.innerHTML = reply.html; // server-rendered, escaped by EJS
  x.origin = reply.origin;
  show(x, reply.origin, reply.addresses);
  x.status.textContent = reply.addresses[0]?.duration.text
    ? `${reply.addresses[0].name}: ${reply.addresses[0].duration.text}`
    : '';
  x.root.dataset.state = 'listed';
}

async function byLocation(x: Locator, lat: number, lng: number, acc: number) {
  x.accuracy = acc;
  const reply = await request<Reply>('POST', '/dealers/set', {
    location: JSON.stringify({ lat, lng, accuracy: acc }),
    service: x.service?.value ?? '',
  });
  render(x, reply);
}

function askBrowser(x: Locator) {
  const { root } = x;
  if (!('geolocation' in navigator)) return fallback(x, root.dataset.unavailable ?? '');
  x.status.textContent = root.dataset.locating ?? '';
  navigator.geolocation.getCurrentPosition(
    (pos) =>
      void byLocation(x, pos.coords.latitude, pos.coords.longitude, pos.coords.accuracy).catch((err) =>
        fallback(x, shownMessages(err)[0]),
      ),
    (err) =>
      fallback(x, err.code === err.PERMISSION_DENIED ? (root.dataset.denied ?? '') : (root.dataset.unavailable ?? '')),
    { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
  );
}

/** Refused: keep the last used position's list if there is one, and offer the postal code. */
function fallback({ root, props, status, form }: Locator, message: string) {
  status.textContent = message;
  root.dataset.state = props.last ? 'last' : 'postal';
  if (!props.last) form.querySelector<HTMLInputElement>('input[name="postal_code"]')?.focus();
}

/** The device's location button, and the network's (the server guesses from the address). */
function wireLocate(x: Locator, locate: HTMLButtonElement | null, networkLocate: HTMLButtonElement | null) {
  if (locate && 'geolocation' in navigator) {
    locate.hidden = false;
    locate.addEventListener('click', () => askBrowser(x));
  }
  if (networkLocate) {
    networkLocate.hidden = false;
    networkLocate.addEventListener('click', async () => {
      const found = await request<{ location: Point | null; accuracy: number }>(
        'POST',
        `/${x.locale}/dealers/geolocate`,
      );
      if (found.location) await byLocation(x, found.location.lat, found.location.lng, found.accuracy);
      else fallback(x, x.root.dataset.unavailable ?? '');
    });
  }
}

async function onPostalSubmit(x: Locator, event: SubmitEvent) {
  const { form } = x;
  event.preventDefault();
  clearFieldErrors(form);
  const data = Object.fromEntries(new FormData(form).entries()) as Record<string, string>;
  try {
    render(x, await request<Reply>('POST', form.dataset.action!, data));
  } catch (err) {
    const fields = isAppRequestError(err)
      ? ((err.body as { error?: { fields?: Record<string, string> } })?.error?.fields ?? {})
      : {};
    if (Object.keys(fields).length) showFieldErrors(form, fields);
    else for (const m of shownMessages(err)) showAlert(m, 'error');
  }
}

/** Another service: the same position's list again, for that service. */
function onServiceChange(x: Locator, service: HTMLSelectElement) {
  if (!x.origin) return;
  void request<Reply>('POST', '/dealers/set', {
    location: JSON.stringify({ ...x.origin, accuracy: x.accuracy }),
    service: service.value,
  }).then(
    (reply) => render(x, reply),
    (err) => {
      for (const m of shownMessages(err)) showAlert(m, 'error');
    },
  );
}

/** Country borders (world-atlas) and US states (us-atlas), bundled: no tile server needed. */
async function drawBaseMap(map: L.Map) {
  const [world, us] = await Promise.all([
    import('world-atlas/countries-110m.json'),
    import('us-atlas/states-10m.json').catch(() => null),
  ]);
  const w = (world.default ?? world) as unknown as Topology<{ countries: GeometryCollection }>;
  L.geoJSON(feature(w, w.objects.countries) as GeoJSON.FeatureCollection, {
    style: { color: '#9fb0a6', weight: 1, fillColor: '#eef3ec', fillOpacity: 1 },
    interactive: false,
  })
    .addTo(map)
    .bringToBack();
  if (us) {
    const u = (us.default ?? us) as unknown as Topology<{ states: GeometryCollection }>;
    L.geoJSON(feature(u, u.objects.states) as GeoJSON.FeatureCollection, {
      style: { color: '#b9c4bd', weight: 0.8, fill: false },
      interactive: false,
    }).addTo(map);
  }
}
