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
import { ShippingSection } from './shipping-section.tsx';
import { BasicsSection } from './basics-section.tsx';
import { CatalogueSection, ImagesSection, OptionsSection, PricingSection } from './sections.tsx';
import type { Props } from './types.ts';
import { useProductEditor } from './use-product-editor.ts';

export type { Props } from './types.ts';

const SECTIONS = ['basics', 'pricing', 'options', 'images', 'shipping', 'catalogue'] as const;

export default function ProductEditor(props: Props) {
  const ed = useProductEditor(props);
  const { L, dirty, saving, savedAt } = ed;
  const refData = props.refData;
  const mediaUpload = `/${props.locale}/account/dashboard/media/upload`;
  const sectionTitle: Record<(typeof SECTIONS)[number], string> = {
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
        void ed.save();
      }}
      data-testid="pe-form"
      data-dirty={dirty ? 'true' : 'false'}
    >
      {/* The long form in titled sections, a list of them to jump to, and the save bar pinned to the bottom. */}
      <nav className="pe-nav" aria-label={L['s.nav']} data-testid="pe-nav">
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#pe-${id}`}>{sectionTitle[id]}</a>
            </li>
          ))}
        </ul>
      </nav>

      <BasicsSection ed={ed} title={sectionTitle.basics} />
      <PricingSection
        ed={ed}
        title={sectionTitle.pricing}
        refData={refData}
        distributorAmount={props.distributorAmount}
      />
      <OptionsSection ed={ed} title={sectionTitle.options} />
      <ImagesSection ed={ed} title={sectionTitle.images} uploadUrl={mediaUpload} media={props.media} />
      <ShippingSection ed={ed} title={sectionTitle.shipping} countries={refData.countries} />
      <CatalogueSection ed={ed} title={sectionTitle.catalogue} categories={refData.categories} />

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
