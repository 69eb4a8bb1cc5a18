/** The demo's named orders: one of each status, for the demo accounts the README lists. */
import { PROMOTION, USER } from './ids.ts';
import type { PersonRef } from './accounts-types.ts';
import type { OptionRef, ProductRef } from './catalog.ts';
import type { OrderPlan } from './order-plans.ts';
import { daysAgo } from './util.ts';

/** The demo customer's orders: placed, shipped, on an EPP plan, and their open cart. */
export function customerPlans(people: PersonRef[], products: Map<string, ProductRef>): OrderPlan[] {
  const p = (code: string) => products.get(code)!;
  const person = (email: string) => people.find((x) => x.email === email)!;
  const customer = person('customer@example.com');
  const config = p('DEMO-CONFIG');
  const [rowCount, hitch, extraPlates] = config.options;
  const choice = (o: OptionRef, name: string) => o.choices.find((c) => c.name === name)!;
  const eightRows = choice(rowCount, '8 rows');
  return [
    {
      person: customer,
      status: 'completed',
      createdAt: daysAgo(300),
      payment: 'card',
      promotions: [PROMOTION.parts25],
      lines: [
        { product: p('PL-4RV'), quantity: 1 },
        { product: p('DEMO-SEED-PLATE'), quantity: 4 },
        { product: p('SV-WARR-2'), quantity: 1, lineType: 1 },
      ],
      notes: 'Deliver to the machine shed; call ahead.',
    },
    {
      person: customer,
      status: 'shipped',
      createdAt: daysAgo(45),
      payment: 'check',
      addressIndex: 1,
      lines: [
        { product: p('PP-DOB-15'), quantity: 8 },
        {
          product: p('PP-GWA-16'),
          quantity: 2,
          picks: [{ choice: choice(p('PP-GWA-16').options[0], 'Heavy-duty semi-pneumatic'), quantity: 1 }],
        },
      ],
    },
    {
      person: customer,
      status: 'processing',
      createdAt: daysAgo(12),
      payment: 'epp',
      promotions: [PROMOTION.spring50],
      lines: [
        {
          product: config,
          quantity: 1,
          picks: [
            { choice: eightRows, quantity: 1 },
            { choice: choice(eightRows.children[0], '36 in'), quantity: 1 },
            { choice: choice(hitch, 'Drawbar pull-type'), quantity: 1 },
            { choice: choice(extraPlates, 'Corn 30-cell'), quantity: 10 },
            { choice: choice(extraPlates, 'Soybean 60-cell'), quantity: 4 },
          ],
        },
        { product: p('SV-SETUP'), quantity: 1, lineType: 2 },
      ],
      unpaidFee: { name: 'EPP fee', usd: '0' },
    },
    // The customer's open cart: two lines, one of them configured.
    {
      person: customer,
      status: 'cart',
      createdAt: daysAgo(2),
      payment: 'none',
      lines: [
        {
          product: config,
          quantity: 1,
          picks: [
            { choice: choice(rowCount, '6 rows'), quantity: 1 },
            { choice: choice(hitch, 'Category II 3-point'), quantity: 1 },
            { choice: choice(extraPlates, 'Corn 30-cell'), quantity: 2 },
          ],
        },
        { product: p('DEMO-SEED-PLATE'), quantity: 6 },
      ],
    },
  ];
}

/** The other named buyers' orders, one of each status left. */
export function otherPlans(people: PersonRef[], products: Map<string, ProductRef>): OrderPlan[] {
  const p = (code: string) => products.get(code)!;
  const person = (email: string) => people.find((x) => x.email === email)!;
  const buyer = person('buyer@acme.example');
  return [
    {
      person: buyer,
      status: 'pending',
      createdAt: daysAgo(5),
      payment: 'pending-check',
      taxExempt: true,
      createdBy: USER.staff,
      lines: [
        { product: p('PL-8RV'), quantity: 1 },
        { product: p('PP-RCF'), quantity: 8 },
        { product: p('DC-40-10'), quantity: 4 },
      ],
    },
    {
      person: buyer,
      status: 'completed',
      createdAt: daysAgo(160),
      payment: 'card',
      taxExempt: true,
      paidFee: { name: 'Rush handling', usd: '45.00' },
      lines: [
        { product: p('SP-SOY-60'), quantity: 16 },
        { product: p('DEMO-KIT'), quantity: 2 },
        { product: p('TL-GAUGE'), quantity: 1 },
      ],
    },
    {
      person: person('distributor@example.com'),
      status: 'quote',
      createdAt: daysAgo(20),
      payment: 'none',
      lines: [
        { product: p('PP-SCW'), quantity: 40 },
        { product: p('DC-SP19'), quantity: 25 },
        { product: p('PP-STG'), quantity: 60 },
      ],
    },
    {
      person: person('hannah.schmidt@example.net'),
      status: 'on_hold',
      createdAt: daysAgo(9),
      payment: 'failed',
      unpaidFee: { name: 'Storage fee', usd: '40.00' },
      lines: [
        { product: p('PL-2RC'), quantity: 1 },
        { product: p('SP-CRN-24'), quantity: 2 },
      ],
      notes: 'Card declined; customer will call back.',
    },
    {
      person: person('maria.gonzalez@example.net'),
      status: 'completed',
      createdAt: daysAgo(75),
      payment: 'failed-then-card',
      lines: [
        { product: p('MT-FPU'), quantity: 4 },
        { product: p('DC-60-10'), quantity: 2 },
      ],
    },
    {
      person: person('bill.dawson@example.org'),
      status: 'cancelled',
      createdAt: daysAgo(130),
      payment: 'none',
      notes: 'Ordered twice by mistake.',
      lines: [{ product: p('TL-TQW'), quantity: 1 }],
    },
  ];
}
