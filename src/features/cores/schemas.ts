/** Input of the core tax rules screen (zod at the edge; English, translated on the way out). */
import { z } from 'zod';
import { text } from '../../http/validate.ts';

export const CORE_RULE_MESSAGES = {
  country: 'Choose a country.',
  region: 'This region is not one of the country’s.',
  taxable: 'Say whether the deposit is taxed.',
} as const;

export const CoreTaxRuleBody = z.object({
  country: text({ message: CORE_RULE_MESSAGES.country })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, CORE_RULE_MESSAGES.country),
  /** Empty: the whole country. */
  region: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    text({ message: CORE_RULE_MESSAGES.region }).trim().toUpperCase().max(10, CORE_RULE_MESSAGES.region),
  ),
  taxable: z.enum(['yes', 'no'], { message: CORE_RULE_MESSAGES.taxable }),
});
export type CoreTaxRuleBody = z.infer<typeof CoreTaxRuleBody>;
