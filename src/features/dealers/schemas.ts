/** Input of the dealer locator (form posts, JSON or multipart). */
import { z } from 'zod';

export const DEALER_SERVICES = ['parts', 'service', 'planters', 'epp'] as const;
export type DealerService = (typeof DEALER_SERVICES)[number];

const Service = z.preprocess(
  (v) => (v === '' || v === 'all' ? undefined : v),
  z.enum(DEALER_SERVICES, { message: 'Choose a service from the list.' }).optional(),
);

/** Spec §7: the location payload is a JSON string {lat, lng, accuracy} (an object is accepted too). */
const Location = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return null;
    }
  },
  z.object(
    {
      lat: z.coerce
        .number({ message: 'Latitude must be a number.' })
        .min(-90, 'Latitude must be between -90 and 90.')
        .max(90, 'Latitude must be between -90 and 90.'),
      lng: z.coerce
        .number({ message: 'Longitude must be a number.' })
        .min(-180, 'Longitude must be between -180 and 180.')
        .max(180, 'Longitude must be between -180 and 180.'),
      accuracy: z.coerce.number().min(0).max(1e7).optional().default(0),
    },
    { message: 'Send the location as JSON: {"lat", "lng", "accuracy"}.' },
  ),
);

export const SetBody = z.object({ location: Location, service: Service });
export type SetBody = z.infer<typeof SetBody>;

export const PostalBody = z.object({
  country: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['US', 'CA'], { message: 'Choose the United States or Canada.' }),
  ),
  postal_code: z
    .string({ message: 'Enter a ZIP or postal code.' })
    .trim()
    .min(3, 'Enter a ZIP or postal code.')
    .max(10, 'That code is too long.'),
  service: Service,
});
export type PostalBody = z.infer<typeof PostalBody>;

export const PageQuery = z.object({
  country: z.string().optional().catch(undefined),
  postal_code: z.string().max(10).optional().catch(undefined),
  service: Service.catch(undefined),
});
