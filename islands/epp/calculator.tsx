/**
 * The EPP preview calculator (spec §2, embedded screen): down payment and term choices, and the
 * standard and promotional plans side by side with every disclosure figure and the whole schedule.
 * Mounted on the product page (a product's price), the cart (the visitor's cart) and, as a part of
 * the checkout island, on the payment tab. Figures come from GET /{locale}/epp/service-data only.
 */
import { useEffect, useId, useState } from 'react';
import { DEFAULT_EPP_TEXT } from '../../src/domain/constants.ts';
import type { EppIslandProps, EppLabels, EppServiceData } from '../../src/domain/epp-props.ts';
import { Choices, type Fmt, fill, moneyFmt, Plans, Summary } from './parts.tsx';
import { useEpp } from './use-epp.ts';
import { followConfiguration } from '../lib/configuration.ts';

export type Props = EppIslandProps;

/** The cart page tells islands the cart changed (islands/behaviours/cart-count.ts). */
function useCartRevision(active: boolean) {
  const [rev, setRev] = useState(0);
  useEffect(() => {
    if (!active) return;
    const on = () => setRev((r) => r + 1);
    document.addEventListener('hd:cart-changed', on);
    return () => document.removeEventListener('hd:cart-changed', on);
  }, [active]);
  return rev;
}

/** On the product page: the configuration chosen beside the calculator (null until the configurator says). */
function useConfiguration(productId: number | null) {
  const [selections, setSelections] = useState<string | null>(null);
  useEffect(() => (productId === null ? undefined : followConfiguration(productId, setSelections)), [productId]);
  return selections;
}

export default function EppCalculator(props: Props) {
  const id = useId();
  const isOrder = 'orderId' in props.source;
  const revision = useCartRevision(isOrder);
  const productId = 'productId' in props.source ? props.source.productId : null;
  const selections = useConfiguration(productId);
  // A product is financed as configured: its price with the chosen options (priced by the server).
  const source = productId !== null && selections ? { productId, selections } : props.source;
  const epp = useEpp({ serviceUrl: props.serviceUrl, source, debounceMs: props.debounceMs, revision });
  const [open, setOpen] = useState(props.mode === 'calculator');
  const L = epp.data?.translations ?? props.labels;
  const m = moneyFmt(epp.data?.currency ?? props.currency, props.locale);
  const title = L.title || DEFAULT_EPP_TEXT;
  const d = epp.data;
  // A product the program does not finance shows no calculator.
  if (d && d.source === 'product' && d.terms.eligibleItems.length === 0) return null;
  return (
    <section
      className="epp card"
      aria-labelledby={`${id}t`}
      data-testid={props.mode === 'preview' ? 'epp-preview' : 'epp-calculator'}
      data-loading={epp.loading ? 'true' : 'false'}
      data-ready={d ? 'true' : 'false'}
    >
      <div className="card-body stack">
        <EppHead id={id} title={title} preview={props.mode === 'preview'} open={open} setOpen={setOpen} L={L} />
        {d ? (
          <p className="epp__summary">
            <Summary plan={d.plans.standard} L={L} m={m} locale={props.locale} />
          </p>
        ) : (
          <p className="small muted">{L.intro}</p>
        )}
        <div id={`${id}body`} hidden={!open} className="stack">
          <Choices
            selection={epp.selection}
            choose={epp.choose}
            rules={epp.rules}
            admin={epp.admin}
            L={L}
            idPrefix={id}
            locale={props.locale}
          />
          <p className="small muted epp__status" role="status" aria-live="polite" data-testid="epp-status">
            {epp.loading ? L.loading : epp.failed ? L.unavailable : ''}
          </p>
          {d && <EppDetails d={d} L={L} m={m} locale={props.locale} />}
        </div>
      </div>
    </section>
  );
}

type HeadProps = {
  id: string;
  title: string;
  preview: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  L: EppLabels;
};

/** The title, and in the preview the button that opens the calculator. */
function EppHead({ id, title, preview, open, setOpen, L }: HeadProps) {
  return (
    <div className="epp__head">
      <h3 id={`${id}t`} className="epp__title" data-testid="epp-title">
        {title}
      </h3>
      {preview && (
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={open}
          aria-controls={`${id}body`}
          onClick={() => setOpen(!open)}
          data-testid="epp-toggle"
        >
          {open ? L.hideCalculator : L.showCalculator}
        </button>
      )}
    </div>
  );
}

/** What the figures are for: the price financed, what is not financed, and the plans. */
function EppDetails({ d, L, m, locale }: { d: EppServiceData; L: EppLabels; m: Fmt; locale: string }) {
  return (
    <>
      {d.source === 'product' && <p className="small muted">{L.demo}</p>}
      {d.terms.ineligibleItems.length > 0 && (
        <p className="small" data-testid="epp-not-financed">
          {fill(L.notFinanced, { items: d.terms.ineligibleItems.map((i) => i.title).join(', ') })}
        </p>
      )}
      <p className="small">
        <span className="muted">{L.price}:</span> <strong data-testid="epp-price">{m(d.terms.price)}</strong>
      </p>
      <Plans data={d} L={L} m={m} locale={locale} />
    </>
  );
}
