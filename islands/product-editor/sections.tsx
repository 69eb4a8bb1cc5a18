/** The product editor's other sections: pricing and availability, options, media, catalogue. */
import { Group, SelectField, TextField } from './fields.tsx';
import { OptionsEditor } from './options.tsx';
import { CategoriesPicker } from './categories-picker.tsx';
import { ChannelsEditor } from './channels-editor.tsx';
import { DistributorsEditor } from './distributors-editor.tsx';
import { ImagesEditor } from './images-editor.tsx';
import type { Props } from './types.ts';
import type { Editor } from './use-product-editor.ts';

export function PricingSection({
  ed,
  title,
  refData,
  distributorAmount,
}: {
  ed: Editor;
  title: string;
  refData: Props['refData'];
  distributorAmount: number;
}) {
  const { L, data, text, err, errors, update } = ed;
  return (
    <Group id="pricing" title={title}>
      <div className="form-row">
        <TextField
          label={L['f.price']}
          name="price"
          value={data.price}
          onChange={text('price')}
          error={err('price')}
          inputMode="decimal"
        />
        <TextField
          label={L['f.coreCharge']}
          name="core_charge"
          value={data.core_charge}
          onChange={text('core_charge')}
          error={err('core_charge')}
          hint={L['f.coreChargeHint']}
          inputMode="decimal"
        />
        <SelectField
          label={L['f.availability']}
          name="availability"
          value={data.availability}
          onChange={text('availability')}
          options={['in_stock', 'out_of_stock', 'coming_soon', 'call'].map((a) => ({
            value: a,
            label: L[`avail.${a}`],
          }))}
        />
        <SelectField
          label={L['f.inventoryType']}
          name="inventory_type"
          value={data.inventory_type}
          onChange={text('inventory_type')}
          options={['stocked', 'made_to_order', 'drop_ship'].map((a) => ({ value: a, label: L[`inv.${a}`] }))}
        />
      </div>
      <h3 className="pe-subhead">{L['g.channels']}</h3>
      <ChannelsEditor
        rows={data.channels}
        basePrice={data.price}
        onChange={(channels) => update({ channels })}
        refData={refData}
        error={Object.entries(errors).find(([k]) => k.startsWith('channels'))?.[1]}
        L={L}
      />
      <h3 className="pe-subhead">{L['g.distributors']}</h3>
      <DistributorsEditor
        rows={data.distributors}
        onChange={(distributors) => update({ distributors })}
        refData={refData}
        max={distributorAmount}
        error={err('distributors') ?? undefined}
        L={L}
      />
    </Group>
  );
}

export function OptionsSection({ ed, title }: { ed: Editor; title: string }) {
  const { L, OL, data, errors, update } = ed;
  return (
    <Group id="options" title={title}>
      {!data.options.length ? <p className="muted">{L['o.none']}</p> : null}
      <OptionsEditor options={data.options} onChange={(options) => update({ options })} labels={OL} />
      {Object.entries(errors)
        .filter(([k]) => k.startsWith('options'))
        .map(([k, v]) => (
          <p key={k} className="field-error" role="alert" data-testid="error-options">
            {v}
          </p>
        ))}
    </Group>
  );
}

export function ImagesSection({
  ed,
  title,
  uploadUrl,
  media,
}: {
  ed: Editor;
  title: string;
  uploadUrl: string;
  media: Props['media'];
}) {
  const { L, data, update } = ed;
  return (
    <Group id="images" title={title}>
      <ImagesEditor
        images={data.images}
        primary={data.primary_image}
        uploadUrl={uploadUrl}
        media={media}
        L={L}
        onChange={(images, primary_image, hash) =>
          update({ images, primary_image, ...(hash && !data.image_hash ? { image_hash: hash } : {}) })
        }
      />
    </Group>
  );
}

export function CatalogueSection({
  ed,
  title,
  categories,
}: {
  ed: Editor;
  title: string;
  categories: Props['refData']['categories'];
}) {
  const { L, data, err, update } = ed;
  return (
    <Group
      id="catalogue"
      title={title}
      actions={
        data.product_audit_id ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void ed.saveCategories()}
            data-testid="pe-save-categories"
          >
            {L['f.saveCategories']}
          </button>
        ) : null
      }
    >
      <TextField
        label={L['f.taxonomy']}
        name="taxonomy_terms"
        value={data.taxonomy_terms.join(', ')}
        onChange={(v) =>
          update({
            taxonomy_terms: v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
          })
        }
        error={err('taxonomy_terms')}
      />
      <h3 className="pe-subhead">{L['g.categories']}</h3>
      <CategoriesPicker tree={categories} state={data} onChange={(s) => update(s)} L={L} />
      {err('categories') ? (
        <p className="field-error" role="alert">
          {err('categories')}
        </p>
      ) : null}
    </Group>
  );
}
