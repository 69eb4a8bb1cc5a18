/**
 * The product editor's data (spec §3 "Product (editor)", "Product option") and its pure rules
 * (spec §4 "Product editor"): shared by the server (validation, saving) and the editor island.
 * Money is a decimal string ('12.50'), measures a decimal string or null, exactly as the
 * database returns them, so a round trip through the editor changes nothing it was not asked to.
 */

export type EditorChoice = {
  choice_id: number | null;
  name: string;
  /** Segment of the configured stock code (padded to 3 by the stock-code rule). */
  stock_code_value: string;
  /** Value price: added to the product price (per unit for option type 1), USD. */
  price: string;
  /** Discount price, USD, or null. */
  discount_price: string | null;
  is_default: boolean;
  /** Nested child options, shown while this choice is selected. */
  children: EditorOption[];
};

export type EditorOption = {
  option_id: number | null;
  name: string;
  /** 0 pick one; 1 every choice takes a quantity 0..35. */
  option_type: 0 | 1;
  required: boolean;
  stock_code_position: number;
  choices: EditorChoice[];
};

/** Spec §3 Distributor entry; `warehouses`: the ids of the warehouses the distributor's organisation runs (read only: saving ignores it). */
export type EditorDistributor = {
  index: number;
  distributor: number;
  distributor_price: string;
  distributor_quantity: number;
  warehouses: number[];
};

/** The warehouses of each distributor's organisation, by distributor id (for Distributor entry `warehouses`). */
export function distributorWarehouses(
  dists: readonly { id: number; organisationId: number | null }[],
  houses: readonly { id: number; organisationId: number | null }[],
): Map<number, number[]> {
  return new Map(
    dists.map((d) => [
      d.id,
      d.organisationId == null
        ? []
        : houses
            .filter((h) => h.organisationId === d.organisationId)
            .map((h) => h.id)
            .sort((a, b) => a - b),
    ]),
  );
}
export type EditorChannelWarehouse = { warehouse_id: number; quantity: number };
export type EditorChannel = {
  channel_id: number;
  selectedWarehouses: EditorChannelWarehouse[];
  price: string;
  price_category: string;
  /** The channel's own core deposit in its currency ('' or absent: the base charge, converted). */
  core_charge?: string;
};

export type ProductEditorData = {
  product_id: number | null;
  product_audit_id: number | null;
  title: string;
  slug: string;
  stockcode: string;
  sku: string;
  gtin: string;
  brand: string;
  tariff_code: string;
  shipping_label: string;
  is_kit: boolean;
  /** True when the kit flag comes from the stock code / SKU (the is-kit check), not a person. */
  isKitDerived: boolean;
  description: string;
  status: 0 | 1 | 2;
  notes: string;
  inventory_type: string;
  availability: string;
  /** Base price, USD. */
  price: string;
  /** Core deposit, USD ('' when the product has no core). */
  core_charge: string;
  primary_image: string;
  images: string[];
  image_hash: string;
  /** category id → selected. */
  categories: Record<string, boolean>;
  parentCategories: number[];
  /** parent category id → how many selected children hold it. */
  parentCategoriesAmount: Record<string, number>;
  box_method: string;
  class: string;
  nmfc: string;
  product_length: string | null;
  product_width: string | null;
  product_height: string | null;
  product_weight: string | null;
  is_physical: boolean;
  is_stackable: boolean;
  stackable_quantity: number | null;
  stackable_length: string | null;
  stackable_width: string | null;
  stackable_height: string | null;
  isNonStock: boolean;
  isNonStockLabel: string;
  /** Customers may ask to return it (returns.ts), within return_window_days (null: the default 30). */
  returnable: boolean;
  return_window_days: number | null;
  coo: string;
  options: EditorOption[];
  taxonomy_terms: string[];
  distributors: EditorDistributor[];
  channels: EditorChannel[];
  /** Distributor ids saved on the product (those already stored). */
  savedDistributors: number[];
};

export const DUPLICATE_FIELDS = ['stockcode', 'sku', 'gtin', 'slug', 'title'] as const;
export type DuplicateField = (typeof DUPLICATE_FIELDS)[number];

export const DIMENSION_FIELDS = [
  'box_method',
  'class',
  'nmfc',
  'product_length',
  'product_width',
  'product_height',
  'product_weight',
  'is_physical',
  'is_stackable',
  'stackable_quantity',
  'stackable_length',
  'stackable_width',
  'stackable_height',
] as const;

export function emptyProduct(): ProductEditorData {
  return {
    product_id: null,
    product_audit_id: null,
    title: '',
    slug: '',
    stockcode: '',
    sku: '',
    gtin: '',
    brand: '',
    tariff_code: '',
    shipping_label: '',
    is_kit: false,
    isKitDerived: false,
    description: '',
    status: 0,
    notes: '',
    inventory_type: 'stocked',
    availability: 'in_stock',
    price: '0.00',
    core_charge: '',
    primary_image: '',
    images: [],
    image_hash: '',
    categories: {},
    parentCategories: [],
    parentCategoriesAmount: {},
    box_method: '',
    class: '',
    nmfc: '',
    product_length: null,
    product_width: null,
    product_height: null,
    product_weight: null,
    is_physical: true,
    is_stackable: false,
    stackable_quantity: null,
    stackable_length: null,
    stackable_width: null,
    stackable_height: null,
    isNonStock: false,
    isNonStockLabel: '',
    returnable: true,
    return_window_days: null,
    coo: '',
    options: [],
    taxonomy_terms: [],
    distributors: [],
    channels: [],
    savedDistributors: [],
  };
}

export function emptyOption(position: number): EditorOption {
  return { option_id: null, name: '', option_type: 0, required: false, stock_code_position: position, choices: [] };
}

export function emptyChoice(): EditorChoice {
  return {
    choice_id: null,
    name: '',
    stock_code_value: '',
    price: '0.00',
    discount_price: null,
    is_default: false,
    children: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Categories (spec §4): a parent category's count goes up on each selected child and down on each
// removal; the parent is dropped only when its count reaches 1 or less.

export type CategoryState = Pick<ProductEditorData, 'categories' | 'parentCategories' | 'parentCategoriesAmount'>;

export function addCategory(s: CategoryState, categoryId: number, parentId: number | null): CategoryState {
  if (s.categories[categoryId]) return s;
  const categories = { ...s.categories, [categoryId]: true };
  if (parentId == null) return { ...s, categories };
  const amount = { ...s.parentCategoriesAmount, [parentId]: (s.parentCategoriesAmount[parentId] ?? 0) + 1 };
  const parents = s.parentCategories.includes(parentId) ? s.parentCategories : [...s.parentCategories, parentId];
  return { categories, parentCategories: parents, parentCategoriesAmount: amount };
}

export function removeCategory(s: CategoryState, categoryId: number, parentId: number | null): CategoryState {
  if (!s.categories[categoryId]) return s;
  const categories = { ...s.categories };
  delete categories[categoryId];
  if (parentId == null) return { ...s, categories };
  const count = s.parentCategoriesAmount[parentId] ?? 0;
  if (count <= 1) {
    const amount = { ...s.parentCategoriesAmount };
    delete amount[parentId];
    return {
      categories,
      parentCategories: s.parentCategories.filter((p) => p !== parentId),
      parentCategoriesAmount: amount,
    };
  }
  return {
    categories,
    parentCategories: s.parentCategories,
    parentCategoriesAmount: { ...s.parentCategoriesAmount, [parentId]: count - 1 },
  };
}

/** The category state for a set of selected ids, given each category's parent. */
export function categoryStateFor(selected: readonly number[], parentOf: (id: number) => number | null): CategoryState {
  let s: CategoryState = { categories: {}, parentCategories: [], parentCategoriesAmount: {} };
  for (const id of selected) s = addCategory(s, id, parentOf(id));
  return s;
}

// ---------------------------------------------------------------------------------------------
// Distributors (spec §4): no more than the organisation allows (distributorAmount).

export function hitMaxDistributors(count: number, distributorAmount: number): boolean {
  return count >= distributorAmount;
}

// ---------------------------------------------------------------------------------------------
// Is-kit check (spec §7 iskit/{stockcode}/{sku}): a kit's stock code or SKU says so.

export function looksLikeKit(stockcode: string, sku: string): boolean {
  const re = /(^|[-_ ])KIT($|[-_ ])/i;
  return re.test(stockcode) || re.test(sku);
}

/** Every option at every depth, parents before children. */
export function flattenOptions(options: readonly EditorOption[]): EditorOption[] {
  const out: EditorOption[] = [];
  const walk = (list: readonly EditorOption[]) => {
    for (const o of list) {
      out.push(o);
      for (const c of o.choices) walk(c.children);
    }
  };
  walk(options);
  return out;
}
