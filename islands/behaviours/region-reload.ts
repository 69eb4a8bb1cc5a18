/**
 * Address forms (spec §2): the region select reloads when the country changes, from
 * POST {data-regions-url} (countryCode) → [{code, name}], sorted by name, keeping the first
 * (placeholder) option. A failed load is logged only (spec §8).
 */
import { request } from '../lib/request.ts';

export default function regionReload(el: HTMLElement): void {
  const country = el.querySelector<HTMLSelectElement>('[data-country]');
  const region = el.querySelector<HTMLSelectElement>('[data-region]');
  const url = el.dataset.regionsUrl;
  if (!country || !region || !url) return;
  country.addEventListener('change', async () => {
    try {
      const list = await request<{ code: string; name: string }[]>('POST', url, { countryCode: country.value });
      const first = region.options[0];
      region.replaceChildren(...(first ? [first] : []));
      for (const r of [...list].sort((a, b) => a.name.localeCompare(b.name))) region.add(new Option(r.name, r.code));
      region.value = '';
    } catch (err) {
      console.error('region load failed', err);
    }
  });
}
