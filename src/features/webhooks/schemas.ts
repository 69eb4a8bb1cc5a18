/** Input of the integrations screens (urlencoded, multipart or JSON). */
import { z } from 'zod';
import { WEBHOOK_EVENTS } from './events.ts';

const id = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2147483647));
/** A checkbox group arrives as a string (one ticked), an array (several) or nothing (none). */
const list = (v: unknown) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]);
/** An unticked checkbox sends nothing, so forms send a hidden 'active=0' before the box; a script that leaves it out gets an active webhook. */
const flag = (v: unknown) => {
  if (v === undefined) return true;
  const last = Array.isArray(v) ? v[v.length - 1] : v;
  return last === true || last === 'true' || last === '1' || last === 'on';
};

export const WebhookBody = z.object({
  url: z
    .string({ message: 'Enter the URL to deliver to.' })
    .trim()
    .min(1, 'Enter the URL to deliver to.')
    .max(2000, 'A URL has at most 2000 characters.')
    .refine((u) => {
      try {
        const p = new URL(u);
        return (p.protocol === 'https:' || p.protocol === 'http:') && !!p.hostname && !p.username && !p.password;
      } catch {
        return false;
      }
    }, 'Enter a full http:// or https:// URL without a user name or password.'),
  events: z.preprocess(
    list,
    z
      .array(z.enum(WEBHOOK_EVENTS, { message: 'Choose events from the list.' }), {
        message: 'Choose at least one event.',
      })
      .min(1, 'Choose at least one event.')
      .max(WEBHOOK_EVENTS.length),
  ),
  active: z.preprocess(flag, z.boolean()),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

export const WebhookParams = z.object({ webhookId: id });
export const DeliveryParams = z.object({ webhookId: id, deliveryId: id });

export const DeliveryLogQuery = z.object({
  after: z.string().max(400).optional().catch(undefined),
  before: z.string().max(400).optional().catch(undefined),
  status: z.enum(['pending', 'delivered', 'failed']).optional().catch(undefined),
});
export type DeliveryLogQuery = z.infer<typeof DeliveryLogQuery>;
