/**
 * The order editor's state: the saved order, the draft kept until "Save order", its pricing by
 * the server (nothing written), and the save, discard and synchronize actions.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { LINE_TYPES } from '../../src/domain/constants.ts';
import { orderLedgerView } from '../../src/domain/ledger-view.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { isPlaceholderId, type OrderJson } from '../../src/domain/order-edit.ts';
import { CART_MIN } from '../../src/domain/quantity.ts';
import { showAlert } from '../lib/alerts.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { isAppRequestError, messagesOf } from '../lib/request.ts';
import { text as islandText } from '../lib/text.ts';
import { orderApi, type OrderApi } from './api.ts';
import { draftOf, newLine, sameDraft, updateBody, type Draft, type EditLine, type Fields } from './draft.ts';
import { useLeaveGuard } from './leave-guard.ts';
import type { Props } from './index.tsx';

type Api = OrderApi;
export type Tins = { tax_exempt_id: string; name: string }[] | null;

/** The spec's failure message, then the server's words when it sent some. */
const orderFailureText = (spec: string, own: string | undefined): string =>
  own && own !== spec ? `${spec}. ${own}` : spec;

/**
 * Spec §8: an update failure alerts 'Failed to update order, check console log for details'
 * (the details are logged); the server's own first message (a stale save, a rule) follows it,
 * so the person also reads why. A draft with no product line gets the spec's own message.
 */
function failed(err: unknown) {
  console.error('order update failed', err);
  const own = isAppRequestError(err) ? messagesOf(err.body)[0] : undefined;
  if (own && own === islandText('orderRequiresLines')) return void showAlert(own, 'error');
  showAlert(orderFailureText(islandText('orderUpdateFailed'), own), 'error');
}

/** The tax exemption choices; hidden (null) when the store has none or they fail to load. */
function useTins(api: Api) {
  const [tins, setTins] = useState<Tins>(null);
  useEffect(() => {
    api.tins().then(
      (r) => setTins(r.tax_exempt_available ? r.tins : null),
      (err) => {
        console.error('tins failed', err); // spec §7: on failure the selection box is hidden
        setTins(null);
      },
    );
  }, [api]);
  return tins;
}

/** The draft and its pricing: each change is kept here and priced by the server without writing the order. */
function useDraft(api: Api, order: OrderJson) {
  const [draft, setDraft] = useState(() => draftOf(order));
  /** The draft as the server priced it (nothing written); null while there is no change. */
  const [priced, setPriced] = useState<OrderJson | null>(null);
  const [pricing, setPricing] = useState(false);
  const asked = useRef(0);

  /** A refused draft (no product line left, a stale version…) goes back to what it was, with the server's words. */
  async function change(next: Draft, price: () => Promise<OrderJson> = () => api.draft(updateBody(next, order))) {
    const previous = draft;
    setDraft(next);
    if (sameDraft(next, draftOf(order))) {
      setPriced(null);
      return;
    }
    const mine = ++asked.current;
    setPricing(true);
    try {
      const json = await price();
      if (mine === asked.current) setPriced(json);
    } catch (err) {
      if (mine === asked.current) {
        failed(err);
        setDraft(previous);
      }
    } finally {
      if (mine === asked.current) setPricing(false);
    }
  }
  return { draft, setDraft, priced, setPriced, pricing, setPricing, asked, change };
}

type DraftState = ReturnType<typeof useDraft>;

/** Lines added, removed and stepped (never below 1), and the order's fields. */
function useLineEdits(api: Api, order: OrderJson, d: DraftState, added: (title: string) => void) {
  const { draft, change } = d;
  const seq = useRef(0);
  const withLines = (fn: (ls: EditLine[]) => EditLine[], extra: Partial<Draft> = {}): Draft => ({
    ...draft,
    ...extra,
    lines: fn(draft.lines),
  });

  function step(line: EditLine, delta: number) {
    const quantity = Math.max(CART_MIN, line.quantity + delta);
    if (quantity === line.quantity) return;
    const next = withLines((ls) => ls.map((l) => (l.id === line.id ? { ...l, quantity } : l)));
    // A stored line's quantity: the spec's update-item, priced in the draft (nothing is written).
    if (isPlaceholderId(line.id)) return change(next);
    return change(
      next,
      async () => (await api.updateItem(line.id as number, quantity, updateBody(draft, order))).order,
    );
  }

  function remove(line: EditLine) {
    void change(
      withLines(
        (ls) => ls.filter((l) => l.id !== line.id),
        isPlaceholderId(line.id) ? {} : { deleted: [...draft.deleted, line.id as number] },
      ),
    );
  }

  function add(p: { id: number; value: string }) {
    seq.current += 1;
    const currency_id = draft.lines[0]?.currency_id ?? null;
    void change(withLines((ls) => [...ls, newLine(p, seq.current, currency_id)]));
    added(p.value);
  }

  const setField = (k: keyof Fields, v: string) => d.setDraft((x) => ({ ...x, fields: { ...x.fields, [k]: v } }));
  return { step, remove, add, setField };
}

/** GET synchronize, "Save order" (the whole draft in one update) and "Discard changes". */
function useSaving(
  api: Api,
  o: { order: OrderJson; setOrder: (o: OrderJson) => void },
  d: DraftState,
  dirty: boolean,
  labels: Props['labels'],
  setStatus: (s: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const { draft } = d;

  /** The saved order; a draft with changes is priced again on it. */
  async function synchronize() {
    try {
      const fresh = await api.synchronize();
      o.setOrder(fresh);
      if (!dirty) {
        d.setDraft(draftOf(fresh));
        d.setPriced(null);
      }
      return fresh;
    } catch (err) {
      console.error('synchronize failed', err); // spec §8: logged, no message
      return null;
    }
  }

  async function save() {
    if (!draft.lines.some((l) => l.line_type === LINE_TYPES.PRODUCT)) {
      showAlert(islandText('orderRequiresLines'), 'error');
      return;
    }
    setBusy(true);
    showWait(); // spec §9: the full-screen wait overlay while the order is saved and synchronized
    try {
      await api.update(updateBody(draft, o.order));
      const fresh = await api.synchronize();
      o.setOrder(fresh);
      d.setDraft(draftOf(fresh));
      d.setPriced(null);
      showAlert(labels.saved, 'success');
      setStatus(labels.saved);
    } catch (err) {
      failed(err);
    } finally {
      hideWait();
      setBusy(false);
    }
  }

  function discard() {
    if (!window.confirm(labels.confirmDiscard)) return;
    d.asked.current += 1;
    d.setDraft(draftOf(o.order));
    d.setPriced(null);
    d.setPricing(false);
    setStatus(labels.discarded);
  }
  return { busy, synchronize, save, discard };
}

export function useOrderEditor({ locale, order: initial, labels }: Props) {
  const api = useMemo(() => orderApi(locale, initial.order_id), [locale, initial.order_id]);
  /** The saved order (its version is what the draft was made on). */
  const [order, setOrder] = useState(initial);
  const [status, setStatus] = useState('');
  const tins = useTins(api);
  const d = useDraft(api, order);
  const { draft, priced, pricing } = d;

  const dirty = !sameDraft(draft, draftOf(order));
  useLeaveGuard(dirty, labels.confirmLeave);

  const shown = dirty && priced ? priced : order;
  const view = useMemo(() => orderLedgerView(shown), [shown]);
  const money = (c: number) => formatMoney(c, order.order_currency, locale);
  const edits = useLineEdits(api, order, d, (title) => setStatus(labels.added.replace('{{title}}', title)));
  const saving = useSaving(api, { order, setOrder }, d, dirty, labels, setStatus);
  const onPayments = (payments: OrderJson['payments']) => setOrder((o) => ({ ...o, payments }));
  return {
    api,
    order,
    status,
    tins,
    draft,
    pricing,
    change: d.change,
    dirty,
    view,
    money,
    onPayments,
    ...edits,
    ...saving,
  };
}
