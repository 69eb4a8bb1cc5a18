/**
 * The interface text shipped with the code: the English source and its French and
 * Spanish translations. The seed copies it into the translations table (field
 * 'ui:' + key); at run time the table is the truth, so the translation editor
 * changes what users see. A key missing from the table falls back to this file,
 * then to English.
 *
 * Why split: each area keeps its text in src/i18n/text/<area>.ts (exporting `en`, `fr`, `es`),
 * so areas grow side by side without one file that every change edits. To add an area, import
 * it below and add it to AREAS.
 */
import { en as coreEn } from './text/en.ts';
import { fr as coreFr } from './text/fr.ts';
import { es as coreEs } from './text/es.ts';
import { admin } from './text/admin.ts';
import { catalogAdmin } from './text/catalog-admin.ts';
import { productEditorText } from './text/product-editor.ts';
import * as safety from './text/safety.ts';
import { translations } from './text/translations.ts';
import { instructionalsText } from './text/instructionals.ts';
import { contentText } from './text/content.ts';
import { dealers } from './text/dealers.ts';
import { leads } from './text/leads.ts';
import { parts } from './text/parts.ts';
import * as checkout from './text/checkout.ts';
import { orderAdmin } from './text/order-admin.ts';
import { orderEditorText } from './text/order-editor.ts';
import { orderPayments } from './text/order-payments.ts';
import { calendar } from './text/calendar.ts';
import { reports } from './text/reports.ts';
import * as paymentMethods from './text/payment-methods.ts';
import { permissionsText } from './text/permissions.ts';
import { integrations } from './text/integrations.ts';
import { epp } from './text/epp.ts';
import { islandsText } from './text/islands.ts'; // the islands' own text
import { logActions } from './text/log-actions.ts'; // The log's action codes in words
import { taxNames } from './text/tax-names.ts'; // Tax names in each language
import { backofficeEdit } from './text/backoffice-edit.ts'; // Promotion edit, add customer, product editor sections
import { quickOrder } from './text/quick-order.ts'; // Quick order by part number
import { termsText } from './text/terms.ts'; // Pay on terms
import { approvalsText } from './text/approvals.ts'; // Spending limits and approval
import { quotesText } from './text/quotes.ts'; // Quotes
import { orderHistoryText } from './text/order-history.ts'; // The order editor's draft and history in words
import { orderFigures } from './text/order-figures.ts'; // The rows of an order summary
import { guestText } from './text/guest.ts'; // Guest checkout
import { machinesText } from './text/machines.ts'; // My machines and fitment
import { partFitText } from './text/part-fit.ts'; // What fits the customer's machines outside diagrams
import { coresText } from './text/cores.ts'; // Core deposits
import { coreCreditText } from './text/core-credit.ts'; // Crediting a returned core
import { machineDownText } from './text/machine-down.ts'; // Machine down: fastest shipping, served first
import { returnsText } from './text/returns.ts'; // Returns (RMA)
import { backordersText } from './text/backorders.ts'; // Back orders
import { splitShipText } from './text/split-ship.ts'; // Split shipment and warehouse lead times
import { errorTexts } from './error-text.ts'; // error messages, keyed from their English (src/i18n/text/errors*.ts)

export type Language = 'en' | 'fr' | 'es';

type AreaText<K extends string> = {
  en: Record<K, string>;
  fr: Partial<Record<K, string>>;
  es: Partial<Record<K, string>>;
};

// One entry per area (keep alphabetical; each in src/i18n/text/<area>.ts).
const AREAS = [
  admin,
  safety,
  contentText,
  instructionalsText,
  translations,
  dealers,
  leads,
  parts,
  checkout,
  orderAdmin,
  orderEditorText,
  orderPayments,
  calendar,
  reports,
  catalogAdmin,
  productEditorText,
  paymentMethods,
  permissionsText,
  integrations,
  epp,
  islandsText,
  logActions,
  taxNames,
  backofficeEdit,
  quickOrder,
  termsText,
  approvalsText,
  quotesText,
  orderHistoryText,
  orderFigures,
  guestText,
  machinesText,
  partFitText,
  coresText,
  coreCreditText,
  machineDownText,
  returnsText,
  backordersText,
  splitShipText,
] as const satisfies readonly AreaText<string>[];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AreaEn = UnionToIntersection<(typeof AREAS)[number]['en']>;

const en = Object.assign({}, coreEn, ...AREAS.map((a: AreaText<string>) => a.en), errorTexts.en) as typeof coreEn &
  AreaEn;

export type MessageKey = keyof typeof en;

const fr = Object.assign({}, coreFr, ...AREAS.map((a: AreaText<string>) => a.fr), errorTexts.fr) as Partial<
  Record<MessageKey, string>
>;
const es = Object.assign({}, coreEs, ...AREAS.map((a: AreaText<string>) => a.es), errorTexts.es) as Partial<
  Record<MessageKey, string>
>;

export const catalog: Record<Language, Partial<Record<MessageKey, string>>> = { en, fr, es };

export const UI_FIELD_PREFIX = 'ui:';
