/**
 * The seed plate calculator (an embedded screen, spec §2): crop, seed size, row spacing, ground
 * speed and either seed spacing or target population → the DEMO-SEED-PLATE family's plates that
 * fit, with the arithmetic shown (src/domain/seed-plate.ts), and an add-to-cart per plate through
 * POST /{locale}/cart/add/inline (the server prices it).
 */
import { useId, useMemo, useState } from 'react';
import {
  CROPS,
  PLATE_RPM,
  SEED_SIZES,
  recommendPlates,
  validateInput,
  type Crop,
  type Plate,
  type SeedPlateInput,
  type SeedSize,
} from '../src/domain/seed-plate.ts';
import { request } from './lib/request.ts';
import { shownMessages } from './lib/errors.ts';
import { setCartCount } from './behaviours/cart-count.ts';

export type Props = {
  plates: (Plate & { price: string; buyable: boolean; href: string })[];
  addUrl: string;
  labels: Record<string, string>;
};

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

export default function SeedPlateCalculator({ plates, addUrl, labels: L }: Props) {
  const id = useId();
  const [crop, setCrop] = useState<Crop>('corn');
  const [seedSize, setSeedSize] = useState<SeedSize>('medium');
  const [mode, setMode] = useState<'spacing' | 'population'>('population');
  const [rowSpacing, setRowSpacing] = useState('30');
  const [speed, setSpeed] = useState('5');
  const [spacing, setSpacing] = useState('6');
  const [population, setPopulation] = useState('34000');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const input: SeedPlateInput =
    mode === 'spacing'
      ? {
          mode,
          crop,
          seedSize,
          rowSpacingIn: Number(rowSpacing),
          speedMph: Number(speed),
          seedSpacingIn: Number(spacing),
        }
      : {
          mode,
          crop,
          seedSize,
          rowSpacingIn: Number(rowSpacing),
          speedMph: Number(speed),
          population: Number(population),
        };
  const error = validateInput(input);
  const result = useMemo(() => (error ? null : recommendPlates(input, plates)), [JSON.stringify(input), error, plates]);
  const byId = new Map(plates.map((p) => [p.productId, p]));

  async function add(productId: number) {
    setBusy(productId);
    setStatus(null);
    try {
      const reply = await request<{ cart: { count: number } }>('POST', addUrl, { product_id: productId, quantity: 1 });
      setCartCount(reply.cart.count);
      setStatus({ kind: 'ok', text: fill(L.added, { title: byId.get(productId)?.title ?? '' }) });
    } catch (err) {
      setStatus({ kind: 'error', text: shownMessages(err)[0] });
    } finally {
      setBusy(null);
    }
  }

  const field = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    attrs: { min: number; max: number; step: number },
  ) => (
    <div className="field">
      <label htmlFor={`${id}${key}`}>{label}</label>
      <input
        id={`${id}${key}`}
        type="number"
        inputMode="decimal"
        value={value}
        onChange={(e) => set(e.target.value)}
        {...attrs}
        data-testid={`sp-${key}`}
      />
    </div>
  );

  return (
    <div className="seed-calc" data-testid="seed-plate-calculator">
      <div className="seed-calc__inputs">
        <div className="field">
          <label htmlFor={`${id}crop`}>{L.crop}</label>
          <select id={`${id}crop`} value={crop} onChange={(e) => setCrop(e.target.value as Crop)} data-testid="sp-crop">
            {CROPS.map((c) => (
              <option key={c} value={c}>
                {L[`crop.${c}`] ?? c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}size`}>{L.seedSize}</label>
          <select
            id={`${id}size`}
            value={seedSize}
            onChange={(e) => setSeedSize(e.target.value as SeedSize)}
            data-testid="sp-size"
          >
            {SEED_SIZES.map((s) => (
              <option key={s} value={s}>
                {L[`size.${s}`] ?? s}
              </option>
            ))}
          </select>
        </div>
        {field('rows', L.rowSpacing, rowSpacing, setRowSpacing, { min: 6, max: 60, step: 1 })}
        {field('speed', L.speed, speed, setSpeed, { min: 2, max: 12, step: 0.5 })}
        <fieldset className="seed-calc__mode">
          <legend>{L.mode}</legend>
          <label>
            <input
              type="radio"
              name={`${id}mode`}
              checked={mode === 'population'}
              onChange={() => setMode('population')}
              data-testid="sp-mode-population"
            />{' '}
            {L.byPopulation}
          </label>
          <label>
            <input
              type="radio"
              name={`${id}mode`}
              checked={mode === 'spacing'}
              onChange={() => setMode('spacing')}
              data-testid="sp-mode-spacing"
            />{' '}
            {L.bySpacing}
          </label>
        </fieldset>
        {mode === 'population'
          ? field('population', L.population, population, setPopulation, { min: 5000, max: 400000, step: 500 })
          : field('spacing', L.spacing, spacing, setSpacing, { min: 0.5, max: 24, step: 0.1 })}
      </div>
      <div className="seed-calc__result" aria-live="polite">
        {error ? (
          <p className="form-error" data-testid="sp-error">
            {error}
          </p>
        ) : (
          result && (
            <>
              <h3>{L.arithmetic}</h3>
              <ol className="seed-calc__steps" data-testid="sp-steps">
                {result.steps.map((s) => (
                  <li key={s.label}>
                    <span className="muted">{L[`step.${s.label}`] ?? s.label}:</span> <code>{s.formula}</code> ={' '}
                    <strong>{s.value}</strong>
                  </li>
                ))}
              </ol>
              <p className="small muted">{fill(L.rpmRule, { min: PLATE_RPM.min, max: PLATE_RPM.max })}</p>
              <h3>{L.recommended}</h3>
              {result.recommendations.length === 0 ? (
                <p data-testid="sp-none">{L.none}</p>
              ) : (
                <ul className="seed-calc__plates">
                  {result.recommendations.map((r, i) => {
                    const p = byId.get(r.plate.productId)!;
                    return (
                      <li
                        key={p.productId}
                        className={i === 0 && r.inRange ? 'is-best' : ''}
                        data-testid="sp-plate"
                        data-stockcode={p.stockcode}
                      >
                        <div>
                          <a href={p.href}>{p.title}</a> <span className="mono small">{p.stockcode}</span>
                          <div className="small">
                            <code>
                              {result.seedsPerSecond} × 60 ÷ {r.plate.cells}
                            </code>{' '}
                            = <strong>{r.rpm} rpm</strong> · {r.inRange ? L.inRange : L.outOfRange}
                            {r.fitsSeed ? '' : ` · ${L.sizeMismatch}`}
                          </div>
                        </div>
                        <div className="seed-calc__buy">
                          <strong>{p.price}</strong>
                          <button
                            type="button"
                            className="btn btn-sm btn-accent"
                            disabled={!p.buyable || busy === p.productId}
                            onClick={() => void add(p.productId)}
                            data-testid="sp-add"
                          >
                            {L.add}
                          </button>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          )
        )}
        {status && (
          <p className={status.kind === 'ok' ? 'form-note' : 'form-error'} role="status" data-testid="sp-status">
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
