/**
 * The seed plate calculator (an embedded screen, spec §2): crop, seed size, row spacing, ground
 * speed and either seed spacing or target population → the DEMO-SEED-PLATE family's plates that
 * fit, with the arithmetic shown (src/domain/seed-plate.ts), and an add-to-cart per plate through
 * POST /{locale}/cart/add/inline (the server prices it).
 */
import { CropAndSize, ModeChoice, NumberField, Recommendation } from './seed-plate-parts.tsx';
import { useSeedPlate, type Props } from './use-seed-plate.ts';

export type { Props };

export default function SeedPlateCalculator(props: Props) {
  const L = props.labels;
  const s = useSeedPlate(props);
  const { id, error, result, status } = s;

  return (
    <div className="seed-calc" data-testid="seed-plate-calculator">
      <div className="seed-calc__inputs">
        <CropAndSize
          id={id}
          L={L}
          crop={s.crop}
          setCrop={s.setCrop}
          seedSize={s.seedSize}
          setSeedSize={s.setSeedSize}
        />
        <NumberField
          id={id}
          name="rows"
          label={L.rowSpacing}
          value={s.rowSpacing}
          set={s.setRowSpacing}
          attrs={{ min: 6, max: 60, step: 1 }}
        />
        <NumberField
          id={id}
          name="speed"
          label={L.speed}
          value={s.speed}
          set={s.setSpeed}
          attrs={{ min: 2, max: 12, step: 0.5 }}
        />
        <ModeChoice id={id} L={L} mode={s.mode} setMode={s.setMode} />
        {s.mode === 'population' ? (
          <NumberField
            id={id}
            name="population"
            label={L.population}
            value={s.population}
            set={s.setPopulation}
            attrs={{ min: 5000, max: 400000, step: 500 }}
          />
        ) : (
          <NumberField
            id={id}
            name="spacing"
            label={L.spacing}
            value={s.spacing}
            set={s.setSpacing}
            attrs={{ min: 0.5, max: 24, step: 0.1 }}
          />
        )}
      </div>
      <div className="seed-calc__result" aria-live="polite">
        {error ? (
          <p className="form-error" data-testid="sp-error">
            {error}
          </p>
        ) : (
          result && <Recommendation L={L} result={result} byId={s.byId} busy={s.busy} add={s.add} />
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
