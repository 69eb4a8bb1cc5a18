/** Input of the instructional editor's forms (zod; failures are 400s naming the field). */
import { z } from 'zod';
import { multilineText, text } from '../../http/validate.ts';

/** A site path ('/media/…') or an https URL; nothing else reaches a src attribute. */
const MediaUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine(
    (v) => v === '' || /^\/(?!\/)[^\s"'<>]*$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
    'Use a site path starting with / or an https:// address.',
  );

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const checkbox = z.preprocess((v) => v === 'on' || v === '1' || v === 'true' || v === true, z.boolean());
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v == null ? [] : Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v as object) : [v]),
    z.array(item),
  );

export const StepInput = z.object({
  title: text().trim().max(200, 'At most 200 characters.').default(''),
  body: multilineText().max(10_000, 'At most 10,000 characters.').default(''),
  image: MediaUrl.default(''),
  alt: text().trim().max(300).default(''),
  remove: checkbox.default(false),
});

export const InstructionalInput = z.object({
  title: text({ message: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(200, 'At most 200 characters.'),
  slug: z.preprocess(
    blankToUndefined,
    text()
      .trim()
      .toLowerCase()
      .max(120)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Letters, digits and single hyphens only.')
      .optional(),
  ),
  product: z.preprocess(blankToUndefined, text().trim().max(64).optional()),
  video_url: MediaUrl.default(''),
  body: multilineText().max(20_000, 'At most 20,000 characters.').default(''),
  published: checkbox.default(false),
  tools: list(z.coerce.number().int().positive()).default([]),
  steps: list(StepInput).default([]),
});
export type InstructionalInput = z.infer<typeof InstructionalInput>;

export const ToolInput = z.object({
  name: text({ message: 'Name is required.' }).trim().min(1, 'Name is required.').max(120, 'At most 120 characters.'),
  description: multilineText().trim().max(1000, 'At most 1,000 characters.').default(''),
});

export const VideoInput = z.object({
  instructional_id: z.coerce.number({ message: 'Choose an instructional.' }).int().positive('Choose an instructional.'),
  video_url: MediaUrl,
});

export const ListQuery = z.object({
  q: text().trim().max(100).optional().default(''),
  status: z.enum(['all', 'published', 'draft']).optional().default('all'),
});
