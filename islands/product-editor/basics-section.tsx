/** The product editor's first section: title and slug side by side, status, brand, codes, kit, description. */
import { slugify } from '../../src/domain/slug.ts';
import { Check, Group, SelectField, TextArea, TextField } from './fields.tsx';
import type { Editor } from './use-product-editor.ts';

/** Title and slug side by side; "Create from title" runs the shared domain slugify. */
function TitleSlug({ ed }: { ed: Editor }) {
  const { L, data, text, err, update, checkDuplicate } = ed;
  return (
    <div className="pe-title-slug">
      <TextField
        label={L['f.title']}
        name="title"
        value={data.title}
        onChange={text('title')}
        error={err('title')}
        required
        maxLength={200}
      />
      <TextField
        label={L['f.slug']}
        name="slug"
        value={data.slug}
        onChange={text('slug')}
        error={err('slug')}
        required
        after={
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="pe-make-slug"
            onClick={() => {
              const s = slugify(data.title);
              update({ slug: s });
              checkDuplicate('slug', s);
            }}
          >
            {L['f.makeSlug']}
          </button>
        }
      />
    </div>
  );
}

/** Stock code, SKU and GTIN; a change of stock code or SKU checks whether the product is a kit. */
function Codes({ ed }: { ed: Editor }) {
  const { L, data, text, err, checkKit } = ed;
  return (
    <div className="form-row">
      <TextField
        label={L['f.stockcode']}
        name="stockcode"
        value={data.stockcode}
        onChange={text('stockcode', (v) => checkKit(v, data.sku))}
        error={err('stockcode')}
        required
      />
      <TextField
        label={L['f.sku']}
        name="sku"
        value={data.sku}
        onChange={text('sku', (v) => checkKit(data.stockcode, v))}
        error={err('sku')}
      />
      <TextField
        label={L['f.gtin']}
        name="gtin"
        value={data.gtin}
        onChange={text('gtin')}
        error={err('gtin')}
        inputMode="numeric"
      />
    </div>
  );
}

export function BasicsSection({ ed, title }: { ed: Editor; title: string }) {
  const { L, data, text, err, update } = ed;
  return (
    <Group id="basics" title={title}>
      <TitleSlug ed={ed} />
      <div className="form-row">
        <SelectField
          label={L['f.status']}
          name="status"
          value={data.status}
          onChange={(v) => update({ status: Number(v) as 0 | 1 | 2 })}
          options={[0, 1, 2].map((s) => ({ value: s, label: L[`status.${s}`] }))}
          error={err('status')}
        />
        <TextField label={L['f.brand']} name="brand" value={data.brand} onChange={text('brand')} error={err('brand')} />
      </div>
      <Codes ed={ed} />
      <Check
        label={L['f.isKit']}
        name="is_kit"
        checked={data.is_kit}
        onChange={(v) => update({ is_kit: v, isKitDerived: false })}
      />
      {data.isKitDerived ? (
        <p className="muted small" data-testid="pe-kit-derived">
          {L['f.kitDerived']}
        </p>
      ) : null}
      <TextArea
        label={L['f.description']}
        name="description"
        value={data.description}
        onChange={text('description')}
        error={err('description')}
        rows={8}
      />
      <TextArea
        label={L['f.notes']}
        name="notes"
        value={data.notes}
        onChange={text('notes')}
        error={err('notes')}
        rows={2}
      />
    </Group>
  );
}
