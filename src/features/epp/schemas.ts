/**
 * EPP input: the service-data query (spec §7: percentDown, months, eppFee, orderId, demoTotal,
 * productId, subtotalOnly, and plan) and the EPP fields of an order placement. Every bad or
 * missing number is a 400 naming its field; list membership is checked by the service
 * (src/domain/epp.ts checkChoice), which knows whether the caller is an EPP admin.
 */
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const number = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${label} must be a number.` })
      .finite(`${label} must be a number.`)
      .optional(),
  );
const id = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .positive(`${label} must be positive.`)
      .max(2147483647, `${label} is too large.`)
      .optional(),
  );
const amount = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, `${label} must be an amount such as 1250.00.`))
      .optional(),
  );
const flag = z
  .preprocess(
    blankToUndefined,
    z.enum(['1', '0', 'true', 'false'], { message: 'subtotalOnly must be 1 or 0.' }).optional(),
  )
  .transform((v) => v === '1' || v === 'true');

export const EPP_PLANS = ['standard', 'promo'] as const;

export const ServiceDataQuery = z
  .object({
    percentDown: number('percentDown'),
    months: number('months'),
    eppFee: amount('eppFee'),
    orderId: id('orderId'),
    demoTotal: amount('demoTotal'),
    productId: id('productId'),
    // A product's configuration: "choiceId:quantity" pairs, comma-separated (the configurator's choices).
    selections: z
      .preprocess(
        blankToUndefined,
        z
          .string()
          .max(1000, 'selections is too long.')
          .regex(
            /^\d{1,9}:\d{1,2}(,\d{1,9}:\d{1,2}){0,49}$/,
            'selections must be choice:quantity pairs such as 12:1,15:2.',
          )
          .optional(),
      )
      .transform((v) =>
        v?.split(',').map((pair) => {
          const [choiceId, quantity] = pair.split(':').map(Number);
          return { choiceId, quantity };
        }),
      ),
    subtotalOnly: flag,
    plan: z.preprocess(blankToUndefined, z.enum(EPP_PLANS, { message: 'plan must be standard or promo.' }).optional()),
  })
  .superRefine((q, ctx) => {
    const sources = [q.orderId, q.productId, q.demoTotal].filter((v) => v !== undefined).length;
    if (sources !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['orderId'],
        message: 'Send exactly one of orderId, productId or demoTotal.',
      });
    if (q.selections && q.productId === undefined)
      ctx.addIssue({ code: 'custom', path: ['selections'], message: 'selections go with a productId.' });
  });
export type ServiceDataQuery = z.infer<typeof ServiceDataQuery>;

/** The EPP fields an order placement may carry (checkout's payment tab); absent `epp` = no EPP. */
export const EppPlacement = z.object({
  epp: z
    .preprocess(blankToUndefined, z.enum(['1', 'true', '0', 'false']).optional())
    .transform((v) => v === '1' || v === 'true'),
  epp_percent_down: number('epp_percent_down'),
  epp_months: number('epp_months'),
  epp_fee: amount('epp_fee'),
  epp_plan: z.preprocess(
    blankToUndefined,
    z.enum(EPP_PLANS, { message: 'epp_plan must be standard or promo.' }).optional(),
  ),
});
export type EppPlacementInput = {
  percentDown?: number;
  months?: number;
  eppFee?: string;
  plan: (typeof EPP_PLANS)[number];
};

/** The EPP part of a placement body: null when the buyer does not pay by EPP. */
export function eppPlacementOf(
  body: unknown,
  parse: <S extends z.ZodType>(s: S, d: unknown) => z.infer<S>,
): EppPlacementInput | null {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const v = parse(EppPlacement, {
    epp: raw.epp === undefined || raw.epp === null ? undefined : String(raw.epp),
    epp_percent_down: raw.epp_percent_down,
    epp_months: raw.epp_months,
    epp_fee: raw.epp_fee,
    epp_plan: raw.epp_plan,
  });
  if (!v.epp) return null;
  return { percentDown: v.epp_percent_down, months: v.epp_months, eppFee: v.epp_fee, plan: v.epp_plan ?? 'standard' };
}
