/** Editor groups for the product's relations: categories, images, distributors and channels. */
import { useState } from 'react';
import { fromCents, parseCents } from '../../src/domain/money.ts';
import { optionPriceCents } from '../../src/domain/pricing.ts';
import {
  addCategory,
  removeCategory,
  type CategoryState,
  type EditorChannel,
  type EditorDistributor,
} from '../../src/domain/product-editor.ts';
import { AppRequestError, NETWORK_ERROR } from '../lib/request.ts';
import { shownMessages } from '../lib/errors.ts';
import { csrfToken } from '../lib/dom.ts';
import { thumbOf, type MediaChoice } from '../../src/domain/media-picker.ts';
import { MediaPicker } from './media-picker.tsx';

type L = Record<string, string>;
type Category = { id: number; parentId: number | null; name: string };
type Ref = {
  channels: {
    id: number;
    code: string;
    name: string;
    currency: string;
    midMarketRate: string;
    warehouseIds: number[];
  }[];
  warehouses: { id: number; code: string; name: string }[];
  distributors: { id: number; name: string; warehouseIds: number[] }[];
};

export function CategoriesPicker({
  tree,
  state,
  onChange,
  L,
}: {
  tree: Category[];
  state: CategoryState;
  onChange: (s: CategoryState) => void;
  L: L;
}) {
  const roots = tree.filter((c) => c.parentId == null);
  const children = (id: number) => tree.filter((c) => c.parentId === id);
  const toggle = (c: Category, on: boolean) =>
    onChange(on ? addCategory(state, c.id, c.parentId) : removeCategory(state, c.id, c.parentId));
  const item = (c: Category) => (
    <li key={c.id}>
      <label className="pe-check">
        <input
          type="checkbox"
          checked={!!state.categories[c.id]}
          onChange={(e) => toggle(c, e.target.checked)}
          data-testid={`category-${c.id}`}
        />
        <span>{c.name}</span>
        {state.parentCategoriesAmount[c.id] ? (
          <span className="badge" data-testid={`parent-count-${c.id}`}>
            {L['f.parentCount'].replace('{{count}}', String(state.parentCategoriesAmount[c.id]))}
          </span>
        ) : null}
      </label>
      {children(c.id).length ? <ul className="pe-tree">{children(c.id).map(item)}</ul> : null}
    </li>
  );
  return <ul className="pe-tree">{roots.map(item)}</ul>;
}

/** Sends one file to the media library with upload progress (XMLHttpRequest: fetch has no upload progress). */
type Uploaded = {
  media: {
    id: number;
    path: string;
    hash: string;
    filename: string;
    width: number | null;
    height: number | null;
    variants: { width: number; path: string }[];
  };
};

function upload(url: string, file: File, onProgress: (pct: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* text */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Uploaded);
      else reject(new AppRequestError(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    const fd = new FormData();
    fd.append('file', file);
    xhr.send(fd);
  });
}

export function ImagesEditor({
  images,
  primary,
  onChange,
  uploadUrl,
  media,
  L,
}: {
  images: string[];
  primary: string;
  onChange: (images: string[], primary: string, hash?: string) => void;
  uploadUrl: string;
  media: MediaChoice[];
  L: L;
}) {
  // The library as the picker lists it; an upload joins it at once.
  const [library, setLibrary] = useState(media);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = (p: string, hash?: string) => {
    if (!p || images.includes(p)) return;
    onChange([...images, p], primary || p, hash);
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const res = await upload(uploadUrl, file, setProgress);
      add(res.media.path, res.media.hash);
      const m = res.media;
      setLibrary((l) =>
        l.some((x) => x.path === m.path)
          ? l
          : [
              {
                id: m.id,
                path: m.path,
                filename: m.filename,
                alt: '',
                thumb: thumbOf(m.path, m.variants),
                width: m.width,
                height: m.height,
              },
              ...l,
            ],
      );
    } catch (e) {
      setError(shownMessages(e)[0]);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div>
      {images.length ? (
        <ul className="pe-images" data-testid="image-list">
          {images.map((img) => (
            <li key={img} className={img === primary ? 'is-primary' : ''}>
              <img src={img} alt="" width={96} height={96} loading="lazy" />
              <div className="pe-image-actions">
                {img === primary ? (
                  <span className="badge">{L['f.primary']}</span>
                ) : (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(images, img)}>
                    {L['f.makePrimary']}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => {
                    const rest = images.filter((x) => x !== img);
                    onChange(rest, img === primary ? (rest[0] ?? '') : primary);
                  }}
                >
                  {L['f.remove']}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{L['f.noImages']}</p>
      )}
      <div className="form-row">
        <div className="field">
          <label htmlFor="pe-upload">{L['f.upload']}</label>
          <input
            id="pe-upload"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            onChange={(e) => void onFile(e.target.files?.[0])}
            data-testid="pe-upload"
            disabled={progress !== null}
          />
          {progress !== null ? (
            <progress
              max={100}
              value={progress}
              aria-label={L['f.uploading'].replace('{{percent}}', String(progress))}
              data-testid="upload-progress"
            />
          ) : null}
          {error ? (
            <span className="field-error" role="alert" data-testid="upload-error">
              {error}
            </span>
          ) : null}
        </div>
        <div className="field">
          <span className="label">{L['f.mediaFrom']}</span>
          <MediaPicker media={library} chosen={images} onPick={(m) => add(m.path)} L={L} />
        </div>
      </div>
    </div>
  );
}

export function DistributorsEditor({
  rows,
  onChange,
  refData: ref,
  max,
  error,
  L,
}: {
  rows: EditorDistributor[];
  onChange: (r: EditorDistributor[]) => void;
  refData: Ref;
  max: number;
  error?: string;
  L: L;
}) {
  const full = rows.length >= max; // domain hitMaxDistributors
  const set = (i: number, d: EditorDistributor) => onChange(rows.map((x, k) => (k === i ? d : x)));
  const free = ref.distributors.filter((d) => !rows.some((r) => r.distributor === d.id));
  return (
    <div>
      {rows.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{L['d.distributor']}</th>
                <th scope="col">{L['d.price']}</th>
                <th scope="col">{L['d.quantity']}</th>
                <th scope="col">
                  <span className="visually-hidden">{L['f.remove']}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d, i) => (
                <tr key={i} data-testid="distributor-row">
                  <td>
                    <select
                      aria-label={L['d.distributor']}
                      value={d.distributor}
                      onChange={(e) => {
                        const id = Number(e.target.value);
                        set(i, {
                          ...d,
                          distributor: id,
                          warehouses: ref.distributors.find((x) => x.id === id)?.warehouseIds ?? [],
                        });
                      }}
                    >
                      {ref.distributors
                        .filter((x) => x.id === d.distributor || free.includes(x))
                        .map((x) => (
                          <option key={x.id} value={x.id}>
                            {x.name}
                          </option>
                        ))}
                    </select>
                  </td>
                  <td>
                    <input
                      aria-label={L['d.price']}
                      inputMode="decimal"
                      className="pe-money"
                      value={d.distributor_price}
                      onChange={(e) => set(i, { ...d, distributor_price: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={L['d.quantity']}
                      type="number"
                      min={0}
                      className="pe-qty"
                      value={d.distributor_quantity}
                      onChange={(e) => set(i, { ...d, distributor_quantity: Number(e.target.value) })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => onChange(rows.filter((_, k) => k !== i).map((x, k) => ({ ...x, index: k })))}
                    >
                      {L['f.remove']}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert" data-testid="error-distributors">
          {error}
        </p>
      ) : null}
      {full ? (
        <p className="muted" data-testid="distributors-max">
          {L['d.max'].replace('{{count}}', String(max))}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={full || !free.length}
        data-testid="add-distributor"
        onClick={() =>
          onChange([
            ...rows,
            {
              index: rows.length,
              distributor: free[0].id,
              distributor_price: '0.00',
              distributor_quantity: 0,
              warehouses: free[0].warehouseIds,
            },
          ])
        }
      >
        + {L['d.add']}
      </button>
    </div>
  );
}

/** Why: a channel added to a product with a base price starts at that price in the channel's currency, not 0.00. */
export function startingChannelPrice(basePriceUsd: string, channel: { midMarketRate: string } | undefined): string {
  const cents = parseCents(basePriceUsd);
  return channel && cents !== null && cents > 0 ? fromCents(optionPriceCents(fromCents(cents), channel)) : '0.00';
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
  refData: Ref;
  error?: string;
  L: L;
  basePrice: string;
}) {
  const set = (i: number, c: EditorChannel) => onChange(rows.map((x, k) => (k === i ? c : x)));
  const free = ref.channels.filter((c) => !rows.some((r) => r.channel_id === c.id));
  return (
    <div className="pe-channels">
      {!rows.length ? <p className="muted">{L['c.none']}</p> : null}
      {rows.map((c, i) => {
        const ch = ref.channels.find((x) => x.id === c.channel_id);
        const whs = ref.warehouses.filter((w) => ch?.warehouseIds.includes(w.id));
        return (
          <fieldset key={c.channel_id} className="pe-channel" data-testid={`channel-${ch?.code ?? c.channel_id}`}>
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
                  onChange={(e) => set(i, { ...c, price: e.target.value })}
                  data-testid="channel-price"
                />
              </div>
              <div className="field">
                <label htmlFor={`ch-${i}-cat`}>{L['c.category']}</label>
                <select
                  id={`ch-${i}-cat`}
                  value={c.price_category}
                  onChange={(e) => set(i, { ...c, price_category: e.target.value })}
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
                          set(i, {
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
                          set(i, {
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
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onChange(rows.filter((_, k) => k !== i))}
            >
              {L['f.remove']}
            </button>
          </fieldset>
        );
      })}
      {error ? (
        <p className="field-error" role="alert" data-testid="error-channels">
          {error}
        </p>
      ) : null}
      {free.length ? (
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
              const id = Number(sel.value || free[0].id);
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
              sel.value = '';
            }}
          >
            + {L['c.add']}
          </button>
        </div>
      ) : null}
    </div>
  );
}
