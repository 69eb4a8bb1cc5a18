/**
 * Product slugs (spec §5). The steps run in the spec's order, and that order matters: existing
 * hyphens are stripped before spaces become hyphens, so 'Seed-Plate 30' → 'seedplate-30x'.
 * A last segment of exactly two characters gets an 'x' (when there is more than one segment),
 * e.g. 'Seed Plate 30' → 'seed-plate-30x' (presumably so a slug's tail is never taken for a
 * two-letter language or country code). Non-ASCII letters lose their diacritics (NFD); anything else not in
 * [a-z0-9-] is dropped.
 */

/** Why: slugs are built the same way in the product editor (browser) and on the server. */
export function slugify(title: string): string {
  const slug = String(title)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '') // combining marks: 'é' → 'e'
    .replace(/-/g, '') // existing hyphens are stripped
    .replace(/\s/g, '-') // spaces become hyphens
    .replace(/[^a-z0-9-]/g, '') // quotes, punctuation and other letters go
    .replace(/-{2,}/g, '-') // repeated hyphens collapse
    .replace(/^-+|-+$/g, '');
  const segments = slug.split('-');
  return segments.length > 1 && segments[segments.length - 1].length === 2 ? `${slug}x` : slug;
}
