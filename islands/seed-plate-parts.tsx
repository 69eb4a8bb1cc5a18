/** The seed plate calculator's pieces: its input fields, the arithmetic shown, and the plates that fit. */
import {
  CROPS,
  PLATE_RPM,
  SEED_SIZES,
  type Crop,
  type SeedSize,
  type recommendPlates,
} from '../src/domain/seed-plate.ts';
import { fill, type Mode, type Props } from './use-seed-plate.ts';

type Labels = Record<string, string>;
type Result = ReturnType<typeof recommendPlates>;
type ShownPlate = Props['plates'][number];

type NumberFieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  set: (v: string) => void;
  attrs: { min: number; max: number; step: number };
};

export function NumberField({ id, name, label, value, set, attrs }: NumberFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`${id}${name}`}>{label}</label>
      <input
        id={`${id}${name}`}
        type="number"
        inputMode="decimal"
        value={value}
        onChange={(e) => set(e.target.value)}
        {...attrs}
        data-testid={`sp-${name}`}
      />
    </div>
  );
}

type CropAndSizeProps = {
  id: string;
  L: Labels;
  crop: Crop;
  setCrop: (c: Crop) => void;
  seedSize: SeedSize;
  setSeedSize: (s: SeedSize) => void;
};

export function CropAndSize({ id, L, crop, setCrop, seedSize, setSeedSize }: CropAndSizeProps) {
  return (
    <>
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
    </>
  );
}

export function ModeChoice({
  id,
  L,
  mode,
  setMode,
}: {
  id: string;
  L: Labels;
  mode: Mode;
  setMode: (m: Mode) => void;
}) {
  return (
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
  );
}

type ResultProps = {
  L: Labels;
  result: Result;
  byId: Map<number, ShownPlate>;
  busy: number | null;
  add: (productId: number) => Promise<void>;
};

/** The arithmetic, step by step, then the plates that fit, best first. */
export function Recommendation({ L, result, byId, busy, add }: ResultProps) {
  return (
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
          {result.recommendations.map((r, i) => (
            <PlateRow
              key={r.plate.productId}
              L={L}
              p={byId.get(r.plate.productId)!}
              r={r}
              best={i === 0 && r.inRange}
              seedsPerSecond={result.seedsPerSecond}
              busy={busy}
              add={add}
            />
          ))}
        </ul>
      )}
    </>
  );
}

type PlateRowProps = {
  L: Labels;
  p: ShownPlate;
  r: Result['recommendations'][number];
  best: boolean;
  seedsPerSecond: Result['seedsPerSecond'];
  busy: number | null;
  add: (productId: number) => Promise<void>;
};

/** One plate that fits: its rpm at these settings, its price and its add to cart. */
function PlateRow({ L, p, r, best, seedsPerSecond, busy, add }: PlateRowProps) {
  return (
    <li className={best ? 'is-best' : ''} data-testid="sp-plate" data-stockcode={p.stockcode}>
      <div>
        <a href={p.href}>{p.title}</a> <span className="mono small">{p.stockcode}</span>
        <div className="small">
          <code>
            {seedsPerSecond} × 60 ÷ {r.plate.cells}
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
}
