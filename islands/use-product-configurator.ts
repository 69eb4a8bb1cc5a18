/**
 * The product configurator's state: what the shopper asked of each option, the typed quantity,
 * the configuration and price the domain rules derive from them, and the inline add to cart.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  configure,
  configuredStockCode,
  type ConfigOption,
  type RequestedSelection,
} from '../src/domain/configurator.ts';
import { addToCartState } from '../src/domain/availability.ts';
import { formatMoney, parseCents } from '../src/domain/money.ts';
import { QUANTITY_OPTION_TYPE, clampCartQuantity, clampOptionQuantity } from '../src/domain/quantity.ts';
import type { ConfiguratorLabels as Labels, ConfiguratorProps as Props } from '../src/domain/product-page.ts';
import { showAlert } from './lib/alerts.ts';
import { handleError } from './lib/errors.ts';
import { request } from './lib/request.ts';
import { publishConfiguration } from './lib/configuration.ts';

/** What the shopper has asked for: the choice of each single option, the typed quantity of each quantity choice. */
export type Asked = { single: Record<number, number>; qty: Record<number, string> };

/** The answer of POST /{locale}/cart/add/inline. */
type AddAnswer = {
  product_id?: number;
  quantity?: number;
  cart?: { subtotal?: unknown; count?: unknown };
  html?: string;
};

export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

function requestedOf(options: readonly ConfigOption[], asked: Asked): RequestedSelection[] {
  const out: RequestedSelection[] = [];
  for (const o of options) {
    if (o.optionType === QUANTITY_OPTION_TYPE) {
      for (const c of o.choices) {
        const q = clampOptionQuantity(asked.qty[c.id] ?? '', QUANTITY_OPTION_TYPE);
        if (q > 0) out.push({ optionId: o.id, choiceId: c.id, quantity: q });
      }
    } else if (asked.single[o.id] !== undefined) {
      out.push({ optionId: o.id, choiceId: asked.single[o.id] });
    }
  }
  return out;
}

/** Forgets what was asked of options that are no longer shown, so they return on their default. */
function prune(options: readonly ConfigOption[], asked: Asked): Asked {
  const visible = new Set(configure(options, requestedOf(options, asked)).visibleOptionIds);
  const single: Record<number, number> = {};
  const qty: Record<number, string> = {};
  for (const o of options) {
    if (!visible.has(o.id)) continue;
    if (asked.single[o.id] !== undefined) single[o.id] = asked.single[o.id];
    for (const c of o.choices) if (asked.qty[c.id] !== undefined) qty[c.id] = asked.qty[c.id];
  }
  return { single, qty };
}

/** Clamp as the shopper types; an emptied field stays empty (it counts as the minimum) until it loses focus. */
export const typed = (value: string, clamp: (v: string) => number) => (value.trim() === '' ? '' : String(clamp(value)));

/** cart.subtotal comes as a decimal string ('1234.50'); money.ts turns it into cents (never float × 100). */
function subtotalText(v: unknown, currency: string, locale: string): string | null {
  const cents = parseCents(v);
  if (cents !== null) return formatMoney(cents, currency, locale);
  return typeof v === 'string' && v.trim() ? v : null;
}

type AddState = ReturnType<typeof addToCartState>;

/** The availability line: why the button is off, when it ships again, or in stock. */
function statusOf(state: AddState, labels: Labels): { key: string; text: string } {
  if (state.reason) return { key: state.reason, text: labels.reasons[state.reason] };
  if (state.backorder) return { key: 'backorder', text: labels.backordered ?? '' };
  if (state.resupplyDate) return { key: 'resupply', text: labels.shipsBy };
  return { key: 'in_stock', text: labels.inStock };
}

/** The endpoint's own form fields: product_id, quantity, options[<optionId>], option_qty[<choiceId>]. */
function addData(props: Props, quantity: number, config: ReturnType<typeof configure>): Record<string, unknown> {
  const data: Record<string, unknown> = { product_id: props.productId, quantity };
  for (const s of config.selections) {
    if (s.optionType === QUANTITY_OPTION_TYPE) data[`option_qty[${s.choiceId}]`] = s.quantity;
    else data[`options[${s.optionId}]`] = s.choiceId;
  }
  return data;
}

/** Shows the cart's new count in every cart badge of the page. */
function showCartCount(count: unknown) {
  if (typeof count === 'number' || (typeof count === 'string' && count.trim() !== '')) {
    for (const el of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
      el.textContent = String(count);
      el.removeAttribute('hidden');
    }
  }
}

/** Tells the shopper what was added, and the cart's subtotal when the answer has it. */
function announceAdded(props: Props, answer: AddAnswer | undefined, quantity: number) {
  const { labels, currency, locale } = props;
  const sub = subtotalText(answer?.cart?.subtotal, currency, locale);
  const summary =
    fill(labels.added, { quantity: answer?.quantity ?? quantity, title: props.title }) +
    (sub ? ` ${fill(labels.cartSubtotal, { subtotal: sub })}` : '');
  showAlert(summary, 'success');
}

export function useProductConfigurator(props: Props) {
  const { options, currency, locale } = props;
  const [asked, setAsked] = useState<Asked>({ single: {}, qty: {} });
  const [qtyText, setQtyText] = useState('1');
  const [busy, setBusy] = useState(false);
  const [addedHtml, setAddedHtml] = useState<string | null>(null);

  const config = useMemo(() => configure(options, requestedOf(options, asked)), [options, asked]);
  const quantity = clampCartQuantity(qtyText);
  const unitCents = props.baseCents + config.optionsCents;
  const subtotalCents = unitCents * quantity;
  const stockCode = configuredStockCode(props.stockcode, options, config);
  const state = addToCartState({
    priceCents: unitCents,
    availability: props.availability,
    resupplyDate: props.resupplyDate,
    stockOnHand: props.stockOnHand,
    tracksStock: props.tracksStock,
    allowBackorder: props.allowBackorder,
    now: new Date(props.now),
  });
  const money = (cents: number) => formatMoney(cents, currency, locale);
  // The EPP calculator beside the configurator finances what is configured (islands/lib/configuration.ts).
  // Only what the shopper asked for: the defaults are the server's too, so an untouched product asks once, by its id.
  const selectionsParam = requestedOf(options, asked)
    .map((s) => `${s.choiceId}:${s.quantity ?? 1}`)
    .join(',');
  useEffect(() => publishConfiguration({ productId: props.productId, selections: selectionsParam }), [selectionsParam]);

  const update = (next: (a: Asked) => Asked) => setAsked((a) => prune(options, next(a)));
  const choose = (optionId: number, choiceId: number) =>
    update((a) => ({ ...a, single: { ...a.single, [optionId]: choiceId } }));
  const setChoiceQty = (choiceId: number, text: string) =>
    update((a) => ({ ...a, qty: { ...a.qty, [choiceId]: text } }));

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!state.enabled || busy) return;
    const data = addData(props, quantity, config);
    setBusy(true);
    try {
      const answer = await request<AddAnswer>('POST', props.addUrl, data);
      showCartCount(answer?.cart?.count);
      announceAdded(props, answer, quantity);
      setAddedHtml(typeof answer?.html === 'string' && answer.html.trim() ? answer.html : null);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  }

  const status = statusOf(state, props.labels);
  return {
    asked,
    qtyText,
    setQtyText,
    busy,
    addedHtml,
    config,
    quantity,
    subtotalCents,
    stockCode,
    state,
    status,
    money,
    choose,
    setChoiceQty,
    add,
  };
}
