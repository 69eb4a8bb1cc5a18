/** The product configurator's options: a quantity option's steppers or a single option's radio choices. */
import type { ChangeEvent } from 'react';
import type { ConfigOption, configure } from '../src/domain/configurator.ts';
import type { ConfiguratorLabels as Labels } from '../src/domain/product-page.ts';
import { OPTION_MAX, OPTION_MIN, QUANTITY_OPTION_TYPE, clampOptionQuantity } from '../src/domain/quantity.ts';
import { fill, typed, type Asked } from './use-product-configurator.ts';

type Config = ReturnType<typeof configure>;

/** How deep an option sits under the choices that reveal it (0 for a top-level option). */
export function depthOf(options: readonly ConfigOption[]): (o: ConfigOption) => number {
  const optionById = new Map(options.map((o) => [o.id, o]));
  const parentOfChoice = new Map(options.flatMap((o) => o.choices.map((c) => [c.id, o.id] as const)));
  return (o: ConfigOption): number => {
    let d = 0;
    for (let p = o.parentChoiceId; p !== null && d < 20; d++)
      p = optionById.get(parentOfChoice.get(p) ?? -1)?.parentChoiceId ?? null;
    return d;
  };
}

type OptionProps = {
  option: ConfigOption;
  level: number;
  asked: Asked;
  config: Config;
  labels: Labels;
  money: (cents: number) => string;
  choose: (optionId: number, choiceId: number) => void;
  setChoiceQty: (choiceId: number, text: string) => void;
};

export function OptionField(props: OptionProps) {
  return props.option.optionType === QUANTITY_OPTION_TYPE ? <QuantityOption {...props} /> : <SingleOption {...props} />;
}

const clampOpt = (v: string) => clampOptionQuantity(v, QUANTITY_OPTION_TYPE);

/** An option whose every choice takes a quantity of its own. */
function QuantityOption({ option: o, level, asked, config, labels, money, setChoiceQty }: OptionProps) {
  const cls = `option${level ? ' option-child' : ''}`;
  const activeChoice = new Map(config.selections.map((s) => [s.choiceId, s]));
  return (
    <fieldset className={cls} data-testid="option" data-option-id={o.id} data-depth={level}>
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

/** An option with one choice among its radios. */
function SingleOption({ option: o, level, config, money, choose }: OptionProps) {
  const cls = `option${level ? ' option-child' : ''}`;
  const chosen = config.selections.find((s) => s.optionId === o.id)?.choiceId;
  return (
    <fieldset className={cls} data-testid="option" data-option-id={o.id} data-depth={level}>
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
export function Stepper({
  id,
  name,
  text,
  min,
  max,
  onText,
  onBlur,
  onStep,
  decLabel,
  incLabel,
  testid,
}: StepperProps) {
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
