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

  const map = L.map(mapEl, {
    attributionControl: false,
    zoomSnap: 0.5,
    worldCopyJump: false,
    minZoom: 2,
    maxZoom: 12,
    renderer: L.svg({ padding: 1 }),
  }).setView([45, -97], 3);
  const markers = L.layerGroup().addTo(map);
  void drawBaseMap(map);

  let origin = props.origin ?? props.last;
  let accuracy = 0;
  const show = (o: { lat: number; lng: number } | null, dealers: DealerPoint[]) => {
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
  };
  show(origin, props.dealers);

  const render = (reply: Reply) => {
    list.innerHTML = reply.html; // server-rendered, escaped by EJS
    origin = reply.origin;
    show(reply.origin, reply.addresses);
    status.textContent = reply.addresses[0]?.duration.text
      ? `${reply.addresses[0].name}: ${reply.addresses[0].duration.text}`
      : '';
    root.dataset.state = 'listed';
  };

  const byLocation = async (lat: number, lng: number, acc: number) => {
    accuracy = acc;
    const reply = await request<Reply>('POST', '/dealers/set', {
      location: JSON.stringify({ lat, lng, accuracy: acc }),
      service: service?.value ?? '',
    });
    render(reply);
  };

  const askBrowser = () => {
    if (!('geolocation' in navigator)) return fallback(root.dataset.unavailable ?? '');
    status.textContent = root.dataset.locating ?? '';
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        void byLocation(pos.coords.latitude, pos.coords.longitude, pos.coords.accuracy).catch((err) =>
          fallback(shownMessages(err)[0]),
        ),
      (err) =>
        fallback(err.code === err.PERMISSION_DENIED ? (root.dataset.denied ?? '') : (root.dataset.unavailable ?? '')),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  };

  /** Refused: keep the last used position's list if there is one, and offer the postal code. */
  function fallback(message: string) {
    status.textContent = message;
    root.dataset.state = props.last ? 'last' : 'postal';
    if (!props.last) form.querySelector<HTMLInputElement>('input[name="postal_code"]')?.focus();
  }

  if (locate && 'geolocation' in navigator) {
    locate.hidden = false;
    locate.addEventListener('click', askBrowser);
  }
  if (networkLocate) {
    networkLocate.hidden = false;
    networkLocate.addEventListener('click', async () => {
      const found = await request<{ location: { lat: number; lng: number } | null; accuracy: number }>(
        'POST',
        `/${locale}/dealers/geolocate`,
      );
      if (found.location) await byLocation(found.location.lat, found.location.lng, found.accuracy);
      else fallback(root.dataset.unavailable ?? '');
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const data = Object.fromEntries(new FormData(form).entries()) as Record<string, string>;
    try {
      render(await request<Reply>('POST', form.dataset.action!, data));
    } catch (err) {
      const fields = isAppRequestError(err)
        ? ((err.body as { error?: { fields?: Record<string, string> } })?.error?.fields ?? {})
        : {};
      if (Object.keys(fields).length) showFieldErrors(form, fields);
      else for (const m of shownMessages(err)) showAlert(m, 'error');
    }
  });

  service?.addEventListener('change', () => {
    if (!origin) return;
    void request<Reply>('POST', '/dealers/set', {
      location: JSON.stringify({ ...origin, accuracy }),
      service: service.value,
    }).then(render, (err) => {
      for (const m of shownMessages(err)) showAlert(m, 'error');
    });
  });

  // A postal search in the URL was answered by the server: keep it. Otherwise ask the device.
  if (!new URLSearchParams(location.search).get('postal_code')) askBrowser();
  root.dataset.ready = 'true';
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
