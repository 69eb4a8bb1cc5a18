/** The product editor's shipping and inventory section: dimensions, freight, origin, stacking. */
import { Check, Group, SelectField, TextField } from './fields.tsx';
import type { Props } from './types.ts';
import type { Editor } from './use-product-editor.ts';

function Dimensions({ ed }: { ed: Editor }) {
  const { L, data, dec, err } = ed;
  return (
    <div className="form-row">
      <TextField
        label={L['f.length']}
        name="product_length"
        value={data.product_length}
        onChange={dec('product_length')}
        error={err('product_length')}
        inputMode="decimal"
      />
      <TextField
        label={L['f.width']}
        name="product_width"
        value={data.product_width}
        onChange={dec('product_width')}
        error={err('product_width')}
        inputMode="decimal"
      />
      <TextField
        label={L['f.height']}
        name="product_height"
        value={data.product_height}
        onChange={dec('product_height')}
        error={err('product_height')}
        inputMode="decimal"
      />
      <TextField
        label={L['f.weight']}
        name="product_weight"
        value={data.product_weight}
        onChange={dec('product_weight')}
        error={err('product_weight')}
        inputMode="decimal"
      />
    </div>
  );
}

function Freight({ ed, countries }: { ed: Editor; countries: Props['refData']['countries'] }) {
  const { L, data, text, err } = ed;
  return (
    <>
      <div className="form-row">
        <TextField
          label={L['f.boxMethod']}
          name="box_method"
          value={data.box_method}
          onChange={text('box_method')}
          error={err('box_method')}
        />
        <TextField label={L['f.class']} name="class" value={data.class} onChange={text('class')} error={err('class')} />
        <TextField label={L['f.nmfc']} name="nmfc" value={data.nmfc} onChange={text('nmfc')} error={err('nmfc')} />
        <TextField
          label={L['f.nonStockLabel']}
          name="isNonStockLabel"
          value={data.isNonStockLabel}
          onChange={text('isNonStockLabel')}
          error={err('isNonStockLabel')}
        />
      </div>
      <div className="form-row">
        <TextField
          label={L['f.tariff']}
          name="tariff_code"
          value={data.tariff_code}
          onChange={text('tariff_code')}
          error={err('tariff_code')}
        />
        <TextField
          label={L['f.shippingLabel']}
          name="shipping_label"
          value={data.shipping_label}
          onChange={text('shipping_label')}
          error={err('shipping_label')}
        />
        <SelectField
          label={L['f.coo']}
          name="coo"
          value={data.coo}
          onChange={text('coo')}
          error={err('coo')}
          options={[{ value: '', label: L['f.none'] }, ...countries.map((c) => ({ value: c.code, label: c.name }))]}
        />
      </div>
    </>
  );
}

function Stacking({ ed }: { ed: Editor }) {
  const { L, data, dec, err, update } = ed;
  return (
    <>
      <h3 className="pe-subhead">{L['g.stacking']}</h3>
      <Check
        label={L['f.isStackable']}
        name="is_stackable"
        checked={data.is_stackable}
        onChange={(v) => update({ is_stackable: v })}
      />
      {data.is_stackable ? (
        <div className="form-row">
          <TextField
            label={L['f.stackQty']}
            name="stackable_quantity"
            value={data.stackable_quantity}
            onChange={(v) => update({ stackable_quantity: v === '' ? null : Number(v) })}
            error={err('stackable_quantity')}
            inputMode="numeric"
          />
          <TextField
            label={L['f.stackLength']}
            name="stackable_length"
            value={data.stackable_length}
            onChange={dec('stackable_length')}
            error={err('stackable_length')}
            inputMode="decimal"
          />
          <TextField
            label={L['f.stackWidth']}
            name="stackable_width"
            value={data.stackable_width}
            onChange={dec('stackable_width')}
            error={err('stackable_width')}
            inputMode="decimal"
          />
          <TextField
            label={L['f.stackHeight']}
            name="stackable_height"
            value={data.stackable_height}
            onChange={dec('stackable_height')}
            error={err('stackable_height')}
            inputMode="decimal"
          />
        </div>
      ) : null}
    </>
  );
}

export function ShippingSection({
  ed,
  title,
  countries,
}: {
  ed: Editor;
  title: string;
  countries: Props['refData']['countries'];
}) {
  const { L, data, update } = ed;
  return (
    <Group
      id="shipping"
      title={title}
      actions={
        data.product_audit_id ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void ed.saveDimensions()}
            data-testid="pe-save-dimensions"
          >
            {L['f.saveDimensions']}
          </button>
        ) : null
      }
    >
      <Dimensions ed={ed} />
      <Freight ed={ed} countries={countries} />
      <div className="pe-checks">
        <Check
          label={L['f.isPhysical']}
          name="is_physical"
          checked={data.is_physical}
          onChange={(v) => update({ is_physical: v })}
        />
        <Check
          label={L['f.nonStock']}
          name="isNonStock"
          checked={data.isNonStock}
          onChange={(v) => update({ isNonStock: v })}
        />
        <Check
          label={L['f.returnable']}
          name="returnable"
          checked={data.returnable}
          onChange={(v) => update({ returnable: v })}
        />
      </div>
      <div className="form-row">
        <TextField
          label={L['f.returnWindowDays']}
          name="return_window_days"
          value={data.return_window_days === null ? '' : String(data.return_window_days)}
          onChange={(v) => update({ return_window_days: v === '' ? null : Number(v) })}
          error={ed.err('return_window_days')}
          type="number"
          inputMode="numeric"
        />
      </div>
      <Stacking ed={ed} />
    </Group>
  );
}
