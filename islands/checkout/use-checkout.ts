/**
 * The checkout island's state: the open/reached tabs, the customer form, the shipping quotes, and
 * the customer-info submit (ship-to country check, then POST /{locale}/order/customer-info).
 */
import { useEffect, useRef, useState } from 'react';
import type { CheckoutAddress, CheckoutProps, ShippingReply } from '../../src/domain/checkout-props.ts';
import { activeTab, NO_COUNTRY_SELECTED, shippingAddressDirty, type CheckoutTab } from '../../src/domain/checkout.ts';
import { showAlert } from '../lib/alerts.ts';
import { shownMessages } from '../lib/errors.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { statusText } from '../lib/text.ts';
import { emptyAddress } from './address-form.tsx';
import { billingBody, sameBilling, type BillingValue } from './billing.tsx';
import { fieldsOf, type Lookup } from './parts.tsx';

type Props = CheckoutProps;
export type Tax = { exempt: boolean; bizType: string; signature: string; title: string };
type CustomerReply = {
  totals: Props['order']['totals'] | null;
  user_id: number;
  ship_to: number;
  bill_to: number;
  tax_exempt_id: string;
  addresses: CheckoutAddress[];
  csrf_token?: string;
  api_token?: string;
};

function setMeta(name: string, content: string | undefined) {
  if (!content) return;
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.setAttribute('content', content);
}

const taxKey = (t: Tax) => (t.exempt ? `1|${t.bizType}|${t.signature}|${t.title}` : '0');

/** Which tab is open, which is reached, and the step announced to screen readers. */
function useTabs(L: Lookup, initial: CheckoutTab) {
  const [active, setActive] = useState<CheckoutTab>(initial);
  const [view, setView] = useState<CheckoutTab>(initial);
  const [announce, setAnnounce] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const names = [L('tab.customer'), L('tab.shipping'), L('tab.payment')];
  const go = (tab: CheckoutTab, reach = tab) => {
    setActive((a) => (reach > a ? reach : a));
    setView(tab);
    setAnnounce(L('step', { n: tab + 1, name: names[tab] }));
    requestAnimationFrame(() => heading.current?.focus());
  };
  return { active, setActive, view, announce, heading, names, go };
}

/** The shipping quotes per warehouse for the ship-to address, and the quote ids last saved. */
function useShipping(props: Props, initial: CheckoutTab) {
  const [shipping, setShipping] = useState<ShippingReply | null>(null);
  const [loadingShipping, setLoadingShipping] = useState(false);
  const [lastPosted, setLastPosted] = useState<number[]>(props.order.selectedQuoteIds);
  const fetchShipping = async (addressId: number) => {
    setLoadingShipping(true);
    try {
      const reply = await request<ShippingReply>('GET', `/${props.locale}/order/shipping-method`, { addressId });
      setShipping(reply);
    } catch (err) {
      console.error('shipment quotes failed', err); // spec §8: empty list, loading flags reset, no message
      setShipping({ shippingRequired: true, warehouses: [] });
    } finally {
      setLoadingShipping(false);
    }
  };
  useEffect(() => {
    if (initial === 1 && props.order.shipToId) void fetchShipping(props.order.shipToId);
  }, []);
  return { shipping, setShipping, loadingShipping, lastPosted, setLastPosted, fetchShipping };
}

/** The customer tab's fields and what the server holds for them, in one state object. */
function initialForm(props: Props) {
  return {
    userId: props.user?.id ?? (null as number | null),
    returning: props.returning,
    addresses: props.addresses,
    shipToId: props.order.shipToId,
    taxExemptId: props.order.taxExemptId,
    countryCheckOk: props.order.shipToId !== null,
    chosen: (props.order.shipToId ?? props.addresses[0]?.id ?? 'add-new') as number | 'add-new',
    address: emptyAddress(props.defaultCountry),
    email: '',
    accountType: 'personal' as 'personal' | 'organization',
    orgName: '',
    // Unticked until the person ticks it (consent, as Canada's anti-spam law asks); the spec's "default on" yields to consent here.
    subscribe: false,
    tax: { exempt: false, bizType: '', signature: '', title: '' } as Tax,
    savedTax: '',
    billing: sameBilling(props.defaultCountry),
    savedBilling: '',
    errors: {} as Record<string, string>,
    message: '',
    saving: false,
    totals: props.order.totals,
  };
}

export type CustomerForm = ReturnType<typeof initialForm>;
export type SetForm = (patch: Partial<CustomerForm>) => void;

/** The POST /{locale}/order/customer-info body for the form as filled. */
function customerBody(f: CustomerForm, guest: boolean): Record<string, unknown> {
  const { tax, returning, address } = f;
  const body: Record<string, unknown> = { 'tax-exempt': tax.exempt, ...billingBody(f.billing, returning) };
  if (tax.exempt) Object.assign(body, { 'biz-type': tax.bizType, signature: tax.signature, title: tax.title });
  if (returning) {
    Object.assign(body, { returning: true, shippingAddressId: f.chosen });
    if (f.chosen === 'add-new') for (const [k, v] of Object.entries(address)) body[`new-shipping-${k}`] = v;
  } else {
    const { email, subscribe, accountType } = f;
    Object.assign(
      body,
      { email, subscribe, accountType, 'org-name': accountType === 'organization' ? f.orgName : '' },
      guest ? { guest: true } : {},
    );
    for (const [k, v] of Object.entries(address)) body[`shipping-${k}`] = v;
  }
  return body;
}

/** The saved customer info becomes the form's starting point: a returning buyer's from now on. */
function afterSave(f: CustomerForm, r: CustomerReply, defaultCountry: string): Partial<CustomerForm> {
  setMeta('csrf-token', r.csrf_token);
  setMeta('api-token', r.api_token);
  // The form is a returning buyer's from now on: the bill-to is the ship-to or a saved address.
  const billing: BillingValue =
    r.bill_to === r.ship_to
      ? sameBilling(defaultCountry)
      : { ...sameBilling(defaultCountry), same: false, chosen: r.bill_to };
  return {
    ...(r.totals ? { totals: r.totals } : {}),
    userId: r.user_id,
    shipToId: r.ship_to,
    taxExemptId: r.tax_exempt_id,
    addresses: r.addresses,
    returning: true,
    chosen: r.ship_to,
    address: emptyAddress(defaultCountry),
    savedTax: taxKey(f.tax),
    billing,
    savedBilling: JSON.stringify(billingBody(billing, true)),
  };
}

/** Spec §4 ship-to country check. Resolves true when the cart's store serves the country. */
async function countryCheck(props: Props, L: Lookup, f: CustomerForm, set: SetForm): Promise<boolean> {
  const code =
    f.returning && f.chosen !== 'add-new'
      ? (f.addresses.find((a) => a.id === f.chosen)?.country ?? '')
      : f.address.country;
  const country = props.countries.find((c) => c.code === code);
  if (!code || !country) {
    set({ errors: { country: L('noCountry') }, message: L('noCountry') || NO_COUNTRY_SELECTED });
    return false;
  }
  const { channel_id } = await request<{ channel_id: number }>('GET', `/api/channel/get/type/1/id/${country.id}`);
  if (channel_id === props.channel.id) return true;
  const target = props.channels.find((c) => c.id === channel_id);
  if (!window.confirm(L('switchChannel', { channel: target?.name ?? '' }))) {
    set({ message: L('switchDeclined') });
    return false;
  }
  try {
    await request('POST', `/${props.locale}/channel/${channel_id}`, { country: code });
    window.location.reload();
  } catch (err) {
    showAlert(isAppRequestError(err) ? statusText(err.status) : L('switchError'), 'error');
  }
  return false;
}

export function useCheckout(props: Props, L: Lookup) {
  const guest = !!props.guest; // No account, so no tax exemption, organisation, EPP or saved methods
  const initial = activeTab({
    userId: props.user?.id,
    shipToId: props.order.shipToId,
    taxExemptId: props.order.taxExemptId,
    lineTypes: props.order.lineTypes,
    countryCheckOk: props.order.shipToId !== null,
  });
  const tabs = useTabs(L, initial);
  const ship = useShipping(props, initial);
  const [form, setForm] = useState(() => initialForm(props));
  const set: SetForm = (patch) => setForm((f) => ({ ...f, ...patch }));

  /** Saves the customer tab when it changed since the last save, then opens the next tab. */
  const submitCustomer = async () => {
    const f = form;
    set({ errors: {}, message: '', saving: true });
    try {
      const ok = await countryCheck(props, L, f, set);
      set({ countryCheckOk: ok });
      if (!ok) return tabs.setActive(0);
      const { returning, chosen, shipToId } = f;
      const dirty =
        shippingAddressDirty({ returning, chosen, orderShipTo: shipToId, countryCheckOk: ok }) ||
        f.taxExemptId === null ||
        taxKey(f.tax) !== f.savedTax ||
        JSON.stringify(billingBody(f.billing, returning)) !== f.savedBilling;
      let state = { userId: f.userId, shipToId, taxExemptId: f.taxExemptId };
      if (dirty) {
        const r = await request<CustomerReply>('POST', `/${props.locale}/order/customer-info`, customerBody(f, guest));
        state = { userId: r.user_id, shipToId: r.ship_to, taxExemptId: r.tax_exempt_id };
        set(afterSave(f, r, props.defaultCountry));
        ship.setShipping(null);
        ship.setLastPosted([]);
      }
      const tab = activeTab({ ...state, lineTypes: props.order.lineTypes, countryCheckOk: true });
      if (tab === 0) return;
      tabs.go(tab);
      if (tab === 1 && state.shipToId && (dirty || !ship.shipping)) void ship.fetchShipping(state.shipToId);
    } catch (err) {
      const msgs = shownMessages(err);
      set({ errors: fieldsOf(err), message: msgs[0] });
      if (!isAppRequestError(err)) showAlert(msgs[0], 'error');
    } finally {
      set({ saving: false });
    }
  };

  // Shipping and tax are known once a shipping method is saved (the shipping tab saves its first
  // choice at once), or nothing ships, or the payment tab is reached (never a $0.00 that reads as free).
  const figuresKnown =
    form.shipToId !== null &&
    (ship.lastPosted.length > 0 || ship.shipping?.shippingRequired === false || tabs.active === 2);
  const shipped = (ids: number[], t: Props['order']['totals'] | null) => {
    ship.setLastPosted(ids);
    if (t) set({ totals: t });
  };
  return { guest, tabs, ship, form, set, submitCustomer, shipped, figuresKnown };
}
