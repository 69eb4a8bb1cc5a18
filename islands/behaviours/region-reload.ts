/**
 * Address forms with region reload (spec §2, §5, §7): when the `[data-region-source]` country
 * select changes, POST /{locale}/address/get-regions (multipart, countryCode) and rebuild the
 * `[data-region-target]` select: its first option (the prompt) stays first, the regions follow
 * sorted by name (domain/countries.ts sortRegionOptions). A failure is logged only (§8).
 */
import { sortRegionOptions } from '../../src/domain/countries.ts';
import { request } from '../lib/request.ts';

export default function regionReload(root: HTMLElement): void {
  const source = root.querySelector<HTMLSelectElement>('[data-region-source]');
  const target = root.querySelector<HTMLSelectElement>('[data-region-target]');
  const url =
    root.dataset.regionsUrl ??
    `/${document.querySelector<HTMLMetaElement>('meta[name="locale"]')?.content ?? 'en-us'}/address/get-regions`;
  if (!source || !target) return;
  let seq = 0;
  source.addEventListener('change', async () => {
    const mine = ++seq;
    const data = new FormData();
    data.set('countryCode', source.value);
    target.disabled = true;
    try {
      const regions = await request<{ code: string; name: string }[]>('POST', url, data);
      if (mine !== seq) return; // a later change won
      const prompt = target.options[0];
      const options = sortRegionOptions([{ code: prompt?.value ?? '', name: prompt?.text ?? '' }, ...regions]);
      target.replaceChildren(...options.map((o) => new Option(o.name, o.code)));
      target.value = '';
      root.dataset.regionsFor = source.value;
    } catch (err) {
      console.error('region reload failed', err);
    } finally {
      if (mine === seq) target.disabled = false;
    }
  });
}
