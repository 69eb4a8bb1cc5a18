/** Small labelled inputs of the product editor: each shows its error (and duplicate warning) beside it. */
import { useId, type ReactNode } from 'react';

type Common = { label: string; name: string; error?: string | null; hint?: ReactNode; after?: ReactNode };

function Wrap({ label, name, error, hint, after, id, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children}
      {after}
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert" data-testid={`error-${name}`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function TextField(
  p: Common & {
    value: string | number | null;
    onChange: (v: string) => void;
    type?: string;
    onBlur?: () => void;
    inputMode?: 'decimal' | 'numeric' | 'text';
    required?: boolean;
    maxLength?: number;
  },
) {
  const id = useId();
  return (
    <Wrap {...p} id={id}>
      <input
        id={id}
        name={p.name}
        type={p.type ?? 'text'}
        value={p.value ?? ''}
        inputMode={p.inputMode}
        required={p.required}
        maxLength={p.maxLength}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : p.hint ? `${id}-hint` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
        onBlur={p.onBlur}
        data-testid={`pe-${p.name}`}
      />
    </Wrap>
  );
}

export function TextArea(p: Common & { value: string; onChange: (v: string) => void; rows?: number }) {
  const id = useId();
  return (
    <Wrap {...p} id={id}>
      <textarea
        id={id}
        name={p.name}
        rows={p.rows ?? 6}
        value={p.value}
        aria-invalid={p.error ? true : undefined}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={`pe-${p.name}`}
      />
    </Wrap>
  );
}

export function SelectField(
  p: Common & {
    value: string | number;
    onChange: (v: string) => void;
    options: { value: string | number; label: string }[];
  },
) {
  const id = useId();
  return (
    <Wrap {...p} id={id}>
      <select
        id={id}
        name={p.name}
        value={p.value}
        aria-invalid={p.error ? true : undefined}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={`pe-${p.name}`}
      >
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

export function Check({
  label,
  name,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="pe-check" data-field={name}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={`pe-${name}`}
      />
      <span>{label}</span>
    </label>
  );
}

export function Group({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="card pe-group" id={`pe-${id}`} aria-labelledby={`${id}-h`} data-testid={`group-${id}`}>
      <div className="card-head">
        <h2 id={`${id}-h`}>{title}</h2>
        {actions}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
