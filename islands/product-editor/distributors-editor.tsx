/** The product's distributors: each one's price and quantity, up to the allowed number of them. */
import type { EditorDistributor } from '../../src/domain/product-editor.ts';
import type { RelationsRef } from './types.ts';

type L = Record<string, string>;

function DistributorRow({
  d,
  free,
  set,
  remove,
  refData: ref,
  L,
}: {
  d: EditorDistributor;
  free: RelationsRef['distributors'];
  set: (d: EditorDistributor) => void;
  remove: () => void;
  refData: RelationsRef;
  L: L;
}) {
  return (
    <tr data-testid="distributor-row">
      <td>
        <select
          aria-label={L['d.distributor']}
          value={d.distributor}
          onChange={(e) => {
            const id = Number(e.target.value);
            set({
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
          onChange={(e) => set({ ...d, distributor_price: e.target.value })}
        />
      </td>
      <td>
        <input
          aria-label={L['d.quantity']}
          type="number"
          min={0}
          className="pe-qty"
          value={d.distributor_quantity}
          onChange={(e) => set({ ...d, distributor_quantity: Number(e.target.value) })}
        />
      </td>
      <td>
        <button type="button" className="btn btn-ghost btn-sm" onClick={remove}>
          {L['f.remove']}
        </button>
      </td>
    </tr>
  );
}

function DistributorsTable({
  rows,
  onChange,
  free,
  refData,
  L,
}: {
  rows: EditorDistributor[];
  onChange: (r: EditorDistributor[]) => void;
  free: RelationsRef['distributors'];
  refData: RelationsRef;
  L: L;
}) {
  const set = (i: number, d: EditorDistributor) => onChange(rows.map((x, k) => (k === i ? d : x)));
  return (
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
            <DistributorRow
              key={i}
              d={d}
              free={free}
              set={(next) => set(i, next)}
              remove={() => onChange(rows.filter((_, k) => k !== i).map((x, k) => ({ ...x, index: k })))}
              refData={refData}
              L={L}
            />
          ))}
        </tbody>
      </table>
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
  refData: RelationsRef;
  max: number;
  error?: string;
  L: L;
}) {
  const full = rows.length >= max; // domain hitMaxDistributors
  const free = ref.distributors.filter((d) => !rows.some((r) => r.distributor === d.id));
  return (
    <div>
      {rows.length ? <DistributorsTable rows={rows} onChange={onChange} free={free} refData={ref} L={L} /> : null}
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
