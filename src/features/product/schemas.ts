/** Input of the product page. */
import { z } from 'zod';

/** The product id in the path: a positive whole number in int4 range (anything else is not a product). */
export const ProductParams = z.object({
  productId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2147483647)),
});
export type ProductParams = z.infer<typeof ProductParams>;
