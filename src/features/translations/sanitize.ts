/**
 * Translated HTML is written by staff but shown to everyone: before it reaches a page it goes
 * through sanitize-html with a short allow-list. No script or style, no event handlers, no
 * javascript: (or data:) URLs; links that open a new tab get rel="noopener noreferrer".
 */
import sanitizeHtml from 'sanitize-html';
import { expandImageDirectives } from '../../domain/translation.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'span',
    'div',
    'blockquote',
    'code',
    'pre',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'abbr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** Staff-written HTML (image() directives included) made safe to put in a page. */
export function safeHtml(value: string): string {
  return sanitizeHtml(expandImageDirectives(value), OPTIONS);
}

/** Staff-written HTML as it is (no directives), with the same allow-list: product descriptions. */
export function safeStaffHtml(value: string): string {
  return sanitizeHtml(value, OPTIONS);
}

/** The texts only change on reload; most pages render the same few values again and again. */
const cache = new Map<string, string>();
const CACHE_MAX = 2_000;

export function safeHtmlCached(value: string): string {
  let out = cache.get(value);
  if (out === undefined) {
    out = safeHtml(value);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(value, out);
  }
  return out;
}
