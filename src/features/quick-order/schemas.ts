/**
 * Quick order request bodies (JSON, or a form with `text`): either `text` (what was pasted, or a
 * CSV file's text read in the browser) or `lines` ([{stockcode, quantity}], the table after the
 * person fixed some lines). Either way at most QUICK_ORDER_MAX_LINES lines; none is a 400 too.
 */
import { z } from 'zod';
import { invalid } from '../../domain/errors.ts';
import {
  linesFromList,
  parseQuickOrder,
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_LINES,
  type QuickLine,
} from '../../domain/quick-order.ts';
import { parseInput } from '../../http/validate.ts';

export const SHAPE_MESSAGE = 'Send the lines as text, or as a list of part numbers and quantities.';
export const EMPTY_MESSAGE = 'Paste or type at least one part number.';
export const TOO_MANY_MESSAGE = `A quick order takes at most ${QUICK_ORDER_MAX_LINES} lines.`;
export const TOO_LONG_MESSAGE = 'That is too much text for one quick order.';

const TextBody = z.object({ text: z.string({ message: SHAPE_MESSAGE }).max(QUICK_ORDER_MAX_CHARS, TOO_LONG_MESSAGE) });
const LinesBody = z.object({
  lines: z
    .array(
      z.object(
        {
          stockcode: z.string({ message: SHAPE_MESSAGE }).max(200, SHAPE_MESSAGE),
          quantity: z.union([z.number(), z.string().max(20)], { message: SHAPE_MESSAGE }).optional(),
          line: z
            .number({ message: SHAPE_MESSAGE })
            .int(SHAPE_MESSAGE)
            .positive(SHAPE_MESSAGE)
            .max(1_000_000, SHAPE_MESSAGE)
            .optional(),
        },
        { message: SHAPE_MESSAGE },
      ),
      { message: SHAPE_MESSAGE },
    )
    .max(QUICK_ORDER_MAX_LINES, TOO_MANY_MESSAGE),
});

/** The body → lines, or a 400 in the contract's shape (never a 5xx, whatever was sent). */
export function parseQuickBody(body: unknown): QuickLine[] {
  const obj =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  // Which shape was meant decides which messages apply (a union would only say "neither").
  const input: { text: string } | { lines: z.infer<typeof LinesBody>['lines'] } =
    obj.text !== undefined
      ? parseInput(TextBody, obj, SHAPE_MESSAGE)
      : obj.lines !== undefined
        ? parseInput(LinesBody, obj, SHAPE_MESSAGE)
        : (() => {
            throw invalid(SHAPE_MESSAGE, { text: SHAPE_MESSAGE });
          })();
  const lines =
    'text' in input
      ? parseQuickOrder(input.text)
      : linesFromList(input.lines.map((l) => ({ ...l, quantity: l.quantity ?? '' })));
  const field = 'text' in input ? 'text' : 'lines';
  if (!lines.length || lines.every((l) => l.stockcode === ''))
    throw invalid(EMPTY_MESSAGE, { [field]: EMPTY_MESSAGE }, 'empty');
  if (lines.length > QUICK_ORDER_MAX_LINES)
    throw invalid(TOO_MANY_MESSAGE, { [field]: TOO_MANY_MESSAGE }, 'too_many_lines');
  return lines;
}
