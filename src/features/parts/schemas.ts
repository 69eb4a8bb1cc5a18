/** Input of the parts area: path ids, the index search and the staff's callout edits. */
import { z } from 'zod';

/** A positive int4 id from the path; anything else names nothing (404, like an unknown id). */
const Id = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2147483647));

export const DiagramParams = z.object({ diagramId: Id });
export const CalloutParams = z.object({ diagramId: Id, callout: z.string().trim().min(1).max(12) });
export const PartParams = z.object({ diagramId: Id, productId: Id });
export const ComponentParams = z.object({ diagramId: Id, componentId: Id });

export const IndexQuery = z.object({
  q: z
    .preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(100).catch(''))
    .optional()
    .default(''),
});

/** Deep link: ?callout=4&zoom=1 (a bad value is ignored, never an error: links get pasted). */
export const ExplorerQuery = z.object({
  callout: z.string().trim().max(12).optional().catch(undefined),
  zoom: z.coerce.number().int().min(-4).max(2).optional().catch(undefined),
});

const coord = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number.` })
    .int(`${name} must be a whole number of pixels.`)
    .min(0, `${name} cannot be negative.`)
    .max(100000, `${name} is too large.`);

const Rect = z.object({ x1: coord('x1'), y1: coord('y1'), x2: coord('x2'), y2: coord('y2') });
const rectOk = (r: z.infer<typeof Rect>) => r.x2 > r.x1 && r.y2 > r.y1;
const rectIssue = { message: 'The rectangle needs x2 greater than x1 and y2 greater than y1.', path: ['x2'] };

export const ComponentBody = Rect.extend({
  callout: z
    .string({ message: 'Enter a callout label.' })
    .trim()
    .min(1, 'Enter a callout label.')
    .max(12, 'A callout label has at most 12 characters.'),
  stockcode: z
    .string({ message: "Enter the part's stock code." })
    .trim()
    .min(1, "Enter the part's stock code.")
    .max(64, 'That stock code is too long.'),
  quantity: z.coerce
    .number({ message: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(999, 'Quantity must be at most 999.')
    .default(1),
}).refine(rectOk, rectIssue);
export type ComponentBody = z.infer<typeof ComponentBody>;

export const MoveBody = Rect.extend({ callout: z.string().trim().min(1, 'Enter a callout label.').max(12) }).refine(
  rectOk,
  rectIssue,
);
export type MoveBody = z.infer<typeof MoveBody>;
