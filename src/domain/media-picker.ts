/**
 * The product editor's media picker: an image is chosen from the media library,
 * never typed as a path. Shared by the server (what it lists) and the island (how it searches).
 */

/** One image of the library as the picker shows it: `thumb` is its smallest stored variant. */
export type MediaChoice = {
  id: number;
  path: string;
  filename: string;
  alt: string;
  thumb: string;
  width: number | null;
  height: number | null;
};

/** How many of the newest images the editor page lists (the search narrows them in the page). */
export const MEDIA_PICKER_LIMIT = 200;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The smallest variant's path (a thumbnail), else the image itself. */
export function thumbOf(path: string, variants: readonly { width: number; path: string }[] | null | undefined): string {
  const list = [...(variants ?? [])].filter((v) => v && typeof v.path === 'string').sort((a, b) => a.width - b.width);
  return list[0]?.path ?? path;
}

/** The images whose name, description or path holds every word of `q` (case and accents ignored). */
export function filterMedia<T extends Pick<MediaChoice, 'filename' | 'alt' | 'path'>>(
  list: readonly T[],
  q: string,
): T[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (!words.length) return [...list];
  return list.filter((m) => {
    const hay = fold(`${m.filename} ${m.alt} ${m.path}`);
    return words.every((w) => hay.includes(w));
  });
}
