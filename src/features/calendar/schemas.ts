/** Calendar input: the view's query and the event editor's body (dates typed per spec §5). */
import { z } from 'zod';
import { CALENDAR_VIEWS, parseIsoDay } from '../../domain/calendar.ts';
import { parseFlexibleDate, type CalendarDate } from '../../domain/dates.ts';

export const CalendarQuery = z.object({
  view: z.enum(CALENDAR_VIEWS, { message: 'Choose month, week or agenda.' }).optional().default('month'),
  date: z
    .string()
    .trim()
    .max(20, 'Enter a real date.')
    .optional()
    .transform((v, ctx): CalendarDate | undefined => {
      if (!v) return undefined;
      const d = parseIsoDay(v) ?? parseFlexibleDate(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'Enter a real date.' });
        return z.NEVER;
      }
      return d;
    }),
});

const typedDate = (label: string, required: boolean) =>
  z
    .string({ message: `${label}: enter a date as mm/dd/yy.` })
    .trim()
    .max(20, `${label}: enter a date as mm/dd/yy.`)
    .optional()
    .transform((v, ctx): CalendarDate | undefined => {
      if (!v) {
        if (required) ctx.addIssue({ code: 'custom', message: `${label}: enter a date as mm/dd/yy.` });
        return undefined;
      }
      const d = parseFlexibleDate(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: `${label}: enter a real date as mm/dd/yy.` });
        return z.NEVER;
      }
      return d;
    });

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

export const EventBody = z.object({
  title: z
    .string({ message: 'Give the event a title.' })
    .trim()
    .min(1, 'Give the event a title.')
    .max(200, 'Keep the title under 200 characters.'),
  date: typedDate('Date', true),
  endDate: typedDate('End date', false),
  allDay: bool,
  start: z.string().trim().max(5, 'Enter a start time as hh:mm.').optional(),
  end: z.string().trim().max(5, 'Enter an end time as hh:mm.').optional(),
  description: z
    .string()
    .trim()
    .max(2000, 'Keep the description under 2000 characters.')
    .optional()
    .transform((v) => v || null),
});
export type EventBody = z.infer<typeof EventBody>;

/** Moving an event keeps its time of day and length; only the first day changes. */
export const MoveBody = z.object({ date: typedDate('Date', true) });
