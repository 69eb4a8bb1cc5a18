/**
 * The product editor island (spec §3 "Product (editor)", §4 "Product editor", §5 slug, §7 calls).
 *
 * - Every field, in titled sections with a list of them at the top ("one 6,000 px
 *   form"): basics (title and slug side by side, status, codes, description), pricing and
 *   availability (channel prices, distributors), options and choices, media, shipping and
 *   inventory (dimensions, freight, stacking), categories and search. The save bar with the
 *   unsaved-changes hint stays pinned to the bottom of the window.
 * - Duplicate checks for stock code, SKU, GTIN, slug and title run 400 ms after typing stops and
 *   show beside the field, before anything is saved; the server checks again on save (409).
 * - Slug: "Create from title" runs the shared domain slugify (the server validates the shape).
 * - Is-kit: after the stock code or SKU changes, GET …/iskit/{stockcode}/{sku}; true marks the
 *   product a kit (isKitDerived).
 * - Save: POST …/create (new) or …/{audit_id}/update with updateData; field errors from the
 *   server show beside their fields. Dimensions and categories can be saved alone.
 * - Nav warning: leaving with unsaved changes asks first (beforeunload).
 */
import { shownMessages } from '../lib/errors.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { slugify } from '../../src/domain/slug.ts';
import { formatDate } from '../../src/domain/dates.ts';
import { DIMENSION_FIELDS, type ProductEditorData } from '../../src/domain/product-editor.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { showAlert } from '../lib/alerts.ts';
import { Check, Group, SelectField, TextArea, TextField } from './fields.tsx';
import { OptionsEditor } from './options.tsx';
import { CategoriesPicker, ChannelsEditor, DistributorsEditor, ImagesEditor } from './relations.tsx';
import type { MediaChoice } from '../../src/domain/media-picker.ts';

export type Props = {
  base: string;
  locale: string;
  data: ProductEditorData;
  refData: {
    channels: {
      id: number;
      code: string;
      name: string;
      currency: string;
      midMarketRate: string;
      warehouseIds: number[];
    }[];
    warehouses: { id: number; code: string; name: string }[];
    distributors: { id: number; name: string; organisationId: number | null; warehouseIds: number[] }[];
    countries: { code: string; name: string }[];
    categories: { id: number; parentId: number | null; name: string; slug: string }[];
  };
  distributorAmount: number;
  /** The media library's newest images, for the picker. */
  media: MediaChoice[];
  hitMax: boolean;
  labels: Record<string, string>;
};

/** When the editor last saved, on the person's own clock ('3:04:05 PM'), as the page's language writes a time. */
const savedTime = (locale: string) =>
  formatDate(new Date(), locale, { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'local' });

const DUP_FIELDS = ['stockcode', 'sku', 'gtin', 'slug', 'title'] as const;
type Errors = Record<string, string>;

export default function ProductEditor(props: Props) {
  const { base, labels: L } = props;
  const refData = props.refData;
  const [data, setData] = useState<ProductEditorData>(props.data);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [dups, setDups] = useState<Errors>({});
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const OL = useMemo(() => {
    const o: Record<string, string> = { remove: L['f.remove'] };
    for (const [k, v] of Object.entries(L)) if (k.startsWith('o.')) o[k.slice(2)] = v;
    return o;
  }, [L]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = L.leave;
      return L.leave;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, L.leave]);

  const update = (patch: Partial<ProductEditorData>) => {
    setData((d) => ({ ...d, ...patch }));
    setDirty(true);
    setSavedAt(null);
    for (const k of Object.keys(patch)) if (errors[k]) setErrors(({ [k]: _, ...rest }) => rest);
  };

  const checkDuplicate = (field: (typeof DUP_FIELDS)[number], value: string) => {
    clearTimeout(timers.current[field]);
    timers.current[field] = setTimeout(async () => {
      if (!value.trim()) return setDups(({ [field]: _, ...rest }) => rest);
      try {
        const r = await request<{ duplicate: boolean; message: string | null }>('GET', `${base}/duplicates`, {
          field,
          value,
          product_id: data.product_id ?? '',
        });
        setDups((d) => {
          const { [field]: _, ...rest } = d;
          return r.duplicate && r.message ? { ...rest, [field]: r.message } : rest;
        });
      } catch {
        /* a failed check is not a duplicate; the save checks again */
      }
    }, 400);
  };

  const checkKit = (stockcode: string, sku: string) => {
    clearTimeout(timers.current.kit);
    if (!stockcode.trim()) return;
    timers.current.kit = setTimeout(async () => {
      try {
        const path = `${base}/iskit/${encodeURIComponent(stockcode.trim())}${sku.trim() ? `/${encodeURIComponent(sku.trim())}` : ''}`;
        const kit = await request<boolean>('GET', path);
        setData((d) => (kit ? { ...d, is_kit: true, isKitDerived: true } : { ...d, isKitDerived: false }));
      } catch {
        /* logged only (spec §8) */
      }
    }, 400);
  };

  const text = (field: keyof ProductEditorData, extra?: (v: string) => void) => (v: string) => {
    update({ [field]: v } as Partial<ProductEditorData>);
    if ((DUP_FIELDS as readonly string[]).includes(field)) checkDuplicate(field as (typeof DUP_FIELDS)[number], v);
    extra?.(v);
  };

  const fail = (e: unknown) => {
    if (isAppRequestError(e)) {
      const fields = ((e.body as { error?: { fields?: Errors } })?.error?.fields ?? {}) as Errors;
      setErrors(fields);
      const first = Object.keys(fields)[0];
      if (first)
        document
          .querySelector<HTMLElement>(
            `[data-field="${first}"] input, [data-field="${first}"] select, [data-field="${first}"] textarea`,
          )
          ?.focus();
    }
    showAlert(shownMessages(e)[0], 'error');
  };

  const saved = (d: ProductEditorData) => {
    setData(d);
    setDirty(false);
    setErrors({});
    setDups({});
    setSavedAt(savedTime(props.locale));
  };

  const save = async () => {
    setSaving(true);
    try {
      if (data.product_audit_id) {
        saved(
          (
            await request<{ data: ProductEditorData }>(
              'POST',
              `${base}/${data.product_audit_id}/update`,
              { updateData: data },
              { json: true },
            )
          ).data,
        );
      } else {
        const r = await request<{ data: ProductEditorData }>(
          'POST',
          `${base}/create`,
          { updateData: data },
          { json: true },
        );
        saved(r.data);
        window.history.replaceState(null, '', `${base}/${r.data.product_audit_id}`);
        // The page now edits this product: its header and the tab say so, as a reload would.
        const heading = document.querySelector('[data-testid="page-header"] h1');
        if (heading) heading.textContent = r.data.title;
        document.title = document.title.replace(L.newTitle, `${L.editTitle}: ${r.data.title}`);
      }
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };

  const saveDimensions = async () => {
    if (!data.product_audit_id) return;
    setSaving(true);
    try {
      const updateData = Object.fromEntries(DIMENSION_FIELDS.map((k) => [k, data[k]]));
      const r = await request<{ data: ProductEditorData }>(
        'POST',
        `${base}/${data.product_audit_id}/update-dimensions`,
        { updateData },
        { json: true },
      );
      setData((d) => ({ ...d, ...Object.fromEntries(DIMENSION_FIELDS.map((k) => [k, r.data[k]])) }));
      setSavedAt(savedTime(props.locale));
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };

  const saveCategories = async () => {
    if (!data.product_audit_id) return;
    setSaving(true);
    try {
      const { categories, parentCategories, parentCategoriesAmount } = data;
      const r = await request<{ data: ProductEditorData }>(
        'POST',
        `${base}/${data.product_audit_id}/update-categories`,
        { categories, parentCategories, parentCategoriesAmount },
        { json: true },
      );
      setData((d) => ({
        ...d,
        categories: r.data.categories,
        parentCategories: r.data.parentCategories,
        parentCategoriesAmount: r.data.parentCategoriesAmount,
      }));
      setSavedAt(savedTime(props.locale));
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };

  const err = (k: string) => errors[k] ?? dups[k] ?? null;
  const dec = (k: keyof ProductEditorData) => (v: string) =>
    update({ [k]: v === '' ? null : v } as Partial<ProductEditorData>);
  const mediaUpload = `/${props.locale}/account/dashboard/media/upload`;

  const sections = ['basics', 'pricing', 'options', 'images', 'shipping', 'catalogue'] as const;
  const sectionTitle: Record<(typeof sections)[number], string> = {
    basics: L['s.basics'],
    pricing: L['s.pricing'],
    options: L['s.options'],
    images: L['s.media'],
    shipping: L['s.shipping'],
    catalogue: L['s.catalogue'],
  };

  return (
    <form
      className="pe"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="pe-form"
      data-dirty={dirty ? 'true' : 'false'}
    >
      {/* The long form in titled sections, a list of them to jump to, and the save bar pinned to the bottom. */}
      <nav className="pe-nav" aria-label={L['s.nav']} data-testid="pe-nav">
        <ul>
          {sections.map((id) => (
            <li key={id}>
              <a href={`#pe-${id}`}>{sectionTitle[id]}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Group id="basics" title={sectionTitle.basics}>
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
        <div className="form-row">
          <SelectField
            label={L['f.status']}
            name="status"
            value={data.status}
            onChange={(v) => update({ status: Number(v) as 0 | 1 | 2 })}
            options={[0, 1, 2].map((s) => ({ value: s, label: L[`status.${s}`] }))}
            error={err('status')}
          />
          <TextField
            label={L['f.brand']}
            name="brand"
            value={data.brand}
            onChange={text('brand')}
            error={err('brand')}
          />
        </div>
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

      <Group id="pricing" title={sectionTitle.pricing}>
        <div className="form-row">
          <TextField
            label={L['f.price']}
            name="price"
            value={data.price}
            onChange={text('price')}
            error={err('price')}
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
          max={props.distributorAmount}
          error={err('distributors') ?? undefined}
          L={L}
        />
      </Group>

      <Group id="options" title={sectionTitle.options}>
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

      <Group id="images" title={sectionTitle.images}>
        <ImagesEditor
          images={data.images}
          primary={data.primary_image}
          uploadUrl={mediaUpload}
          media={props.media}
          L={L}
          onChange={(images, primary_image, hash) =>
            update({ images, primary_image, ...(hash && !data.image_hash ? { image_hash: hash } : {}) })
          }
        />
      </Group>

      <Group
        id="shipping"
        title={sectionTitle.shipping}
        actions={
          data.product_audit_id ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void saveDimensions()}
              data-testid="pe-save-dimensions"
            >
              {L['f.saveDimensions']}
            </button>
          ) : null
        }
      >
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
        <div className="form-row">
          <TextField
            label={L['f.boxMethod']}
            name="box_method"
            value={data.box_method}
            onChange={text('box_method')}
            error={err('box_method')}
          />
          <TextField
            label={L['f.class']}
            name="class"
            value={data.class}
            onChange={text('class')}
            error={err('class')}
          />
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
            options={[
              { value: '', label: L['f.none'] },
              ...refData.countries.map((c) => ({ value: c.code, label: c.name })),
            ]}
          />
        </div>
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
        </div>
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
      </Group>

      <Group
        id="catalogue"
        title={sectionTitle.catalogue}
        actions={
          data.product_audit_id ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void saveCategories()}
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
        <CategoriesPicker tree={refData.categories} state={data} onChange={(s) => update(s)} L={L} />
        {err('categories') ? (
          <p className="field-error" role="alert">
            {err('categories')}
          </p>
        ) : null}
      </Group>

      <div className="pe-bar" data-testid="pe-bar">
        <span role="status" aria-live="polite" data-testid="pe-state">
          {saving ? L.saving : dirty ? L.unsaved : savedAt ? `${L.saved} · ${savedAt}` : ''}
        </span>
        <button type="submit" className="btn" disabled={saving} data-testid="pe-save">
          {saving ? L.saving : L.save}
        </button>
      </div>
    </form>
  );
}
