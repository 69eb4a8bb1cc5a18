/** The checkout island's props and the JSON it exchanges with the server (shared by both sides). */
import type { StoredLineRow } from './stored-ledger.ts';

export type CheckoutAddress = {
  id: number;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  region: string;
  postalcode: string;
  country: string;
  phone: string | null;
};

/** `netDays` and `available` (what is left of the credit limit, 2 decimals) only on 'invoice'. */
export type CheckoutMethod = {
  method: 'card' | 'check' | 'invoice';
  label: string;
  paymentType: 1 | 2 | 4;
  netDays?: number;
  available?: string;
};

export type CheckoutProps = {
  locale: string;
  currency: string;
  channel: { id: number; code: string; name: string; taxExemptAvailable: boolean };
  /** Every store, for the ship-to country check's confirmation message. */
  channels: { id: number; code: string; name: string }[];
  user: { id: number; email: string; firstName: string; lastName: string } | null;
  returning: boolean;
  organisation: { name: string; taxExemptOnFile: boolean } | null;
  addresses: CheckoutAddress[];
  countries: { id: number; code: string; name: string }[];
  defaultCountry: string;
  regions: { code: string; name: string }[];
  bizTypes: string[];
  order: {
    id: number;
    shipToId: number | null;
    taxExemptId: string | null;
    poNumber: string | null;
    attention: string | null;
    lineTypes: number[];
    quoteIds: number[];
    selectedQuoteIds: number[];
    lines: { id: number; title: string; quantity: number; total: string; stockcode: string | null }[];
    /** Every line as stored (product and promotion lines), read through the one ledger by the summary. */
    ledgerLines: StoredLineRow[];
    totals: { subtotal: string; shipping: string; tax: string; discount: string; total: string };
    /** Each promotion on the order by name and what it took off (goods, and shipping for a free-shipping one): the discount rows. */
    promotions?: { name: string; amount: string }[];
  };
  /** The channel's card and check; 'invoice' (payment type 4) when the buyer's organisation has net terms. */
  paymentMethods: CheckoutMethod[];
  card: { provider: 'offline' | 'stripe' | 'none'; tokenizeUrl: string };
  labels: Record<string, string>;
  /** Checking out as a guest (src/domain/guest-checkout.ts: card or check, no tax exemption, EPP or saved methods). */
  guest?: boolean;
};

export type ShippingRate = {
  quote_id: number;
  carrier: string;
  description: string;
  service_type: string;
  shipment_method: string;
  total: { value: string; currency: string };
  shipment_date: string | null;
  delivery_date: string | null;
  min_days: number | null;
  max_days: number | null;
  residential: boolean;
  tax_duty_fees: { value: string; currency: string };
};
export type WarehouseQuote = {
  warehouseId: number;
  name: string;
  city: string;
  items: { lineId: number; title: string; quantity: number }[];
  rates: ShippingRate[];
};
export type ShippingReply = {
  shippingRequired: boolean;
  warehouses: WarehouseQuote[];
  short?: { title: string; missing: number }[];
  /** The buyer's machine is down: each warehouse offers its fastest quote only. */
  machineDown?: boolean;
  /** Something is back-ordered: the buyer's split-shipment choice (false: all together). */
  splitShipment?: boolean;
};
