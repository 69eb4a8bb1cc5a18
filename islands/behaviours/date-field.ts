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

const toIso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** One date field: its parts, the days it allows, and the month and day the calendar shows. */
type Picker = {
  wrap: HTMLElement;
  input: HTMLInputElement;
  error: HTMLElement;
  button: HTMLButtonElement;
  panel: HTMLElement;
  locale: string;
  today: Date;
  minIso: string;
  maxIso: string;
  weekdays: string[];
  year: number;
  month: number;
  focusDay: number;
};

export default function dateField(wrap: HTMLElement): void {
  const input = wrap.querySelector<HTMLInputElement>('input');
  if (!input) return;
  const locale = document.querySelector<HTMLMetaElement>('meta[name="locale"]')?.content ?? 'en-us';
  const error = errorSpan(wrap, input);

  const today = new Date();
  const max = maxPickerDate(today);
  const minIso = toIso(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate());
  const maxIso = toIso(max.getUTCFullYear(), max.getUTCMonth() + 1, max.getUTCDate());

  const button = openButton(wrap, input);
  const panel = pickerPanel(wrap, button);
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    formatDate(new Date(Date.UTC(2023, 0, 1 + ((WEEK_STARTS_ON + i) % 7))), locale, { weekday: 'narrow' }),
  );
  const p: Picker = {
    wrap,
    input,
    error,
    button,
    panel,
    locale,
    today,
    minIso,
    maxIso,
    weekdays,
    year: today.getUTCFullYear(),
    month: today.getUTCMonth() + 1,
    focusDay: today.getUTCDate(),
  };

  input.addEventListener('blur', () => validate(p));
  button.addEventListener('click', () => onOpenClick(p));
  panel.addEventListener('click', (e) => onPanelClick(p, e));
  panel.addEventListener('keydown', (e) => onPanelKey(p, e));
}

function errorSpan(wrap: HTMLElement, input: HTMLInputElement): HTMLElement {
  const error = document.createElement('span');
  error.className = 'field-error';
  error.id = `${input.id}-picker-error`;
  error.hidden = true;
  wrap.append(error);
  return error;
}

/** Shows a typed date as mm/dd/yy, or says why it is refused. */
function validate({ wrap, input, error, today }: Picker) {
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
}

/** The shared SVG icon set's calendar (views/partials/icons.ejs), not an emoji. */
function calendarIcon(): SVGElement {
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
  return svg;
}

function openButton(wrap: HTMLElement, input: HTMLInputElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-sm btn-ghost date-field__open';
  button.append(calendarIcon());
  button.setAttribute('aria-label', wrap.dataset.openLabel ?? text('chooseDate'));
  button.setAttribute('aria-expanded', 'false');
  input.after(button);
  return button;
}

function pickerPanel(wrap: HTMLElement, button: HTMLButtonElement): HTMLElement {
  const panel = document.createElement('div');
  panel.className = 'date-field__panel';
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', wrap.dataset.openLabel ?? text('chooseDate'));
  button.after(panel);
  return panel;
}

/** The month's weeks as table rows, days outside the allowed range disabled. */
function weekRows({ year, month, focusDay, minIso, maxIso }: Picker): string[] {
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
  return rows;
}

function render(p: Picker) {
  const title = formatDate(new Date(Date.UTC(p.year, p.month - 1, 1)), p.locale, { month: 'long', year: 'numeric' });
  const rows = weekRows(p);
  p.panel.innerHTML =
    `<div class="date-field__head"><button type="button" data-nav="-1" aria-label="‹">‹</button><strong aria-live="polite">${title}</strong><button type="button" data-nav="1" aria-label="›">›</button></div>` +
    `<table class="date-field__grid"><thead><tr>${p.weekdays.map((w) => `<th scope="col">${w}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const focusCurrent = (p: Picker) => p.panel.querySelector<HTMLButtonElement>(`[data-day="${p.focusDay}"]`)?.focus();

function move(p: Picker, delta: number) {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.focusDay + delta));
  p.year = d.getUTCFullYear();
  p.month = d.getUTCMonth() + 1;
  p.focusDay = d.getUTCDate();
  render(p);
  focusCurrent(p);
}

function close(p: Picker) {
  p.panel.hidden = true;
  p.button.setAttribute('aria-expanded', 'false');
}

/** Opens the calendar on the typed date's month (today's when none), or closes it. */
function onOpenClick(p: Picker) {
  if (!p.panel.hidden) return close(p);
  const r = checkDateField(p.input.value, p.today, { allowPast: true });
  if (r.ok) [p.year, p.month, p.focusDay] = [r.date.year, r.date.month, r.date.day];
  render(p);
  p.panel.hidden = false;
  p.button.setAttribute('aria-expanded', 'true');
  focusCurrent(p);
}

/** ‹ and › change the month; a day picks the date and closes the calendar. */
function onPanelClick(p: Picker, e: MouseEvent) {
  const t = e.target as HTMLElement;
  const nav = t.closest<HTMLElement>('[data-nav]');
  if (nav) {
    p.month += Number(nav.dataset.nav);
    if (p.month < 1) [p.month, p.year] = [12, p.year - 1];
    if (p.month > 12) [p.month, p.year] = [1, p.year + 1];
    p.focusDay = Math.min(p.focusDay, daysInMonth(p.year, p.month));
    return render(p);
  }
  const day = t.closest<HTMLButtonElement>('[data-day]');
  if (day && !day.disabled) {
    p.input.value = `${pad(p.month)}/${day.dataset.day!.padStart(2, '0')}/${pad(p.year % 100)}`;
    validate(p);
    close(p);
    p.input.focus();
  }
}

/** Arrow keys move by day and week, Escape closes. */
function onPanelKey(p: Picker, e: KeyboardEvent) {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  if (e.key in steps) {
    e.preventDefault();
    move(p, steps[e.key]);
  } else if (e.key === 'Escape') {
    close(p);
    p.button.focus();
  }
}
