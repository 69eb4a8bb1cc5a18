/**
 * Catalogue content in the visitor's language: product names and descriptions,
 * categories, option names and choices, promotions, channels and parts diagrams are translated
 * through the same translations table and editor as interface text (spec §2, §3 Translation),
 * under the namespace marker 'cat:'. A field names the entity by id:
 *
 *   cat:product.5.title   cat:product.5.description   cat:product.5.label   cat:category.3.name   cat:category.3.description
 *   cat:option.7.name     cat:choice.12.name          cat:promotion.2.name  cat:channel.1.name
 *   cat:diagram.1.title
 *
 * The entity's own column is the English text; a language without a row falls back to it (so a
 * product nobody translated shows its English name). A language-country row ('fr' + 'CA') wins over
 * the language's row ('fr'). Pure: no framework imports.
 */

export const CATALOG_MARKER = 'cat:';

export const CATALOG_FIELDS = {
  /** label: what a non-stock item shows instead of stock ('Sent by email'). */
  product: ['title', 'description', 'label'],
  category: ['name', 'description'],
  option: ['name'],
  choice: ['name'],
  promotion: ['name'],
  channel: ['name'],
  diagram: ['title'],
  /** An Extended Payment Program promotion ('0% APR for 12 months on planters'). */
  financing: ['name'],
  /** An instructional's title (its steps and body stay as written). */
  instructional: ['title'],
} as const;

export type CatalogEntity = keyof typeof CATALOG_FIELDS;

/** 'cat:product.5.title' */
export const catalogField = <E extends CatalogEntity>(
  entity: E,
  id: number,
  part: (typeof CATALOG_FIELDS)[E][number],
) => `${CATALOG_MARKER}${entity}.${id}.${part}`;

const FIELD = /^cat:([a-z]+)\.([1-9][0-9]{0,9})\.([a-z]+)$/;

/** A catalogue field's entity, id and part; null when the field is not a catalogue field of a known kind. */
export function parseCatalogField(field: string): { entity: CatalogEntity; id: number; part: string } | null {
  const m = FIELD.exec(field);
  if (!m || !Object.hasOwn(CATALOG_FIELDS, m[1])) return null;
  const entity = m[1] as CatalogEntity;
  if (!(CATALOG_FIELDS[entity] as readonly string[]).includes(m[3])) return null;
  return { entity, id: Number(m[2]), part: m[3] };
}

/** One row of the translations table under the catalogue marker. */
export type CatalogTextRow = { field: string; language: string; country: string; value: string };

/**
 * Every catalogue translation, per language ('fr') and per language-country ('fr-CA'). Built once
 * per change of the translations table and shared by every request: never mutated after build.
 */
export class CatalogTexts {
  private readonly byTag = new Map<string, Map<string, string>>();

  constructor(rows: readonly CatalogTextRow[]) {
    for (const r of rows) {
      const country = r.country.trim().toUpperCase();
      const tag = country ? `${r.language}-${country}` : r.language;
      let map = this.byTag.get(tag);
      if (!map) this.byTag.set(tag, (map = new Map()));
      if (r.value.trim()) map.set(r.field, r.value);
    }
  }

  /** The translation for a locale such as 'fr-ca' (its country's row first), or undefined. */
  lookup(locale: string, field: string): string | undefined {
    const [language, country] = locale.split('-');
    if (country) {
      const own = this.byTag.get(`${language}-${country.toUpperCase()}`)?.get(field);
      if (own !== undefined) return own;
    }
    return this.byTag.get(language)?.get(field);
  }

  /** The names of one locale. */
  forLocale(locale: string): CatalogNames {
    return new CatalogNames(this, locale);
  }

  get size(): number {
    let n = 0;
    for (const m of this.byTag.values()) n += m.size;
    return n;
  }
}

/** Catalogue text in one locale: each method returns the translation or the English it is given. */
export class CatalogNames {
  constructor(
    private readonly texts: CatalogTexts,
    readonly locale: string,
  ) {}

  private get<E extends CatalogEntity>(
    entity: E,
    id: number | null | undefined,
    part: (typeof CATALOG_FIELDS)[E][number],
    english: string,
  ): string {
    if (id === null || id === undefined) return english;
    return this.texts.lookup(this.locale, catalogField(entity, id, part)) ?? english;
  }

  /** True when the locale has its own text for the field (false: the English shows). */
  has<E extends CatalogEntity>(entity: E, id: number, part: (typeof CATALOG_FIELDS)[E][number]): boolean {
    return this.texts.lookup(this.locale, catalogField(entity, id, part)) !== undefined;
  }

  product = (id: number | null | undefined, english: string) => this.get('product', id, 'title', english);
  productDescription = (id: number | null | undefined, english: string) =>
    this.get('product', id, 'description', english);
  productLabel = (id: number | null | undefined, english: string) => this.get('product', id, 'label', english);
  category = (id: number | null | undefined, english: string) => this.get('category', id, 'name', english);
  categoryDescription = (id: number | null | undefined, english: string) =>
    this.get('category', id, 'description', english);
  option = (id: number | null | undefined, english: string) => this.get('option', id, 'name', english);
  choice = (id: number | null | undefined, english: string) => this.get('choice', id, 'name', english);
  promotion = (id: number | null | undefined, english: string) => this.get('promotion', id, 'name', english);
  channel = (id: number | null | undefined, english: string) => this.get('channel', id, 'name', english);
  diagram = (id: number | null | undefined, english: string) => this.get('diagram', id, 'title', english);
  financing = (id: number | null | undefined, english: string) => this.get('financing', id, 'name', english);
  instructional = (id: number | null | undefined, english: string) => this.get('instructional', id, 'title', english);
}

/** No translations at all (English everywhere): for code paths that have no catalogue text loaded. */
export const ENGLISH_NAMES = new CatalogTexts([]).forLocale('en-us');
