/** The product configurator's foot: stock code and subtotal, availability, the add button and the added summary. */
import type { ConfiguratorLabels as Labels } from '../src/domain/product-page.ts';

export function ConfigSummary({
  labels,
  stockCode,
  subtotal,
}: {
  labels: Labels;
  stockCode: string;
  subtotal: string;
}) {
  return (
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
          {subtotal}
        </dd>
      </div>
    </dl>
  );
}

type AvailabilityProps = { id: string; labels: Labels; status: { key: string; text: string } };

/** Why the button is off, when the product ships again, or in stock; a phone link when the shopper should call. */
export function Availability({ id, labels, status }: AvailabilityProps) {
  return (
    <p
      id={id}
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
  );
}

type AddButtonProps = { labels: Labels; enabled: boolean; busy: boolean; describedBy: string };

export function AddButton({ labels, enabled, busy, describedBy }: AddButtonProps) {
  return (
    <button
      type="submit"
      className="btn btn-accent btn-block add-to-cart"
      data-testid="add-to-cart"
      disabled={!enabled}
      aria-describedby={describedBy}
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
  );
}

export function AddedSummary({ html, cartUrl, labels }: { html: string; cartUrl: string; labels: Labels }) {
  return (
    <div className="added-summary" data-testid="added-summary" role="status">
      {/* The cart endpoint's own server-rendered summary (same origin, escaped there); it links to the cart itself. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the cart endpoint's own HTML, escaped by EJS on the server */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {/\bhref=["'][^"']*\/cart["']/.test(html) ? null : <a href={cartUrl}>{labels.viewCart}</a>}
    </div>
  );
}
