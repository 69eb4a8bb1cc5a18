/**
 * The options editor (spec §3 "Product option"): options with choices; each choice may carry
 * nested child options (shown on the storefront while that choice is chosen). Type 1 options take
 * quantities 0..35; each choice has a stock-code value, a value price and a discount price.
 */
import { emptyChoice, emptyOption, type EditorChoice, type EditorOption } from '../../src/domain/product-editor.ts';

type L = Record<string, string>;

export function OptionsEditor({
  options,
  onChange,
  labels,
  path = 'o',
}: {
  options: EditorOption[];
  onChange: (o: EditorOption[]) => void;
  labels: L;
  path?: string;
}) {
  const set = (i: number, o: EditorOption) => onChange(options.map((x, k) => (k === i ? o : x)));
  const remove = (i: number) => onChange(options.filter((_, k) => k !== i));
  return (
    <div className="pe-options">
      {options.map((o, i) => (
        <OptionCard
          key={o.option_id ?? `n${i}`}
          option={o}
          onChange={(n) => set(i, n)}
          onRemove={() => remove(i)}
          labels={labels}
          path={`${path}${i}`}
        />
      ))}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid={`add-option-${path}`}
        onClick={() => onChange([...options, emptyOption(options.length + 1)])}
      >
        + {path === 'o' ? labels.add : labels.addChild}
      </button>
    </div>
  );
}

/** Choosing a default: a quantity option (type 1) toggles each choice on its own, a pick option keeps only one. */
const withDefault = (o: EditorOption, i: number): EditorOption => ({
  ...o,
  choices: o.choices.map((x, k) => ({
    ...x,
    is_default: o.option_type === 1 ? (k === i ? !x.is_default : x.is_default) : k === i,
  })),
});

/** The option's own fields: name, type, stock-code position, required, and its remove button. */
function OptionHead({
  option: o,
  onChange,
  onRemove,
  labels: L,
  path,
}: {
  option: EditorOption;
  onChange: (o: EditorOption) => void;
  onRemove: () => void;
  labels: L;
  path: string;
}) {
  const id = (s: string) => `${path}-${s}`;
  return (
    <div className="pe-option-head">
      <div className="field">
        <label htmlFor={id('name')}>{L.name}</label>
        <input
          id={id('name')}
          value={o.name}
          onChange={(e) => onChange({ ...o, name: e.target.value })}
          data-testid={`option-name-${path}`}
        />
      </div>
      <div className="field">
        <label htmlFor={id('type')}>{L.type}</label>
        <select
          id={id('type')}
          value={o.option_type}
          onChange={(e) => onChange({ ...o, option_type: e.target.value === '1' ? 1 : 0 })}
          data-testid={`option-type-${path}`}
        >
          <option value={0}>{L.type0}</option>
          <option value={1}>{L.type1}</option>
        </select>
      </div>
      <div className="field pe-narrow">
        <label htmlFor={id('pos')}>{L.position}</label>
        <input
          id={id('pos')}
          type="number"
          min={1}
          max={50}
          value={o.stock_code_position}
          onChange={(e) => onChange({ ...o, stock_code_position: Number(e.target.value) || 1 })}
        />
      </div>
      <label className="pe-check">
        <input type="checkbox" checked={o.required} onChange={(e) => onChange({ ...o, required: e.target.checked })} />{' '}
        <span>{L.required}</span>
      </label>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-danger-text"
        onClick={onRemove}
        aria-label={`${L.removeOption}: ${o.name}`}
      >
        {L.removeOption}
      </button>
    </div>
  );
}

function ChoicesTable({
  option: o,
  onChange,
  labels: L,
  path,
}: {
  option: EditorOption;
  onChange: (o: EditorOption) => void;
  labels: L;
  path: string;
}) {
  const setChoice = (i: number, c: EditorChoice) =>
    onChange({ ...o, choices: o.choices.map((x, k) => (k === i ? c : x)) });
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={`${L.choices}: ${o.name}`}>
      <table className="table pe-choices">
        <caption className="visually-hidden">{L.choices}</caption>
        <thead>
          <tr>
            <th scope="col">{L.choiceName}</th>
            <th scope="col">{L.codeValue}</th>
            <th scope="col">{L.valuePrice}</th>
            <th scope="col">{L.discountPrice}</th>
            <th scope="col">{L.default}</th>
            <th scope="col">
              <span className="visually-hidden">{L.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {o.choices.map((c, i) => (
            <ChoiceRows
              key={c.choice_id ?? `n${i}`}
              choice={c}
              index={i}
              option={o}
              labels={L}
              path={`${path}c${i}`}
              onChange={(n) => setChoice(i, n)}
              onRemove={() => onChange({ ...o, choices: o.choices.filter((_, k) => k !== i) })}
              onDefault={() => onChange(withDefault(o, i))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OptionCard({
  option: o,
  onChange,
  onRemove,
  labels: L,
  path,
}: {
  option: EditorOption;
  onChange: (o: EditorOption) => void;
  onRemove: () => void;
  labels: L;
  path: string;
}) {
  return (
    <fieldset className="pe-option" data-testid={`option-${path}`}>
      <legend className="visually-hidden">{o.name || L.name}</legend>
      <OptionHead option={o} onChange={onChange} onRemove={onRemove} labels={L} path={path} />
      <ChoicesTable option={o} onChange={onChange} labels={L} path={path} />
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid={`add-choice-${path}`}
        onClick={() => onChange({ ...o, choices: [...o.choices, emptyChoice()] })}
      >
        + {L.addChoice}
      </button>
    </fieldset>
  );
}

/** A choice's own fields, one table row: name, stock-code value, prices, default, and its remove button. */
function ChoiceRow({
  choice: c,
  labels: L,
  path,
  onChange,
  onRemove,
  onDefault,
}: {
  choice: EditorChoice;
  labels: L;
  path: string;
  onChange: (c: EditorChoice) => void;
  onRemove: () => void;
  onDefault: () => void;
}) {
  const label = (what: string) => `${what}: ${c.name || L.choiceName}`;
  return (
    <tr data-testid={`choice-${path}`}>
      <td data-label={L.choiceName}>
        <input
          aria-label={L.choiceName}
          value={c.name}
          onChange={(e) => onChange({ ...c, name: e.target.value })}
          data-testid={`choice-name-${path}`}
        />
      </td>
      <td data-label={L.codeValue}>
        <input
          aria-label={label(L.codeValue)}
          value={c.stock_code_value}
          maxLength={8}
          onChange={(e) => onChange({ ...c, stock_code_value: e.target.value })}
          data-testid={`choice-code-${path}`}
          className="pe-code"
        />
      </td>
      <td data-label={L.valuePrice}>
        <input
          aria-label={label(L.valuePrice)}
          inputMode="decimal"
          value={c.price}
          onChange={(e) => onChange({ ...c, price: e.target.value })}
          data-testid={`choice-price-${path}`}
          className="pe-money"
        />
      </td>
      <td data-label={L.discountPrice}>
        <input
          aria-label={label(L.discountPrice)}
          inputMode="decimal"
          value={c.discount_price ?? ''}
          onChange={(e) => onChange({ ...c, discount_price: e.target.value || null })}
          className="pe-money"
        />
      </td>
      <td data-label={L.default}>
        <input type="checkbox" aria-label={label(L.default)} checked={c.is_default} onChange={onDefault} />
      </td>
      <td>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove} aria-label={label(L.remove)}>
          ×
        </button>
      </td>
    </tr>
  );
}

/** A choice's row, then a row for the child options shown while that choice is chosen. */
function ChoiceRows({
  choice: c,
  option: o,
  labels: L,
  path,
  onChange,
  onRemove,
  onDefault,
}: {
  choice: EditorChoice;
  index: number;
  option: EditorOption;
  labels: L;
  path: string;
  onChange: (c: EditorChoice) => void;
  onRemove: () => void;
  onDefault: () => void;
}) {
  return (
    <>
      <ChoiceRow choice={c} labels={L} path={path} onChange={onChange} onRemove={onRemove} onDefault={onDefault} />
      <tr className="pe-children">
        <td colSpan={6}>
          {c.children.length ? <p className="muted small">{L.childOf.replace('{{choice}}', c.name)}</p> : null}
          {o.option_type === 0 ? (
            <OptionsEditor
              options={c.children}
              onChange={(children) => onChange({ ...c, children })}
              labels={L}
              path={`${path}o`}
            />
          ) : null}
        </td>
      </tr>
    </>
  );
}
