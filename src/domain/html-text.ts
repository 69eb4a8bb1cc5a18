/**
 * Plain text of an HTML fragment, entities decoded by a real parser (htmlparser2), never by
 * regexes: '&eacute;', '&#8217;' and '<br/>' come out as the shopper reads them. Script and
 * style contents are dropped; block boundaries become spaces; whitespace collapses.
 */
import { Parser } from 'htmlparser2';

const SKIP = new Set(['script', 'style', 'template']);

export function htmlToText(html: string): string {
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (SKIP.has(name)) skipping++;
        text += ' ';
      },
      onclosetag: (name) => {
        if (SKIP.has(name)) skipping = Math.max(0, skipping - 1);
        text += ' ';
      },
      ontext: (t) => {
        if (!skipping) text += t;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}
