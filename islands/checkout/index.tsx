/**
 * The checkout island (spec §2 /cart/checkout, §4 "Checkout", §7 "Checkout"): numbered tabs
 * 1 Customer info, 2 Shipping, 3 Payment; a tab is disabled when its index is above the active
 * one. Tab and dirty rules come from src/domain/checkout.ts (the server's rules too).
 *
 * Customer info → ship-to country check (GET /api/channel/get/type/1/id/{country}; another store
 * asks to switch with a translated confirm, POSTs /{locale}/channel/{id} and reloads; declining
 * keeps the check failed and the later tabs disabled) → POST /{locale}/order/customer-info →
 * shipping quotes per warehouse → payment → POST /{locale}/order/place with one Idempotency-Key
 * per attempt, the button disabled until the answer.
 */
import { shownMessages } from '../lib/errors.ts';
import { statusText } from '../lib/text.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CheckoutAddress, CheckoutProps, ShippingReply } from '../../src/domain/checkout-props.ts';
import {
  activeTab,
  NO_COUNTRY_SELECTED,
  shippingAddressDirty,
  tabDisabled,
  type CheckoutTab,
} from '../../src/domain/checkout.ts';
import { showAlert } from '../lib/alerts.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { AddressForm, emptyAddress, type AddressValues } from './address-form.tsx';
import { BillingFields, billingBody, sameBilling, type BillingValue } from './billing.tsx';
import { PaymentStep } from './payment-step.tsx';
import { ShippingStep } from './shipping-step.tsx';
import { fieldsOf, makeL, Summary } from './parts.tsx';

export type Props = CheckoutProps;

type Tax = { exempt: boolean; bizType: string; signature: string; title: string };

function setMeta(name: string, content: string | undefined) {
  if (!content) return;
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.setAttribute('content', content);
}

export default function Checkout(props: Props) {
  const L = makeL(props.labels);
  const guest = !!props.guest; // No account, so no tax exemption, organisation, EPP or saved methods
  const [userId, setUserId] = useState<number | null>(props.user?.id ?? null);
  const [returning, setReturning] = useState(props.returning);
  const [addresses, setAddresses] = useState<CheckoutAddress[]>(props.addresses);
  const [shipToId, setShipToId] = useState<number | null>(props.order.shipToId);
  const [taxExemptId, setTaxExemptId] = useState<string | null>(props.order.taxExemptId);
  const [countryCheckOk, setCountryCheckOk] = useState(props.order.shipToId !== null);
  const [chosen, setChosen] = useState<number | 'add-new'>(props.order.shipToId ?? props.addresses[0]?.id ?? 'add-new');
  const [address, setAddress] = useState<AddressValues>(emptyAddress(props.defaultCountry));
  const [email, setEmail] = useState('');
  const [accountType, setAccountType] = useState<'personal' | 'organization'>('personal');
  const [orgName, setOrgName] = useState('');
  // Unticked until the person ticks it (consent, as Canada's anti-spam law asks); the spec's "default on" yields to consent here.
  const [subscribe, setSubscribe] = useState(false);
  const [tax, setTax] = useState<Tax>({ exempt: false, bizType: '', signature: '', title: '' });
  const [savedTax, setSavedTax] = useState<string>('');
  const [billing, setBilling] = useState<BillingValue>(sameBilling(props.defaultCountry));
  const [savedBilling, setSavedBilling] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const [totals, setTotals] = useState(props.order.totals);
  const [shipping, setShipping] = useState<ShippingReply | null>(null);
  const [loadingShipping, setLoadingShipping] = useState(false);
  const [lastPosted, setLastPosted] = useState<number[]>(props.order.selectedQuoteIds);
  const initial = activeTab({
    userId: props.user?.id,
    shipToId: props.order.shipToId,
    taxExemptId: props.order.taxExemptId,
    lineTypes: props.order.lineTypes,
    countryCheckOk: props.order.shipToId !== null,
  });
  const [active, setActive] = useState<CheckoutTab>(initial);
  const [view, setView] = useState<CheckoutTab>(initial);
  const [announce, setAnnounce] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const names = [L('tab.customer'), L('tab.shipping'), L('tab.payment')];

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

  const go = (tab: CheckoutTab, reach = tab) => {
    setActive((a) => (reach > a ? reach : a));
    setView(tab);
    setAnnounce(L('step', { n: tab + 1, name: names[tab] }));
    requestAnimationFrame(() => heading.current?.focus());
  };

  const shipCountry = (): string =>
    returning && chosen !== 'add-new' ? (addresses.find((a) => a.id === chosen)?.country ?? '') : address.country;

  /** Spec §4 ship-to country check. Resolves true when the cart's store serves the country. */
  const countryCheck = async (): Promise<boolean> => {
    const code = shipCountry();
    const country = props.countries.find((c) => c.code === code);
    if (!code || !country) {
      setErrors({ country: L('noCountry') });
      setMessage(L('noCountry') || NO_COUNTRY_SELECTED);
      return false;
    }
    const { channel_id } = await request<{ channel_id: number }>('GET', `/api/channel/get/type/1/id/${country.id}`);
    if (channel_id === props.channel.id) return true;
    const target = props.channels.find((c) => c.id === channel_id);
    if (!window.confirm(L('switchChannel', { channel: target?.name ?? '' }))) {
      setMessage(L('switchDeclined'));
      return false;
    }
    try {
      await request('POST', `/${props.locale}/channel/${channel_id}`, { country: code });
      window.location.reload();
    } catch (err) {
      showAlert(isAppRequestError(err) ? statusText(err.status) : L('switchError'), 'error');
    }
    return false;
  };

  const taxKey = (t: Tax) => (t.exempt ? `1|${t.bizType}|${t.signature}|${t.title}` : '0');

  const submitCustomer = async () => {
    setErrors({});
    setMessage('');
    setSaving(true);
    try {
      const ok = await countryCheck();
      setCountryCheckOk(ok);
      if (!ok) {
        setActive(0);
        return;
      }
      const billKey = JSON.stringify(billingBody(billing, returning));
      const dirty =
        shippingAddressDirty({ returning, chosen, orderShipTo: shipToId, countryCheckOk: ok }) ||
        taxExemptId === null ||
        taxKey(tax) !== savedTax ||
        billKey !== savedBilling;
      let state = { userId, shipToId, taxExemptId };
      if (dirty) {
        const body: Record<string, unknown> = { 'tax-exempt': tax.exempt, ...billingBody(billing, returning) };
        if (tax.exempt) Object.assign(body, { 'biz-type': tax.bizType, signature: tax.signature, title: tax.title });
        if (returning) {
          Object.assign(body, { returning: true, shippingAddressId: chosen });
          if (chosen === 'add-new') for (const [k, v] of Object.entries(address)) body[`new-shipping-${k}`] = v;
        } else {
          Object.assign(
            body,
            { email, subscribe, accountType, 'org-name': accountType === 'organization' ? orgName : '' },
            guest ? { guest: true } : {},
          );
          for (const [k, v] of Object.entries(address)) body[`shipping-${k}`] = v;
        }
        const r = await request<{
          totals: Props['order']['totals'] | null;
          user_id: number;
          ship_to: number;
          bill_to: number;
          tax_exempt_id: string;
          addresses: CheckoutAddress[];
          csrf_token?: string;
          api_token?: string;
        }>('POST', `/${props.locale}/order/customer-info`, body);
        if (r.totals) setTotals(r.totals);
        setMeta('csrf-token', r.csrf_token);
        setMeta('api-token', r.api_token);
        state = { userId: r.user_id, shipToId: r.ship_to, taxExemptId: r.tax_exempt_id };
        setUserId(r.user_id);
        setShipToId(r.ship_to);
        setTaxExemptId(r.tax_exempt_id);
        setAddresses(r.addresses);
        setReturning(true);
        setChosen(r.ship_to);
        setAddress(emptyAddress(props.defaultCountry));
        setSavedTax(taxKey(tax));
        // The form is a returning buyer's from now on: the bill-to is the ship-to or a saved address.
        const nextBilling: BillingValue =
          r.bill_to === r.ship_to
            ? sameBilling(props.defaultCountry)
            : { ...sameBilling(props.defaultCountry), same: false, chosen: r.bill_to };
        setBilling(nextBilling);
        setSavedBilling(JSON.stringify(billingBody(nextBilling, true)));
        setShipping(null);
        setLastPosted([]);
      }
      const tab = activeTab({ ...state, lineTypes: props.order.lineTypes, countryCheckOk: true });
      if (tab === 0) return;
      go(tab);
      if (tab === 1 && state.shipToId && (dirty || !shipping)) void fetchShipping(state.shipToId);
    } catch (err) {
      setErrors(fieldsOf(err));
      const msgs = shownMessages(err);
      setMessage(msgs[0]);
      if (!isAppRequestError(err)) showAlert(msgs[0], 'error');
    } finally {
      setSaving(false);
    }
  };

  // Shipping and tax are known once a shipping method is saved (the shipping tab saves its first
  // choice at once), or nothing ships, or the payment tab is reached (never a $0.00 that reads as free).
  const figuresKnown =
    shipToId !== null && (lastPosted.length > 0 || shipping?.shippingRequired === false || active === 2);
  /**
   * WAI-ARIA tabs: the tab list is one tab stop (the current tab); Left/Right move the
   * focus over the tabs that can be opened (wrapping), Home/End to the first/last, and Enter or
   * Space opens the focused tab (manual activation: opening moves the focus to the panel's heading).
   */
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    tabs[next].focus();
    tabs[next].scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const orgOnFile = props.organisation?.taxExemptOnFile;
  const showTax = props.channel.taxExemptAvailable && !guest;
  return (
    <div
      className="checkout"
      data-active-tab={active}
      data-view-tab={view}
      data-country-check={countryCheckOk ? 'ok' : 'failed'}
    >
      <p className="visually-hidden" aria-live="polite" data-testid="checkout-announce">
        {announce}
      </p>
      <div role="tablist" aria-label={L('tabs')} className="checkout-tabs" onKeyDown={onTabKey}>
        {names.map((name, i) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`checkout-tab-${i}`}
            aria-controls={`checkout-panel-${i}`}
            aria-selected={view === i}
            tabIndex={view === i ? 0 : -1}
            disabled={tabDisabled(i, active)}
            className={`checkout-tab${view === i ? ' is-current' : ''}`}
            data-testid={`checkout-tab-${i}`}
            onClick={() => go(i as CheckoutTab, active)}
          >
            <span className="tab-num" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {name}
          </button>
        ))}
      </div>
      <div className="checkout-body">
        <div className="checkout-main">
          {message && (
            <div className="alert alert-error" role="alert" data-testid="checkout-error">
              {message}
            </div>
          )}
          <section
            role="tabpanel"
            id="checkout-panel-0"
            aria-labelledby="checkout-tab-0"
            hidden={view !== 0}
            className="card card-body stack"
          >
            <h2 tabIndex={-1} ref={view === 0 ? heading : undefined}>
              {L('tab.customer')}
            </h2>
            {returning ? (
              <fieldset className="stack">
                <legend className="label">{L('shipTo')}</legend>
                {addresses.map((a) => (
                  <label key={a.id} className="choice-card" data-testid="saved-address">
                    <input
                      type="radio"
                      name="shippingAddressId"
                      value={a.id}
                      checked={chosen === a.id}
                      onChange={() => setChosen(a.id)}
                    />
                    <span>
                      {a.firstName} {a.lastName}, {a.address1}
                      {a.address2 ? `, ${a.address2}` : ''}, {a.city} {a.region} {a.postalcode}, {a.country}
                    </span>
                  </label>
                ))}
                <label className="choice-card">
                  <input
                    type="radio"
                    name="shippingAddressId"
                    value="add-new"
                    checked={chosen === 'add-new'}
                    onChange={() => setChosen('add-new')}
                    data-testid="address-add-new"
                  />
                  <span>{L('addNew')}</span>
                </label>
              </fieldset>
            ) : (
              <div className="stack">
                <div className={`field${errors.email ? ' has-error' : ''}`}>
                  <label htmlFor="co-email">{L('email')}</label>
                  <input
                    id="co-email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    data-testid="co-email"
                  />
                  {errors.email && <span className="field-error">{errors.email}</span>}
                </div>
                {guest && (
                  <p className="small muted" data-testid="guest-note">
                    {L('guest.checkout.note')}
                  </p>
                )}
                <fieldset className="field" hidden={guest}>
                  <legend className="label">{L('accountType')}</legend>
                  <div className="radio-row">
                    {(['personal', 'organization'] as const).map((t) => (
                      <label key={t}>
                        <input
                          type="radio"
                          name="accountType"
                          value={t}
                          checked={accountType === t}
                          onChange={() => setAccountType(t)}
                          data-testid={`account-${t}`}
                        />{' '}
                        {L(`accountType.${t}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
                {accountType === 'organization' && (
                  <div className={`field${errors['org-name'] ? ' has-error' : ''}`}>
                    <label htmlFor="co-org">{L('orgName')}</label>
                    <input
                      id="co-org"
                      autoComplete="organization"
                      required
                      value={orgName}
                      onChange={(e) => setOrgName(e.target.value)}
                      data-testid="co-org"
                    />
                    {errors['org-name'] && <span className="field-error">{errors['org-name']}</span>}
                  </div>
                )}
              </div>
            )}
            {(!returning || chosen === 'add-new') && (
              <AddressForm
                idPrefix="ship"
                locale={props.locale}
                value={address}
                onChange={setAddress}
                countries={props.countries}
                initialRegions={props.regions}
                initialRegionsFor={props.defaultCountry}
                errors={errors}
                errorPrefix={returning ? 'new-shipping-' : 'shipping-'}
                L={L}
              />
            )}
            <BillingFields
              value={billing}
              onChange={setBilling}
              returning={returning}
              addresses={addresses}
              locale={props.locale}
              countries={props.countries}
              regions={props.regions}
              defaultCountry={props.defaultCountry}
              errors={errors}
              L={L}
            />
            {!returning && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={subscribe}
                  onChange={(e) => setSubscribe(e.target.checked)}
                  data-testid="co-subscribe"
                />{' '}
                {L('subscribe')}
              </label>
            )}
            {showTax && (
              <fieldset className="stack tax-exempt">
                <label className="check">
                  <input
                    type="checkbox"
                    checked={tax.exempt}
                    onChange={(e) => setTax({ ...tax, exempt: e.target.checked })}
                    data-testid="tax-exempt"
                  />{' '}
                  {L('taxExempt')}
                </label>
                {tax.exempt && orgOnFile && <p className="small muted">{L('taxExempt.onFile')}</p>}
                {tax.exempt && (
                  <div className="grid grid-3">
                    <div className={`field${errors['biz-type'] ? ' has-error' : ''}`}>
                      <label htmlFor="co-biz">{L('bizType')}</label>
                      <select
                        id="co-biz"
                        required
                        value={tax.bizType}
                        onChange={(e) => setTax({ ...tax, bizType: e.target.value })}
                        data-testid="biz-type"
                      >
                        <option value="">{L('region.choose')}</option>
                        {props.bizTypes.map((b) => (
                          <option key={b} value={b}>
                            {L(`bizType.${b}`)}
                          </option>
                        ))}
                      </select>
                      {errors['biz-type'] && <span className="field-error">{errors['biz-type']}</span>}
                    </div>
                    <div className={`field${errors.signature ? ' has-error' : ''}`}>
                      <label htmlFor="co-sig">{L('signature')}</label>
                      <input
                        id="co-sig"
                        required
                        value={tax.signature}
                        onChange={(e) => setTax({ ...tax, signature: e.target.value })}
                        data-testid="signature"
                      />
                      {errors.signature && <span className="field-error">{errors.signature}</span>}
                    </div>
                    <div className={`field${errors.title ? ' has-error' : ''}`}>
                      <label htmlFor="co-title">{L('positionTitle')}</label>
                      <input
                        id="co-title"
                        autoComplete="organization-title"
                        required
                        value={tax.title}
                        onChange={(e) => setTax({ ...tax, title: e.target.value })}
                        data-testid="position-title"
                      />
                      {errors.title && <span className="field-error">{errors.title}</span>}
                    </div>
                  </div>
                )}
              </fieldset>
            )}
            <div>
              <button
                type="button"
                className="btn"
                disabled={saving}
                onClick={() => void submitCustomer()}
                data-testid="customer-continue"
              >
                {saving ? L('saving') : L('continue')}
              </button>
            </div>
          </section>
          <ShippingStep
            hidden={view !== 1}
            headingRef={view === 1 ? heading : undefined}
            L={L}
            locale={props.locale}
            orderId={props.order.id}
            reply={shipping}
            loading={loadingShipping}
            orderQuoteIds={props.order.quoteIds}
            lastPosted={lastPosted}
            onSelected={(ids, t) => {
              setLastPosted(ids);
              if (t) setTotals(t);
              go(2);
            }}
            onSaved={(ids, t) => {
              setLastPosted(ids);
              if (t) setTotals(t);
            }}
          />
          <PaymentStep
            hidden={view !== 2}
            headingRef={view === 2 ? heading : undefined}
            L={L}
            locale={props.locale}
            orderId={props.order.id}
            methods={props.paymentMethods}
            card={props.card}
            guest={guest}
            totals={totals}
            currency={props.currency}
            poNumber={props.order.poNumber}
            attention={props.order.attention}
          />
        </div>
        <Summary
          L={L}
          locale={props.locale}
          currency={props.currency}
          ledgerLines={props.order.ledgerLines}
          totals={totals}
          known={figuresKnown}
        />
      </div>
    </div>
  );
}
