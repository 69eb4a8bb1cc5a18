/**
 * Live HTML lint of translation values (spec §5), run in the translation editor as the value is
 * typed and on the server before a save. The only active rule is tag-pair (every opened tag is
 * closed, void elements excepted); doctype, unique ids and alt attributes are not required.
 *
 * Uses htmlhint's core (pure CommonJS, no node: imports), imported by its deep path because that
 * path carries the type declarations and is also what esbuild picks for the browser bundle.
 */
import { HTMLHint } from 'htmlhint/dist/core/core.js';

/** The template directive that embeds an image, e.g. image(['/media/a.jpg', 'alt text']). */
const IMAGE_DIRECTIVE = /image\(\[[\s\S]*?\]\)/g;

/** htmlhint's inline configuration comments (which could switch rules on or off). */
const INLINE_CONFIG = /(<!--\s*)htmlhint/gi;

/**
 * Why: an image directive is not HTML and would confuse the parser, so it becomes a comment of the
 * same length with the same line breaks: reported lines and columns still match what was typed.
 */
export function maskImageDirectives(html: string): string {
  return html.replace(IMAGE_DIRECTIVE, (m) => {
    const out: string[] = m.split('').map((c) => (c === '\n' || c === '\r' ? c : ' '));
    out.splice(0, 4, '<', '!', '-', '-'); // 'imag' is never a line break
    // Close on the last three characters that hold no line break; 'e([' always qualifies, and
    // whatever follows the close is blank space (plus the original line breaks).
    for (let i = m.length - 3; i >= 4; i--) {
      if (!/[\n\r]/.test(m.slice(i, i + 3))) {
        out.splice(i, 3, '-', '-', '>');
        break;
      }
    }
    return out.join('');
  });
}

/** Why: translators see mismatched tags as they type, as 'Line N, Col N: message' lines; empty means clean. */
export function lintHtml(html: string): string[] {
  const source = maskImageDirectives(String(html)).replace(INLINE_CONFIG, '$1htmlhin_');
  return HTMLHint.verify(source, { 'tag-pair': true })
    .filter((m) => m.rule.id === 'tag-pair')
    .map((m) => `Line ${m.line}, Col ${m.col}: ${m.message}`);
}
