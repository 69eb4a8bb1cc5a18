/** drizzle relations for the relational query API (db.query.orders.findFirst({ with: { lineItems: true } })). */
import { relations } from 'drizzle-orm';
import {
  channelCountries,
  channelPaymentMethods,
  channels,
  channelWarehouses,
  countries,
  currencies,
  regions,
} from './geo.ts';
import { addresses, organisations, permissions, persons, rolePermissions, userPermissions, users } from './accounts.ts';
import {
  categories,
  channelPrices,
  diagramComponents,
  distributors,
  optionChoices,
  partsDiagrams,
  productAudits,
  productCategories,
  productDistributors,
  productOptions,
  products,
} from './catalog.ts';
import { inventory, shippingRates, warehouses } from './inventory.ts';
import { lineItemOptions, orderLineItems, orderPromotions, orders, promotions, shipmentQuotes } from './orders.ts';
import { orderFees, paymentAllocations, payments } from './order-payments.ts';
import { surveys } from './order-shipping.ts';
import { instructionals, instructionalTools, tools, translations, translationVersions } from './content.ts';
import { logs, webhooks } from './integrations.ts';

export const countriesRelations = relations(countries, ({ many }) => ({ regions: many(regions) }));
export const regionsRelations = relations(regions, ({ one }) => ({
  country: one(countries, { fields: [regions.countryId], references: [countries.id] }),
}));

export const channelsRelations = relations(channels, ({ one, many }) => ({
  currency: one(currencies, { fields: [channels.currencyId], references: [currencies.id] }),
  paymentMethods: many(channelPaymentMethods),
  countries: many(channelCountries),
  warehouses: many(channelWarehouses),
}));
export const channelCountriesRelations = relations(channelCountries, ({ one }) => ({
  channel: one(channels, { fields: [channelCountries.channelId], references: [channels.id] }),
  country: one(countries, { fields: [channelCountries.countryId], references: [countries.id] }),
}));
export const channelPaymentMethodsRelations = relations(channelPaymentMethods, ({ one }) => ({
  channel: one(channels, { fields: [channelPaymentMethods.channelId], references: [channels.id] }),
}));
export const channelWarehousesRelations = relations(channelWarehouses, ({ one }) => ({
  channel: one(channels, { fields: [channelWarehouses.channelId], references: [channels.id] }),
  warehouse: one(warehouses, { fields: [channelWarehouses.warehouseId], references: [warehouses.id] }),
}));

export const organisationsRelations = relations(organisations, ({ many }) => ({
  users: many(users),
  persons: many(persons),
  distributors: many(distributors),
}));
export const usersRelations = relations(users, ({ one, many }) => ({
  organisation: one(organisations, { fields: [users.organisationId], references: [organisations.id] }),
  warehouse: one(warehouses, { fields: [users.warehouseId], references: [warehouses.id] }),
  channel: one(channels, { fields: [users.channelId], references: [channels.id] }),
  person: one(persons),
  addresses: many(addresses),
  orders: many(orders, { relationName: 'order_user' }),
  permissions: many(userPermissions),
}));
export const personsRelations = relations(persons, ({ one, many }) => ({
  user: one(users, { fields: [persons.userId], references: [users.id] }),
  organisation: one(organisations, { fields: [persons.organisationId], references: [organisations.id] }),
  addresses: many(addresses),
}));
export const addressesRelations = relations(addresses, ({ one }) => ({
  person: one(persons, { fields: [addresses.personId], references: [persons.id] }),
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
  country: one(countries, { fields: [addresses.countryCode], references: [countries.code] }),
}));
export const permissionsRelations = relations(permissions, ({ many }) => ({ roles: many(rolePermissions) }));
export const rolePermissionsRelations = relations(rolePermissions, ({ one }) => ({
  permission: one(permissions, { fields: [rolePermissions.permissionKey], references: [permissions.key] }),
}));
export const userPermissionsRelations = relations(userPermissions, ({ one }) => ({
  user: one(users, { fields: [userPermissions.userId], references: [users.id] }),
  permission: one(permissions, { fields: [userPermissions.permissionKey], references: [permissions.key] }),
}));

export const categoriesRelations = relations(categories, ({ one, many }) => ({
  parent: one(categories, {
    fields: [categories.parentId],
    references: [categories.id],
    relationName: 'category_parent',
  }),
  children: many(categories, { relationName: 'category_parent' }),
  products: many(productCategories),
}));
export const productsRelations = relations(products, ({ one, many }) => ({
  currency: one(currencies, { fields: [products.currencyId], references: [currencies.id] }),
  categories: many(productCategories),
  options: many(productOptions),
  channelPrices: many(channelPrices),
  inventory: many(inventory),
  distributors: many(productDistributors),
  audits: many(productAudits),
}));
export const productCategoriesRelations = relations(productCategories, ({ one }) => ({
  product: one(products, { fields: [productCategories.productId], references: [products.id] }),
  category: one(categories, { fields: [productCategories.categoryId], references: [categories.id] }),
}));
export const productAuditsRelations = relations(productAudits, ({ one }) => ({
  product: one(products, { fields: [productAudits.productId], references: [products.id] }),
}));
export const productOptionsRelations = relations(productOptions, ({ one, many }) => ({
  product: one(products, { fields: [productOptions.productId], references: [products.id] }),
  parentChoice: one(optionChoices, {
    fields: [productOptions.parentChoiceId],
    references: [optionChoices.id],
    relationName: 'option_parent_choice',
  }),
  choices: many(optionChoices, { relationName: 'option_choices' }),
}));
export const optionChoicesRelations = relations(optionChoices, ({ one, many }) => ({
  option: one(productOptions, {
    fields: [optionChoices.optionId],
    references: [productOptions.id],
    relationName: 'option_choices',
  }),
  childOptions: many(productOptions, { relationName: 'option_parent_choice' }),
}));
export const distributorsRelations = relations(distributors, ({ one, many }) => ({
  organisation: one(organisations, { fields: [distributors.organisationId], references: [organisations.id] }),
  products: many(productDistributors),
}));
export const productDistributorsRelations = relations(productDistributors, ({ one }) => ({
  product: one(products, { fields: [productDistributors.productId], references: [products.id] }),
  distributor: one(distributors, { fields: [productDistributors.distributorId], references: [distributors.id] }),
}));
export const channelPricesRelations = relations(channelPrices, ({ one }) => ({
  product: one(products, { fields: [channelPrices.productId], references: [products.id] }),
  channel: one(channels, { fields: [channelPrices.channelId], references: [channels.id] }),
  currency: one(currencies, { fields: [channelPrices.currencyId], references: [currencies.id] }),
}));
export const partsDiagramsRelations = relations(partsDiagrams, ({ one, many }) => ({
  product: one(products, { fields: [partsDiagrams.productId], references: [products.id] }),
  components: many(diagramComponents),
}));
export const diagramComponentsRelations = relations(diagramComponents, ({ one }) => ({
  diagram: one(partsDiagrams, { fields: [diagramComponents.diagramId], references: [partsDiagrams.id] }),
  product: one(products, { fields: [diagramComponents.productId], references: [products.id] }),
}));

export const warehousesRelations = relations(warehouses, ({ one, many }) => ({
  organisation: one(organisations, { fields: [warehouses.organisationId], references: [organisations.id] }),
  inventory: many(inventory),
  shippingRates: many(shippingRates),
}));
export const inventoryRelations = relations(inventory, ({ one }) => ({
  warehouse: one(warehouses, { fields: [inventory.warehouseId], references: [warehouses.id] }),
  product: one(products, { fields: [inventory.productId], references: [products.id] }),
}));
export const shippingRatesRelations = relations(shippingRates, ({ one }) => ({
  warehouse: one(warehouses, { fields: [shippingRates.warehouseId], references: [warehouses.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  channel: one(channels, { fields: [orders.channelId], references: [channels.id] }),
  currency: one(currencies, { fields: [orders.currencyId], references: [currencies.id] }),
  user: one(users, { fields: [orders.userId], references: [users.id], relationName: 'order_user' }),
  creator: one(users, { fields: [orders.createdBy], references: [users.id], relationName: 'order_creator' }),
  person: one(persons, { fields: [orders.personId], references: [persons.id] }),
  shipTo: one(addresses, {
    fields: [orders.shipToAddressId],
    references: [addresses.id],
    relationName: 'order_ship_to',
  }),
  billTo: one(addresses, {
    fields: [orders.billToAddressId],
    references: [addresses.id],
    relationName: 'order_bill_to',
  }),
  shipFrom: one(warehouses, { fields: [orders.shipFromWarehouseId], references: [warehouses.id] }),
  shipmentQuote: one(shipmentQuotes, {
    fields: [orders.shipmentQuoteId],
    references: [shipmentQuotes.id],
    relationName: 'order_selected_quote',
  }),
  lineItems: many(orderLineItems),
  payments: many(payments),
  fees: many(orderFees),
  promotions: many(orderPromotions),
  shipmentQuotes: many(shipmentQuotes, { relationName: 'order_quotes' }),
  surveys: many(surveys),
}));
export const orderLineItemsRelations = relations(orderLineItems, ({ one, many }) => ({
  order: one(orders, { fields: [orderLineItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderLineItems.productId], references: [products.id] }),
  promotion: one(promotions, { fields: [orderLineItems.promotionId], references: [promotions.id] }),
  currency: one(currencies, { fields: [orderLineItems.currencyId], references: [currencies.id] }),
  warehouse: one(warehouses, { fields: [orderLineItems.warehouseId], references: [warehouses.id] }),
  options: many(lineItemOptions),
  allocations: many(paymentAllocations),
}));
export const lineItemOptionsRelations = relations(lineItemOptions, ({ one }) => ({
  lineItem: one(orderLineItems, { fields: [lineItemOptions.lineItemId], references: [orderLineItems.id] }),
  option: one(productOptions, { fields: [lineItemOptions.optionId], references: [productOptions.id] }),
  choice: one(optionChoices, { fields: [lineItemOptions.choiceId], references: [optionChoices.id] }),
}));
export const paymentsRelations = relations(payments, ({ one, many }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  allocations: many(paymentAllocations),
}));
export const paymentAllocationsRelations = relations(paymentAllocations, ({ one }) => ({
  payment: one(payments, { fields: [paymentAllocations.paymentId], references: [payments.id] }),
  lineItem: one(orderLineItems, { fields: [paymentAllocations.lineItemId], references: [orderLineItems.id] }),
  fee: one(orderFees, { fields: [paymentAllocations.feeId], references: [orderFees.id] }),
}));
export const orderFeesRelations = relations(orderFees, ({ one, many }) => ({
  order: one(orders, { fields: [orderFees.orderId], references: [orders.id] }),
  allocations: many(paymentAllocations),
}));
export const promotionsRelations = relations(promotions, ({ many }) => ({ orders: many(orderPromotions) }));
export const orderPromotionsRelations = relations(orderPromotions, ({ one }) => ({
  order: one(orders, { fields: [orderPromotions.orderId], references: [orders.id] }),
  promotion: one(promotions, { fields: [orderPromotions.promotionId], references: [promotions.id] }),
}));
export const shipmentQuotesRelations = relations(shipmentQuotes, ({ one }) => ({
  order: one(orders, { fields: [shipmentQuotes.orderId], references: [orders.id], relationName: 'order_quotes' }),
  warehouse: one(warehouses, { fields: [shipmentQuotes.warehouseId], references: [warehouses.id] }),
  address: one(addresses, { fields: [shipmentQuotes.addressId], references: [addresses.id] }),
}));
export const surveysRelations = relations(surveys, ({ one }) => ({
  order: one(orders, { fields: [surveys.orderId], references: [orders.id] }),
}));

export const translationsRelations = relations(translations, ({ many }) => ({ versions: many(translationVersions) }));
export const translationVersionsRelations = relations(translationVersions, ({ one }) => ({
  translation: one(translations, { fields: [translationVersions.translationId], references: [translations.id] }),
}));
export const instructionalsRelations = relations(instructionals, ({ one, many }) => ({
  product: one(products, { fields: [instructionals.productId], references: [products.id] }),
  tools: many(instructionalTools),
}));
export const toolsRelations = relations(tools, ({ many }) => ({ instructionals: many(instructionalTools) }));
export const instructionalToolsRelations = relations(instructionalTools, ({ one }) => ({
  instructional: one(instructionals, { fields: [instructionalTools.instructionalId], references: [instructionals.id] }),
  tool: one(tools, { fields: [instructionalTools.toolId], references: [tools.id] }),
}));
export const webhooksRelations = relations(webhooks, ({ one }) => ({
  organisation: one(organisations, { fields: [webhooks.organisationId], references: [organisations.id] }),
}));
export const logsRelations = relations(logs, ({ one }) => ({
  user: one(users, { fields: [logs.userId], references: [users.id] }),
}));
