/** Tab 2: per-warehouse quotes (one method per warehouse), posted as selected_methods. */
import { shownMessages } from '../lib/errors.ts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ShippingReply } from '../../src/domain/checkout-props.ts';
import { shippingMethodsDirty } from '../../src/domain/checkout.ts';
import { formatCalendarDay } from '../../src/domain/dates.ts';
import { showAlert } from '../lib/alerts.ts';
import { request } from '../lib/request.ts';
import { fmt, type Lookup } from './parts.tsx';
import { MachineDownBox, type MachineDownReply } from './machine-down.tsx';
import { SplitShipmentChoice } from './split-shipment.tsx';
import { TabPanel } from './tabs.tsx';

type Totals = { subtotal: string; shipping: string; tax: string; discount: string; total: string };

export type Props = {
  hidden: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  L: Lookup;
  locale: string;
  orderId: number;
  reply: ShippingReply | null;
  loading: boolean;
  orderQuoteIds: number[];
  lastPosted: number[];
  onSelected: (ids: number[], totals: Totals | null) => void;
  /** The selection was saved while the buyer is still on this tab: the summary shows its totals. */
  onSaved: (ids: number[], totals: Totals | null) => void;
  /** The "machine down" box changed: the shipping the server now offers, and the totals. */
  onMachineDown: (r: MachineDownReply) => void;
};

type Picked = Record<number, number>;
type Post = (ids: number[], extra?: Record<string, unknown>) => Promise<{ totals: Totals | null }>;

/**
 * Every selection (the cheapest rates chosen at first, then each pick) is saved at once, so the
 * order summary beside this tab shows the shipping, tax and total of the rates selected, as the
 * server computes them, never the $0.00 of an order without a method.
 */
function useSaveEachPick(p: Props, selected: number[], canContinue: boolean, dirty: () => boolean, post: Post) {
  const pickedKey = selected
    .slice()
    .sort((x, y) => x - y)
    .join(',');
  const savedKey = useRef('');
  useEffect(() => {
    if (!p.reply?.shippingRequired || !canContinue || !pickedKey || savedKey.current === pickedKey) return;
    if (!dirty()) return;
    savedKey.current = pickedKey;
    const ids = selected;
    void post(ids)
      .then((r) => {
        if (savedKey.current === pickedKey) p.onSaved(ids, r.totals);
      })
      .catch(() => {
        savedKey.current = '';
      }); // Continue posts again and shows what went wrong
  }, [pickedKey, canContinue]);
}

function useShippingChoice(p: Props) {
  const { reply } = p;
  const [picked, setPicked] = useState<Picked>({});
  const [preferredName, setPreferredName] = useState('');
  const [saving, setSaving] = useState(false);

  // The cheapest rate of each warehouse is chosen until the buyer picks another.
  useEffect(() => {
    if (!reply) return;
    const next: Picked = {};
    for (const w of reply.warehouses) if (w.rates[0]) next[w.warehouseId] = w.rates[0].quote_id;
    setPicked(next);
  }, [reply]);

  const known = reply ? reply.warehouses.flatMap((w) => w.rates.map((r) => r.quote_id)) : [];
  const selected = Object.values(picked);
  const canContinue =
    !!reply &&
    (reply.shippingRequired
      ? reply.warehouses.length > 0 && reply.warehouses.every((w) => picked[w.warehouseId])
      : true);
  const dirty = () =>
    shippingMethodsDirty({
      orderQuoteIds: known.length ? known : p.orderQuoteIds,
      knownQuoteIds: selected,
      lastPosted: p.lastPosted,
    });
  const post: Post = (ids, extra) =>
    request(
      'POST',
      `/${p.locale}/order/shipping-method`,
      { order_id: p.orderId, selected_methods: ids, ...extra },
      {
        json: true,
      },
    );
  useSaveEachPick(p, selected, canContinue, dirty, post);

  const submit = async () => {
    if (!reply) return;
    if (!reply.shippingRequired) return p.onSelected([], null);
    if (!dirty() && !preferredName.trim()) return p.onSelected(selected, null); // a preferred name still needs the post
    setSaving(true);
    try {
      const r = await post(selected, { preferredName });
      p.onSelected(selected, r.totals);
    } catch (err) {
      for (const m of shownMessages(err)) showAlert(m, 'error');
    } finally {
      setSaving(false);
    }
  };
  return { picked, setPicked, preferredName, setPreferredName, saving, canContinue, submit };
}

/** One warehouse's rates, one to choose. */
function WarehouseQuotes({
  L,
  locale,
  w,
  picked,
  onPick,
}: {
  L: Lookup;
  locale: string;
  w: ShippingReply['warehouses'][number];
  picked: Picked;
  onPick: (p: Picked) => void;
}) {
  return (
    <fieldset className="stack warehouse-quotes" data-testid="warehouse-quotes" data-warehouse-id={w.warehouseId}>
      <legend className="label">{L('shipping.from', { name: w.name, city: w.city })}</legend>
      <p className="small muted">{w.items.map((i) => `${i.quantity} × ${i.title}`).join(' · ')}</p>
      {w.rates.map((r) => (
        <label key={r.quote_id} className="choice-card rate">
          <input
            type="radio"
            name={`ship-${w.warehouseId}`}
            value={r.quote_id}
            checked={picked[w.warehouseId] === r.quote_id}
            onChange={() => onPick({ ...picked, [w.warehouseId]: r.quote_id })}
            data-testid="shipping-rate"
          />
          <span className="rate-name">
            {r.description}
            <span className="small muted">
              {' '}
              · {r.carrier} · {L('shipping.days', { min: r.min_days ?? 0, max: r.max_days ?? 0 })}
              {r.delivery_date
                ? ` · ${L('shipping.arrives', { date: formatCalendarDay(r.delivery_date, locale) })}`
                : ''}
            </span>
          </span>
          <span className="rate-price">{fmt(r.total.value, r.total.currency, locale)}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ShippingStep(props: Props) {
  const { hidden, headingRef, L, locale, reply, loading } = props;
  const { picked, setPicked, preferredName, setPreferredName, saving, canContinue, submit } = useShippingChoice(props);
  return (
    <TabPanel n={1} hidden={hidden} headingRef={headingRef} title={L('tab.shipping')} aria-busy={loading}>
      {loading && (
        <p className="muted" data-testid="shipping-loading">
          {L('shipping.loading')}
        </p>
      )}
      {!loading && reply && !reply.shippingRequired && <p>{L('shipping.notRequired')}</p>}
      {!loading &&
        reply?.short?.map((s) => (
          <p key={s.title} className="alert alert-error">
            {L('shipping.short', { title: s.title, missing: s.missing })}
          </p>
        ))}
      {!loading && reply && reply.shippingRequired && !reply.warehouses.length && !reply.short?.length && (
        <p data-testid="shipping-none">{L('shipping.none')}</p>
      )}
      {!loading && reply?.shippingRequired && !reply.short?.length && (
        <MachineDownBox
          L={L}
          locale={locale}
          orderId={props.orderId}
          checked={!!reply.machineDown}
          onReply={props.onMachineDown}
        />
      )}
      {!loading && reply?.splitShipment !== undefined && !reply.short?.length && (
        <SplitShipmentChoice L={L} locale={locale} orderId={props.orderId} split={reply.splitShipment} />
      )}
      {!loading &&
        reply?.warehouses.map((w) => (
          <WarehouseQuotes key={w.warehouseId} L={L} locale={locale} w={w} picked={picked} onPick={setPicked} />
        ))}
      {!loading && reply && reply.shippingRequired && reply.warehouses.length > 0 && (
        <div className="field">
          <label htmlFor="co-preferred">{L('preferredName')}</label>
          <input
            id="co-preferred"
            autoComplete="shipping name"
            value={preferredName}
            onChange={(e) => setPreferredName(e.target.value)}
          />
        </div>
      )}
      <div>
        <button
          type="button"
          className="btn"
          disabled={!canContinue || saving || loading}
          onClick={() => void submit()}
          data-testid="shipping-continue"
        >
          {saving ? L('saving') : L('continue')}
        </button>
      </div>
    </TabPanel>
  );
}
