/** Building demo orders: the rows gathered for a batch, the ids handed out, one order's context. */
import type {
  lineItemOptions,
  orderFees,
  orderLineItems,
  orderPromotions,
  orders,
  paymentAllocations,
  payments,
  shipmentQuotes,
} from '../schema/index.ts';
import type { computePlan } from '../../domain/epp.ts';
import type { priceOrder } from '../../domain/price-order.ts';
import type { PersonRef } from './accounts-types.ts';
import type { GeoIds } from './geo.ts';
import type { rateQuotes } from './inventory.ts';
import type { Channel, LinePlan, OrderPlan } from './order-plans.ts';
export type Rows = {
  orders: (typeof orders.$inferInsert)[];
  lines: (typeof orderLineItems.$inferInsert)[];
  options: (typeof lineItemOptions.$inferInsert)[];
  orderPromotions: (typeof orderPromotions.$inferInsert)[];
  fees: (typeof orderFees.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  allocations: (typeof paymentAllocations.$inferInsert)[];
  quotes: (typeof shipmentQuotes.$inferInsert)[];
};
export const emptyRows = (): Rows => ({
  orders: [],
  lines: [],
  options: [],
  orderPromotions: [],
  fees: [],
  payments: [],
  allocations: [],
  quotes: [],
});

/** Running ids for every table the orders fill. */
export class Ids {
  line = 0;
  option = 0;
  fee = 0;
  payment = 0;
  allocation = 0;
  quote = 0;
}

export type Ctx = {
  id: number;
  plan: OrderPlan;
  geo: GeoIds;
  ids: Ids;
  rows: Rows;
  person: OrderPlan['person'];
  channel: Channel;
  rate: string;
  currencyId: number;
  warehouseId: number;
  createdAt: Date;
  updatedAt: Date;
};

export type OrderLine = {
  plan: LinePlan;
  unit: number;
  discount: number;
  total: number;
  id: number;
  totalDiscounted: number;
  paid: number;
};
export type Fee = { id: number; amount: number; paid: boolean; name: string };
export type Address = PersonRef['addresses'][number] | undefined;
export type Quote = ReturnType<typeof rateQuotes>[number];
export type Totals = ReturnType<typeof priceOrder<number>>;
export type EppChoice = { percentDown: number; months: number } | null;
export type EppPlan = ReturnType<typeof computePlan> | null;
export type Paid = {
  paymentType: number | null;
  eppPercentDown: number | null;
  eppMonths: number | null;
  pm: string;
  checkNumber: string;
};
