/** Orders (carts and quotes too), their lines and options, and the promotions on them. Payments: order-payments.ts; containers and EPP rules: order-shipping.ts. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LINE_TYPES, PAYMENT_TYPES, PROMOTION_SCOPES, type PromotionScope } from '../../domain/constants.ts';
import type { OrderAddress } from '../../domain/order-address.ts';
import { CART_MAX, CART_MIN, OPTION_MAX, OPTION_MIN, QUANTITY_OPTION_TYPE } from '../../domain/quantity.ts';
import { ORDER_STATUSES } from './constants.ts';
import { createdAt, inList, money, percent, timestamps, tstz } from './columns.ts';
import { channels, currencies } from './geo.ts';
import { addresses, persons, users } from './accounts.ts';
import { optionChoices, productOptions, products } from './catalog.ts';
import { warehouses } from './inventory.ts';

const lineTypes = Object.values(LINE_TYPES).join(', ');
const paymentTypes = Object.values(PAYMENT_TYPES).join(', ');
const PROMOTION = LINE_TYPES.PROMOTION;

/** Promotion configuration: the first action's value is the amount off (spec: configuration[0].actions[0].value). */
export type PromotionConfiguration = { actions: { type: 'amount_off' | 'percent_off'; value: number }[] }[];

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').unique(),
    configuration: jsonb('configuration').$type<PromotionConfiguration>().notNull(),
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    active: boolean('active').notNull().default(true),
    priority: integer('priority').notNull().default(0),
    /** What the amount comes off: every product line, or parts only. */
    appliesTo: text('applies_to').notNull().default('all').$type<PromotionScope>(),
    /** The promotion also takes the order's shipping off (the only way shipping is discounted). */
    freeShipping: boolean('free_shipping').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('promotions_applies_to', inList(t.appliesTo, PROMOTION_SCOPES)),
    check('promotions_window', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('promotions_configuration_array', sql`jsonb_typeof(${t.configuration}) = 'array'`),
    index('promotions_active_idx').on(t.active, t.startsAt),
    index('promotions_created_by_idx').on(t.createdBy),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('cart').$type<(typeof ORDER_STATUSES)[number]>(),
    locale: text('locale').notNull().default('en-us'),
    notes: text('notes'),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    /** The currency code the order is priced in (copy of currencies.code at creation). */
    orderCurrency: text('order_currency').notNull(),
    /** Null for an anonymous cart (then session_id identifies it). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    /** Tax exempt when neither null/empty nor '0'. */
    taxExemptId: text('tax_exempt_id'),
    paymentType: integer('payment_type'),
    /** Card payment-method reference (payment type 1) or check number (payment type 2). */
    selectedPaymentMethod: text('selected_payment_method'),
    erpId: text('erp_id'),
    poNumber: text('po_number'),
    attention: text('attention'),
    /** Organisation discount percent applied to the product lines. */
    orgDiscount: percent('org_discount').notNull().default('0'),
    orderDiscountEligible: boolean('order_discount_eligible').notNull().default(true),
    quote: boolean('quote').notNull().default(false),
    thirdPartyInfo: jsonb('third_party_info').$type<Record<string, unknown>>(),
    /** [{name, rate, amount}] with amount a 2-decimal string. */
    taxBreakdown: jsonb('tax_breakdown')
      .$type<{ name: string; rate: number; amount: string }[]>()
      .notNull()
      .default([]),
    shipmentMethod: text('shipment_method'),
    shipmentQuoteId: integer('shipment_quote_id').references((): AnyPgColumn => shipmentQuotes.id, {
      onDelete: 'set null',
    }),
    processorSource: text('processor_source'),
    shipToAddressId: integer('ship_to_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    billToAddressId: integer('bill_to_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /**
     * What the order keeps: the ship-to and bill-to as they were when it was placed (src/domain/order-address.ts).
     * Null on a cart (it reads the address book through the ids above); a placed order reads only these.
     */
    shipTo: jsonb('ship_to').$type<OrderAddress>(),
    billTo: jsonb('bill_to').$type<OrderAddress>(),
    shipFromWarehouseId: integer('ship_from_warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    /** subtotal = sum of line totals of types 0/1/2; discount = promotions (type 5 lines, as a positive amount). */
    subtotal: money('subtotal').notNull().default('0'),
    shipping: money('shipping').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    /** max(0, subtotal + shipping + tax - discount). */
    total: money('total').notNull().default('0'),
    /**
     * The total of an order that is no longer a cart, null on a cart: what the back office sorts
     * "by total" on (orders_placed_total_idx). Why not an index on total itself: a cart's total changes
     * with every quantity, and an indexed column that changes makes PostgreSQL write a new entry in
     * every one of this table's indexes (no HOT update); this one stays null while the cart changes.
     */
    placedTotal: money('placed_total').generatedAlwaysAs(sql`case when status <> 'cart' then total end`),
    showDiscount: boolean('show_discount').notNull().default(true),
    /** EPP selection, when the order is paid through the extended payment program. */
    eppPercentDown: integer('epp_percent_down'),
    eppMonths: integer('epp_months'),
    submittedAt: tstz('submitted_at'),
    /** Paid by invoice on the organisation's terms: the day the invoice is due. */
    paymentDueOn: date('payment_due_on', { mode: 'string' }),
    /** When the overdue reminder was last mailed (at most once a day). */
    lastRemindedAt: tstz('last_reminded_at'),
    /** Optimistic concurrency: every staff edit bumps it; an edit based on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /** A draft made by staff for a customer: hidden from the customer until staff submit it. */
    draft: boolean('draft').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer's machine is stopped: fastest shipping per warehouse, first in the staff's list and for stock. */
    machineDown: boolean('machine_down').notNull().default(false),
    /** When the buyer last ticked "machine down" (null when it is not ticked). */
    machineDownAt: tstz('machine_down_at'),
    /** With back-ordered units: ship what is in stock now and the rest when it arrives (false: all together). */
    splitShipment: boolean('split_shipment').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('orders_status', inList(t.status, ORDER_STATUSES)),
    check('orders_payment_type', sql`${t.paymentType} is null or ${t.paymentType} in (${sql.raw(paymentTypes)})`),
    check('orders_org_discount_range', sql`${t.orgDiscount} >= 0 and ${t.orgDiscount} < 100`),
    check(
      'orders_totals_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.shipping} >= 0 and ${t.tax} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0`,
    ),
    check(
      'orders_address_copies',
      sql`(${t.shipTo} is null or jsonb_typeof(${t.shipTo}) = 'object') and (${t.billTo} is null or jsonb_typeof(${t.billTo}) = 'object')`,
    ),
    check(
      'orders_epp',
      sql`(${t.eppPercentDown} is null or ${t.eppPercentDown} between 1 and 100) and (${t.eppMonths} is null or ${t.eppMonths} > 0)`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // Back-office order search pages by (created_at, id) keyset, optionally within a status, a
    // person or a channel: each index leads with the filter and ends with the keyset.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    // The staff's default order list puts machine-down orders first: (machine_down, created_at, id) keyset.
    index('orders_machine_down_idx').on(t.machineDown, t.createdAt, t.id),
    index('orders_person_idx').on(t.personId, t.createdAt, t.id),
    index('orders_session_idx').on(t.sessionId),
    index('orders_channel_idx').on(t.channelId, t.createdAt, t.id),
    index('orders_placed_total_idx').on(t.placedTotal, t.id),
    index('orders_currency_idx').on(t.currencyId),
    index('orders_shipment_quote_idx').on(t.shipmentQuoteId),
    index('orders_ship_to_idx').on(t.shipToAddressId),
    index('orders_bill_to_idx').on(t.billToAddressId),
    index('orders_ship_from_idx').on(t.shipFromWarehouseId),
    index('orders_created_by_idx').on(t.createdBy),
    // PO number and ERP id are found by prefix (LIKE 'q%'), whatever the collation.
    index('orders_erp_idx').on(sql`lower(${t.erpId}) text_pattern_ops`),
    // Invoices due: the unpaid invoice orders by due date.
    index('orders_payment_due_idx').on(t.paymentDueOn).where(sql`${t.paymentDueOn} is not null`),
    index('orders_po_number_idx').on(sql`lower(${t.poNumber}) text_pattern_ops`),
  ],
);

export const orderLineItems = pgTable(
  'order_line_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineType: integer('line_type').notNull().default(0),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** Configured stock code (base stock code plus option segments) at the time of ordering. */
    stockcode: text('stockcode'),
    quantity: integer('quantity').notNull().default(1),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    /** Price of one unit including option prices; negative only on promotion lines. */
    unitPrice: money('unit_price').notNull(),
    discount: money('discount').notNull().default('0'),
    /** unit_price * quantity - discount. */
    total: money('total').notNull(),
    /** total less this line's share of the order's promotions: what the line really costs. */
    totalDiscounted: money('total_discounted').notNull(),
    paidTotal: money('paid_total').notNull().default('0'),
    /** total_discounted - paid_total. */
    unpaidTotal: money('unpaid_total').notNull(),
    /**
     * unpaid_total > 0, kept by the database: the "has unpaid balance" index filters on it. Why not
     * on unpaid_total itself: a column an index reads (even in its WHERE) that changes makes every
     * cart quantity change write all this table's indexes again (no HOT update); this one stays true.
     */
    owing: boolean('owing').generatedAlwaysAs(sql`unpaid_total > 0`),
    sort: integer('sort').notNull().default(0),
    /** Units of this line not in stock when the order was placed: they ship when they arrive (0: none). */
    backorderedQuantity: integer('backordered_quantity').notNull().default(0),
    /** When the back-ordered units are expected to ship (null: in stock, or no date known). */
    backorderShipOn: date('backorder_ship_on'),
    /** When staff marked the back-ordered units shipped. */
    backorderShippedAt: tstz('backorder_shipped_at'),
    /** A core deposit line: the part's line it is the deposit of (removed with it); null on every other line. */
    coreOfLineId: integer('core_of_line_id').references((): AnyPgColumn => orderLineItems.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    index('order_line_items_backorder_idx').on(t.backorderShipOn).where(sql`${t.backorderedQuantity} > 0`),
    check('order_line_items_line_type', sql`${t.lineType} in (${sql.raw(lineTypes)})`),
    check(
      'order_line_items_quantity',
      sql`${t.quantity} between ${sql.raw(String(CART_MIN))} and ${sql.raw(String(CART_MAX))}`,
    ),
    check('order_line_items_product', sql`${t.lineType} = ${sql.raw(String(PROMOTION))} or ${t.productId} is not null`),
    check(
      'order_line_items_promotion',
      sql`${t.lineType} <> ${sql.raw(String(PROMOTION))} or ${t.promotionId} is not null`,
    ),
    check(
      'order_line_items_price',
      sql`${t.lineType} = ${sql.raw(String(PROMOTION))} or (${t.unitPrice} >= 0 and ${t.discount} >= 0)`,
    ),
    index('order_line_items_order_idx').on(t.orderId, t.sort),
    // "Has unpaid balance" in the order search: only lines still owing are indexed.
    index('order_line_items_unpaid_idx').on(t.orderId).where(sql`${t.owing}`),
    index('order_line_items_product_idx').on(t.productId),
    index('order_line_items_promotion_idx').on(t.promotionId),
    index('order_line_items_currency_idx').on(t.currencyId),
    index('order_line_items_warehouse_idx').on(t.warehouseId),
  ],
);

export const lineItemOptions = pgTable(
  'line_item_options',
  {
    id: serial('id').primaryKey(),
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'restrict' }),
    choiceId: integer('choice_id')
      .notNull()
      .references(() => optionChoices.id, { onDelete: 'restrict' }),
    optionType: integer('option_type').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    uniqueIndex('line_item_options_line_choice_uq').on(t.lineItemId, t.choiceId),
    index('line_item_options_option_idx').on(t.optionId),
    index('line_item_options_choice_idx').on(t.choiceId),
    check(
      'line_item_options_quantity',
      sql`${t.quantity} between ${sql.raw(String(OPTION_MIN))} and ${sql.raw(String(OPTION_MAX))}`,
    ),
    check('line_item_options_type', sql`${t.optionType} in (0, ${sql.raw(String(QUANTITY_OPTION_TYPE))})`),
  ],
);

export const orderPromotions = pgTable(
  'order_promotions',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.promotionId] }),
    index('order_promotions_promotion_idx').on(t.promotionId),
  ],
);

export const shipmentQuotes = pgTable(
  'shipment_quotes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    carrier: text('carrier').notNull(),
    serviceType: text('service_type').notNull(),
    description: text('description').notNull(),
    shipmentMethod: text('shipment_method').notNull(),
    total: money('total').notNull(),
    shipmentDate: date('shipment_date'),
    deliveryDate: date('delivery_date'),
    minDays: integer('min_days'),
    maxDays: integer('max_days'),
    residential: boolean('residential').notNull().default(true),
    taxDutyFees: money('tax_duty_fees').notNull().default('0'),
    selected: boolean('selected').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('shipment_quotes_total_nonnegative', sql`${t.total} >= 0 and ${t.taxDutyFees} >= 0`),
    check('shipment_quotes_days', sql`${t.minDays} is null or ${t.maxDays} is null or ${t.maxDays} >= ${t.minDays}`),
    index('shipment_quotes_order_idx').on(t.orderId),
    index('shipment_quotes_warehouse_idx').on(t.warehouseId),
    index('shipment_quotes_address_idx').on(t.addressId),
  ],
);
