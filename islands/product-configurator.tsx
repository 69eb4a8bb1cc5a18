/**
 * Product page configurator (spec §4 "Product options", §5, §9): option choices, quantity, the
 * live subtotal and stock code, the add-to-cart state and the inline add.
 *
 * Every rule comes from src/domain, so the page agrees with the server: configure() decides
 * which options are reachable and which choice is active (choosing a choice shows its child
 * options; options no longer reachable are hidden and unchecked, and come back on their
 * default), configuredStockCode() builds the code, addToCartState() enables the button,
 * formatMoney() prints the price in the channel currency and the page locale.
 *
 * Without JavaScript the server-rendered form still posts the endpoint's own form fields
 * (product_id, quantity, options[<optionId>], option_qty[<choiceId>]).
 */
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  configure,
  configuredStockCode,
  type ConfigOption,
  type RequestedSelection,
} from '../src/domain/configurator.ts';
import { addToCartState } from '../src/domain/availability.ts';
import { formatMoney, parseCents } from '../src/domain/money.ts';
import {
  CART_MAX,
  CART_MIN,
  OPTION_MAX,
  OPTION_MIN,
  QUANTITY_OPTION_TYPE,
  clampCartQuantity,
  clampOptionQuantity,
} from '../src/domain/quantity.ts';
import { showAlert } from './lib/alerts.ts';
import { handleError } from './lib/errors.ts';
import { request } from './lib/request.ts';
import { publishConfiguration } from './lib/configuration.ts';
import type { ConfiguratorLabels as Labels, ConfiguratorProps as Props } from '../src/domain/product-page.ts';

export type { Labels, Props };

/** What the shopper has asked for: the choice of each single option, the typed quantity of each quantity choice. */
type Asked = { single: Record<number, number>; qty: Record<number, string> };

/** The answer of POST /{locale}/cart/add/inline. */
type AddAnswer = {
  product_id?: number;
  quantity?: number;
  cart?: { subtotal?: unknown; count?: unknown };
  html?: string;
};

const fill = (text: string, vars: Record<string, string | number>) =>
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
const typed = (value: string, clamp: (v: string) => number) => (value.trim() === '' ? '' : String(clamp(value)));

/** cart.subtotal comes as a decimal string ('1234.50'); money.ts turns it into cents (never float × 100). */
function subtotalText(v: unknown, currency: string, locale: string): string | null {
  const cents = parseCents(v);
  if (cents !== null) return formatMoney(cents, currency, locale);
  return typeof v === 'string' && v.trim() ? v : null;
}

export default function ProductConfigurator(props: Props) {
  const { options, labels, locale, currency } = props;
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
    now: new Date(props.now),
  });
  const money = (cents: number) => formatMoney(cents, currency, locale);
  // The EPP calculator beside the configurator finances what is configured (islands/lib/configuration.ts).
  // Only what the shopper asked for: the defaults are the server's too, so an untouched product asks once, by its id.
  const selectionsParam = requestedOf(options, asked)
    .map((s) => `${s.choiceId}:${s.quantity ?? 1}`)
    .join(',');
  useEffect(() => publishConfiguration({ productId: props.productId, selections: selectionsParam }), [selectionsParam]);

  const optionById = new Map(options.map((o) => [o.id, o]));
  const parentOfChoice = new Map(options.flatMap((o) => o.choices.map((c) => [c.id, o.id] as const)));
  const depth = (o: ConfigOption): number => {
    let d = 0;
    for (let p = o.parentChoiceId; p !== null && d < 20; d++)
      p = optionById.get(parentOfChoice.get(p) ?? -1)?.parentChoiceId ?? null;
    return d;
  };
  const activeChoice = new Map(config.selections.map((s) => [s.choiceId, s]));

  const update = (next: (a: Asked) => Asked) => setAsked((a) => prune(options, next(a)));
  const choose = (optionId: number, choiceId: number) =>
    update((a) => ({ ...a, single: { ...a.single, [optionId]: choiceId } }));
  const setChoiceQty = (choiceId: number, text: string) =>
    update((a) => ({ ...a, qty: { ...a.qty, [choiceId]: text } }));
  const clampOpt = (v: string) => clampOptionQuantity(v, QUANTITY_OPTION_TYPE);

  let status: { key: string; text: string };
  if (state.reason) status = { key: state.reason, text: labels.reasons[state.reason] };
  else if (state.resupplyDate) status = { key: 'resupply', text: labels.shipsBy };
  else status = { key: 'in_stock', text: labels.inStock };

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!state.enabled || busy) return;
    const data: Record<string, unknown> = { product_id: props.productId, quantity };
    for (const s of config.selections) {
      if (s.optionType === QUANTITY_OPTION_TYPE) data[`option_qty[${s.choiceId}]`] = s.quantity;
      else data[`options[${s.optionId}]`] = s.choiceId;
    }
    setBusy(true);
    try {
      const answer = await request<AddAnswer>('POST', props.addUrl, data);
      const count = answer?.cart?.count;
      if (typeof count === 'number' || (typeof count === 'string' && count.trim() !== '')) {
        for (const el of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
          el.textContent = String(count);
          el.removeAttribute('hidden');
        }
      }
      const sub = subtotalText(answer?.cart?.subtotal, currency, locale);
      const summary =
        fill(labels.added, { quantity: answer?.quantity ?? quantity, title: props.title }) +
        (sub ? ` ${fill(labels.cartSubtotal, { subtotal: sub })}` : '');
      showAlert(summary, 'success');
      setAddedHtml(typeof answer?.html === 'string' && answer.html.trim() ? answer.html : null);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  }

  const statusId = `pc-status-${props.productId}`;
  return (
    <form
      className="configurator"
      data-testid="configurator"
      method="post"
      action={props.addUrl}
      onSubmit={add}
      noValidate
    >
      {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
      <input type="hidden" name="product_id" value={props.productId} />
      {config.visibleOptionIds.map((id) => {
        const o = optionById.get(id)!;
        const level = depth(o);
        const cls = `option${level ? ' option-child' : ''}`;
        if (o.optionType === QUANTITY_OPTION_TYPE) {
          return (
            <fieldset key={o.id} className={cls} data-testid="option" data-option-id={o.id} data-depth={level}>
              <legend>
                {o.name} <span className="hint">{labels.optionQuantityHint}</span>
              </legend>
              <div className="qty-choices">
                {o.choices.map((c) => {
                  const inputId = `pc-q-${c.id}`;
                  const text = asked.qty[c.id] ?? String(activeChoice.get(c.id)?.quantity ?? 0);
                  const q = clampOpt(text);
                  return (
                    <div className="qty-choice" key={c.id} data-testid="qty-choice" data-choice-id={c.id}>
                      <label htmlFor={inputId}>
                        <span className="choice-name">{c.name}</span>
                        {c.priceCents > 0 ? (
                          <span className="choice-price">{`+${money(c.priceCents)} ${labels.each}`}</span>
                        ) : null}
                      </label>
                      <Stepper
                        id={inputId}
                        name={`option_qty[${c.id}]`}
                        text={text}
                        min={OPTION_MIN}
                        max={OPTION_MAX}
                        onText={(v) => setChoiceQty(c.id, typed(v, clampOpt))}
                        onBlur={() => setChoiceQty(c.id, String(q))}
                        onStep={(d) => setChoiceQty(c.id, String(clampOpt(String(q + d))))}
                        decLabel={fill(labels.decrease, { name: c.name })}
                        incLabel={fill(labels.increase, { name: c.name })}
                        testid="option-qty"
                      />
                    </div>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        const chosen = config.selections.find((s) => s.optionId === o.id)?.choiceId;
        return (
          <fieldset key={o.id} className={cls} data-testid="option" data-option-id={o.id} data-depth={level}>
            <legend>{o.name}</legend>
            <div className="choices">
              {o.choices.map((c) => (
                <label key={c.id} className="choice" data-testid="choice" data-choice-id={c.id}>
                  <input
                    type="radio"
                    name={`options[${o.id}]`}
                    value={c.id}
                    checked={chosen === c.id}
                    onChange={() => choose(o.id, c.id)}
                  />
                  <span className="choice-name">{c.name}</span>
                  {c.priceCents > 0 ? <span className="choice-price">{`+${money(c.priceCents)}`}</span> : null}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}

      <div className="field config-qty">
        <label htmlFor={`pc-qty-${props.productId}`}>
          {labels.quantity} <span className="hint">{labels.quantityHint}</span>
        </label>
        <Stepper
          id={`pc-qty-${props.productId}`}
          name="quantity"
          text={qtyText}
          min={CART_MIN}
          max={CART_MAX}
          onText={(v) => setQtyText(typed(v, clampCartQuantity))}
          onBlur={() => setQtyText(String(quantity))}
          onStep={(d) => setQtyText(String(clampCartQuantity(quantity + d)))}
          decLabel={fill(labels.decrease, { name: labels.quantity })}
          incLabel={fill(labels.increase, { name: labels.quantity })}
          testid="quantity"
        />
      </div>

      <dl className="config-summary">
        <div>
          <dt>{labels.stockCode}</dt>
          <dd className="mono" data-testid="stock-code">
            {stockCode}
          </dd>
        </div>
        <div>
          <dt>{labels.subtotal}</dt>
          <dd className="config-subtotal" data-testid="subtotal" aria-live="polite">
            {money(subtotalCents)}
          </dd>
        </div>
      </dl>

      <p
        id={statusId}
        className={`availability availability-${status.key}`}
        data-testid="availability"
        data-reason={status.key}
      >
        {status.text}
        {status.key === 'call' && labels.phone ? (
          <>
            {' '}
            <a className="nowrap" href={`tel:${labels.phone}`}>
              {labels.phone}
            </a>
          </>
        ) : null}
      </p>
      <button
        type="submit"
        className="btn btn-accent btn-block add-to-cart"
        data-testid="add-to-cart"
        disabled={!state.enabled}
        aria-describedby={statusId}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> {labels.adding}
          </>
        ) : (
          labels.addToCart
        )}
      </button>
      {addedHtml !== null ? (
        <div className="added-summary" data-testid="added-summary" role="status">
          {/* The cart endpoint's own server-rendered summary (same origin, escaped there); it links to the cart itself. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the cart endpoint's own HTML, escaped by EJS on the server */}
          <div dangerouslySetInnerHTML={{ __html: addedHtml }} />
          {/\bhref=["'][^"']*\/cart["']/.test(addedHtml) ? null : <a href={props.cartUrl}>{labels.viewCart}</a>}
        </div>
      ) : null}
    </form>
  );
}

type StepperProps = {
  id: string;
  name: string;
  text: string;
  min: number;
  max: number;
  onText: (v: string) => void;
  onBlur: () => void;
  onStep: (delta: number) => void;
  decLabel: string;
  incLabel: string;
  testid: string;
};

/** A number input between − and + buttons; the buttons stop at the range ends. */
function Stepper({ id, name, text, min, max, onText, onBlur, onStep, decLabel, incLabel, testid }: StepperProps) {
  const value = text.trim() === '' ? min : Number(text);
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper-btn"
        aria-label={decLabel}
        aria-controls={id}
        disabled={value <= min}
        onClick={() => onStep(-1)}
        data-testid={`${testid}-dec`}
      >
        −
      </button>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onText(e.currentTarget.value)}
        onBlur={onBlur}
        data-testid={testid}
      />
      <button
        type="button"
        className="stepper-btn"
        aria-label={incLabel}
        aria-controls={id}
        disabled={value >= max}
        onClick={() => onStep(1)}
        data-testid={`${testid}-inc`}
      >
        +
      </button>
    </div>
  );
}
