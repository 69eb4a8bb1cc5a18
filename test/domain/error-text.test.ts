/**
 * Every error message a person can see has its interface text in every language:
 *   - the messages thrown in src (found by reading the source: string and template literals that
 *     read as a sentence on a line that throws or builds an error, or in a messages constant or a
 *     zod schema) each resolve to a key of src/i18n/text/errors*.ts (exactly, or as a pattern);
 *   - a pattern's French and Spanish have the same {{placeholders}} (the catalog test checks all keys);
 *   - resolution itself, with hand-written expected outputs.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorTextOf, errorTexts, translateError } from '../../src/i18n/error-text.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIRS = ['src/features', 'src/http', 'src/domain', 'src/providers'];

/** A line that throws, builds an error, or states a validation message. */
const ERROR_LINE =
  /\b(invalid|conflict|notFound|forbidden|unauthorized|tooMany|unavailable|fail|badRequest)\(|new (AppError|InputError|BankLinkError|PaymentError|CarrierRejectedError|CarrierUnavailableError|CarrierTimeoutError|InvalidPostalCodeError|PrivateAddressError)\(|message:|\.(min|max|regex|email|url|refine|length|int|positive|nonnegative|nonempty|superRefine)\(|\bfields?\[|\berrors?\[|=> `|return '/;
/** A constant holding messages: `const MESSAGES = {`, `export const BOT_MESSAGE = '…'`. */
const MESSAGE_CONST =
  /^\s*(export )?const (\w*MESSAGES?\w*|IN_PROGRESS|\w*_UNAVAILABLE|METHOD_NOT_OFFERED|PROBLEMS|REFUSALS|\w*_MESSAGE|LINE_NOT_FOUND|FOREIGN_ORIGIN|ADDRESS_CHANGED|NOT_ALLOWED_TAX_EXEMPT|NO_COUNTRY_SELECTED|STALE_MESSAGE|DECLINES|\w*ERRORS?)\b/;
/** Lines that write the log, mail or the demo data, not an answer to a person. */
const NOT_AN_ANSWER =
  /\b(log|logger|audit|addLog|writeLog|summary|subject|console|debug|warn)\b|\blog\(|action:|text: `Hello|throw new Error\(/;
/** Sentences in those places that are not shown to anyone (programmer errors, provider diagnostics). */
const NOT_SHOWN = [
  /^(maps|geocode|distance matrix|no route|Translation service)/,
  /must be (non-negative cents|a positive whole number|integer cents|an integer)/,
  /^(Not a date|Not a decimal|Not a valid rate|Percent down out of range|Cannot split|refund (must|exceeds)|Amount out of range)/,
  /^options\[/,
  // log lines and diagnostics built beside an error; the islands' own alerts (src/domain/constants.ts MESSAGES, shown by islands)
  /^(Calendar event|Order 7 placed|Payment for order 7 refunded|Address 7 of person|Wrong deposits|Saved 7 \(|Warehouse system update)/,
  /^Line 7(, Col 7)?: 7$/,
  /^(An error occurred|Network Error|No results found!|An error occurred while fetching the translation. Please try again.)$/,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The literal with each `${…}` replaced by a sample value, so a pattern can match it. */
const sample = (s: string) => s.replace(/\$\{[^}]*\}+/g, '7');
const sentence = (s: string) => /[A-Za-z]{2,}/.test(s) && / /.test(s) && /^[A-Z“"]/.test(s) && !/^[A-Z]+ \//.test(s);

function thrownMessages(): { text: string; where: string }[] {
  const out: { text: string; where: string }[] = [];
  for (const dir of DIRS) {
    for (const file of files(join(ROOT, dir))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      let inConst = false;
      // An audit or log call's object spans lines once formatted: its `message:` is for staff's log.
      let inLog = false;
      lines.forEach((line, i) => {
        if (MESSAGE_CONST.test(line)) inConst = true;
        if (/\b(audit\w*|addLog|writeLog|log\.\w+)\(/.test(line) && !/\)\s*;?\s*$/.test(line)) inLog = true;
        if (inLog) {
          if (/^\s*\}\)\s*;?\s*$|^\s*\);?\s*$/.test(line)) inLog = false;
          return;
        }
        const schema = /schemas?\.ts$|validat|fields\.ts$/.test(file);
        if (
          (ERROR_LINE.test(line) || inConst || (schema && /'[A-Z][^']* [^']*\.'/.test(line))) &&
          !NOT_AN_ANSWER.test(line)
        ) {
          for (const m of line.matchAll(/'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
            const text = (m[1] ?? m[2]).replace(/\\'/g, "'");
            if (!sentence(text) || (text.includes('${') && /^\$\{/.test(text.trim()) && !/ /.test(sample(text))))
              continue;
            const shown = sample(text);
            if (NOT_SHOWN.some((re) => re.test(shown))) continue;
            out.push({ text: shown, where: `${file.slice(ROOT.length)}:${i + 1}` });
          }
        }
        if (inConst && /^\s*\};?\s*$|;\s*$/.test(line)) inConst = false;
      });
    }
  }
  return out;
}

describe('domain/error-text', () => {
  it('every message thrown in src has its interface text (src/i18n/text/errors*.ts)', () => {
    const found = thrownMessages();
    expect(found.length, 'the scan finds the messages').to.be.greaterThan(300);
    const missing = found.filter((m) => !errorTextOf(m.text)).map((m) => `${m.where}: ${m.text}`);
    expect(missing).to.deep.equal([]);
  });

  it('finds a message exactly, or as a pattern with its values', () => {
    expect(errorTextOf('Your cart is empty.')).to.deep.equal({ key: 'error.msg.your_cart_is_empty' });
    expect(errorTextOf('Quantity must be a whole number from 1 to 999.')).to.deep.equal({
      key: 'error.msg.quantity_must_be_a_whole_number_from_min_to',
      params: { min: '1', max: '999' },
    });
    expect(errorTextOf('Nothing like this is thrown anywhere.')).to.equal(null);
  });

  it('the most specific pattern wins over a general one', () => {
    expect(errorTextOf('Email is required.')?.key).to.equal('error.msg.email_is_required');
    expect(errorTextOf('Title: enter a date as mm/dd/yy.')).to.deep.equal({
      key: 'error.msg.label_enter_a_date_as_mm_dd_yy',
      params: { label: 'Title' },
    });
  });

  it('translates with the values filled in; an unknown message stays as it is', () => {
    const fr = (key: string, params?: Record<string, string>) =>
      errorTexts.fr[key].replace(/\{\{(\w+)\}\}/g, (_, n: string) => params?.[n] ?? '');
    expect(translateError(fr, 'Quantity must be a whole number from 1 to 999.')).to.equal(
      'La quantité doit être un nombre entier de 1 à 999.',
    );
    expect(translateError(fr, 'An order requires line items')).to.equal('Une commande exige des lignes d’articles');
    expect(translateError(fr, 'Nothing like this is thrown anywhere.')).to.equal(
      'Nothing like this is thrown anywhere.',
    );
  });
});
