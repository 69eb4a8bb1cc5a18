/** The product's sales channels: each one's price, price category and warehouse quantities. */
import { fromCents, parseCents } from '../../src/domain/money.ts';
import { optionPriceCents } from '../../src/domain/pricing.ts';
import type { EditorChannel } from '../../src/domain/product-editor.ts';
import type { RelationsRef } from './types.ts';

type L = Record<string, string>;

/** Why: a channel added to a product with a base price starts at that price in the channel's currency, not 0.00. */
export function startingChannelPrice(basePriceUsd: string, channel: { midMarketRate: string } | undefined): string {
  const cents = parseCents(basePriceUsd);
  return channel && cents !== null && cents > 0 ? fromCents(optionPriceCents(fromCents(cents), channel)) : '0.00';
}

/** The channel's warehouses: a tick to stock the product there, then its quantity. */
function ChannelWarehouses({
  c,
  whs,
  set,
  L,
}: {
  c: EditorChannel;
  whs: RelationsRef['warehouses'];
  set: (c: EditorChannel) => void;
  L: L;
}) {
  return (
    <ul className="pe-warehouses">
      {whs.map((w) => {
        const sel = c.selectedWarehouses.find((x) => x.warehouse_id === w.id);
        return (
          <li key={w.id}>
            <label className="pe-check">
              <input
                type="checkbox"
                checked={!!sel}
                data-testid={`channel-wh-${w.code}`}
                onChange={(e) =>
                  set({
                    ...c,
                    selectedWarehouses: e.target.checked
                      ? [...c.selectedWarehouses, { warehouse_id: w.id, quantity: 0 }]
                      : c.selectedWarehouses.filter((x) => x.warehouse_id !== w.id),
                  })
                }
              />
              <span>{w.name}</span>
            </label>
            {sel ? (
              <input
                aria-label={`${L['d.quantity']}: ${w.name}`}
                type="number"
                min={0}
                className="pe-qty"
                value={sel.quantity}
                data-testid={`channel-wh-qty-${w.code}`}
                onChange={(e) =>
                  set({
                    ...c,
                    selectedWarehouses: c.selectedWarehouses.map((x) =>
                      x.warehouse_id === w.id ? { ...x, quantity: Number(e.target.value) } : x,
                    ),
                  })
                }
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function ChannelCard({
  c,
  i,
  set,
  remove,
  refData: ref,
  L,
}: {
  c: EditorChannel;
  i: number;
  set: (c: EditorChannel) => void;
  remove: () => void;
  refData: RelationsRef;
  L: L;
}) {
  const ch = ref.channels.find((x) => x.id === c.channel_id);
  const whs = ref.warehouses.filter((w) => ch?.warehouseIds.includes(w.id));
  return (
    <fieldset className="pe-channel" data-testid={`channel-${ch?.code ?? c.channel_id}`}>
      <legend>{ch ? `${ch.name} (${ch.currency})` : c.channel_id}</legend>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`ch-${i}-price`}>
            {L['c.price']} ({ch?.currency})
          </label>
          <input
            id={`ch-${i}-price`}
            inputMode="decimal"
            value={c.price}
            onChange={(e) => set({ ...c, price: e.target.value })}
            data-testid="channel-price"
          />
        </div>
        <div className="field">
          <label htmlFor={`ch-${i}-core`}>
            {L['c.coreCharge']} ({ch?.currency})
          </label>
          <input
            id={`ch-${i}-core`}
            inputMode="decimal"
            value={c.core_charge ?? ''}
            onChange={(e) => set({ ...c, core_charge: e.target.value })}
            data-testid="channel-core-charge"
          />
        </div>
        <div className="field">
          <label htmlFor={`ch-${i}-cat`}>{L['c.category']}</label>
          <select
            id={`ch-${i}-cat`}
            value={c.price_category}
            onChange={(e) => set({ ...c, price_category: e.target.value })}
          >
            {['retail', 'dealer', 'wholesale'].map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="label">{L['c.warehouses']}</p>
      <ChannelWarehouses c={c} whs={whs} set={set} L={L} />
      <button type="button" className="btn btn-ghost btn-sm" onClick={remove}>
        {L['f.remove']}
      </button>
    </fieldset>
  );
}

/** A list of the channels not yet added, and the button that adds the one chosen (else the first). */
function AddChannel({ free, onAdd, L }: { free: RelationsRef['channels']; onAdd: (id: number) => void; L: L }) {
  return (
    <div className="pe-inline">
      <label className="visually-hidden" htmlFor="pe-add-channel">
        {L['c.channel']}
      </label>
      <select id="pe-add-channel" data-testid="add-channel-select" defaultValue="">
        <option value="" disabled>
          {L['c.channel']}
        </option>
        {free.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.currency})
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid="add-channel"
        onClick={(e) => {
          const sel = e.currentTarget.previousElementSibling as HTMLSelectElement;
          onAdd(Number(sel.value || free[0].id));
          sel.value = '';
        }}
      >
        + {L['c.add']}
      </button>
    </div>
  );
}

export function ChannelsEditor({
  rows,
  onChange,
  refData: ref,
  error,
  L,
  basePrice,
}: {
  rows: EditorChannel[];
  onChange: (r: EditorChannel[]) => void;
  refData: RelationsRef;
  error?: string;
  L: L;
  basePrice: string;
}) {
  const set = (i: number, c: EditorChannel) => onChange(rows.map((x, k) => (k === i ? c : x)));
  const free = ref.channels.filter((c) => !rows.some((r) => r.channel_id === c.id));
  const add = (id: number) =>
    onChange([
      ...rows,
      {
        channel_id: id,
        price: startingChannelPrice(
          basePrice,
          ref.channels.find((c) => c.id === id),
        ),
        price_category: 'retail',
        selectedWarehouses: [],
      },
    ]);
  return (
    <div className="pe-channels">
      {!rows.length ? <p className="muted">{L['c.none']}</p> : null}
      {rows.map((c, i) => (
        <ChannelCard
          key={c.channel_id}
          c={c}
          i={i}
          set={(next) => set(i, next)}
          remove={() => onChange(rows.filter((_, k) => k !== i))}
          refData={ref}
          L={L}
        />
      ))}
      {error ? (
        <p className="field-error" role="alert" data-testid="error-channels">
          {error}
        </p>
      ) : null}
      {free.length ? <AddChannel free={free} onAdd={add} L={L} /> : null}
    </div>
  );
}
