/**
 * A date picker field (spec §5, §9) over a plain text input: typed dates are read in several
 * orders and shown as mm/dd/yy on blur (domain/date-field.ts); the calendar button opens a month
 * grid whose weeks start on Sunday, with days before today and past 21 years ahead disabled.
 * Arrow keys move by day and week, Enter picks, Escape closes.
 */
import { text } from '../lib/text.ts';
import { checkDateField } from '../../src/domain/date-field.ts';
import { daysInMonth, formatDate, maxPickerDate, WEEK_STARTS_ON } from '../../src/domain/dates.ts';

/** The shared rule's messages as the islands' text names them (in the page's language). */
const DATE_TEXT = { format: 'dateFormat', past: 'datePast', future: 'dateFuture' } as const;
const SVG_NS = 'http://www.w3.org/2000/svg';

const pad = (n: number) => String(n).padStart(2, '0');

export default function dateField(wrap: HTMLElement): void {
  const input = wrap.querySelector<HTMLInputElement>('input');
  if (!input) return;
  const locale = document.querySelector<HTMLMetaElement>('meta[name="locale"]')?.content ?? 'en-us';
  const error = document.createElement('span');
  error.className = 'field-error';
  error.id = `${input.id}-picker-error`;
  error.hidden = true;
  wrap.append(error);

  const today = new Date();
  const max = maxPickerDate(today);
  const toIso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
  const minIso = toIso(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate());
  const maxIso = toIso(max.getUTCFullYear(), max.getUTCMonth() + 1, max.getUTCDate());

  const validate = () => {
    const v = input.value.trim();
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    if (!v) return;
    const r = checkDateField(v, today);
    if (r.ok) input.value = r.display;
    else {
      error.textContent = wrap.dataset[`msg${r.error[0].toUpperCase()}${r.error.slice(1)}`] ?? text(DATE_TEXT[r.error]);
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    }
  };
  input.addEventListener('blur', validate);

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-sm btn-ghost date-field__open';
  // The shared SVG icon set's calendar (views/partials/icons.ejs), not an emoji.
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.8',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
    width: '18',
    height: '18',
  }))
    svg.setAttribute(k, v);
  for (const [tag, attrs] of [
    ['rect', { x: '3', y: '5', width: '18', height: '16', rx: '2' }],
    ['path', { d: 'M3 10h18M8 3v4M16 3v4' }],
  ] as const) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.append(el);
  }
  button.append(svg);
  button.setAttribute('aria-label', wrap.dataset.openLabel ?? text('chooseDate'));
  button.setAttribute('aria-expanded', 'false');
  input.after(button);
  const panel = document.createElement('div');
  panel.className = 'date-field__panel';
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', wrap.dataset.openLabel ?? text('chooseDate'));
  button.after(panel);

  let year = today.getUTCFullYear();
  let month = today.getUTCMonth() + 1;
  let focusDay = today.getUTCDate();

  const weekdays = Array.from({ length: 7 }, (_, i) =>
    formatDate(new Date(Date.UTC(2023, 0, 1 + ((WEEK_STARTS_ON + i) % 7))), locale, { weekday: 'narrow' }),
  );

  function render() {
    const title = formatDate(new Date(Date.UTC(year, month - 1, 1)), locale, { month: 'long', year: 'numeric' });
    const first = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() - WEEK_STARTS_ON + 7) % 7;
    const days = daysInMonth(year, month);
    const cells: string[] = [];
    for (let i = 0; i < first; i++) cells.push('<td></td>');
    for (let d = 1; d <= days; d++) {
      const iso = toIso(year, month, d);
      const off = iso < minIso || iso > maxIso;
      cells.push(
        `<td><button type="button" data-day="${d}"${off ? ' disabled' : ''}${d === focusDay ? '' : ' tabindex="-1"'}>${d}</button></td>`,
      );
    }
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
    panel.innerHTML =
      `<div class="date-field__head"><button type="button" data-nav="-1" aria-label="‹">‹</button><strong aria-live="polite">${title}</strong><button type="button" data-nav="1" aria-label="›">›</button></div>` +
      `<table class="date-field__grid"><thead><tr>${weekdays.map((w) => `<th scope="col">${w}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }
  const focusCurrent = () => panel.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  const move = (delta: number) => {
    const d = new Date(Date.UTC(year, month - 1, focusDay + delta));
    year = d.getUTCFullYear();
    month = d.getUTCMonth() + 1;
    focusDay = d.getUTCDate();
    render();
    focusCurrent();
  };
  const close = () => {
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };

  button.addEventListener('click', () => {
    if (!panel.hidden) return close();
    const r = checkDateField(input.value, today, { allowPast: true });
    if (r.ok) [year, month, focusDay] = [r.date.year, r.date.month, r.date.day];
    render();
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    focusCurrent();
  });
  panel.addEventListener('click', (e) => {
    const t = e.target as HTMLElement;
    const nav = t.closest<HTMLElement>('[data-nav]');
    if (nav) {
      month += Number(nav.dataset.nav);
      if (month < 1) [month, year] = [12, year - 1];
      if (month > 12) [month, year] = [1, year + 1];
      focusDay = Math.min(focusDay, daysInMonth(year, month));
      return render();
    }
    const day = t.closest<HTMLButtonElement>('[data-day]');
    if (day && !day.disabled) {
      input.value = `${pad(month)}/${day.dataset.day!.padStart(2, '0')}/${pad(year % 100)}`;
      validate();
      close();
      input.focus();
    }
  });
  panel.addEventListener('keydown', (e) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in steps) {
      e.preventDefault();
      move(steps[e.key]);
    } else if (e.key === 'Escape') {
      close();
      button.focus();
    }
  });
}
