/**
 * The EPP refresh cycle (spec §4), shared by the preview, the calculator and checkout's EPP payment:
 *   - a change to percent down, months, fee, plan or the order re-fetches the service data after
 *     EPP_DEBOUNCE_MS (1000 ms) of quiet; the first load asks at once;
 *   - the refresh repeats while the selection hash differs from the last requested one (a change
 *     made while a request runs is asked for as soon as it answers);
 *   - a non-admin selection outside the allowed lists resets to the defaults (never sent);
 *   - the selection follows the server's terms (the standard plan's percent down and months);
 *   - a failure clears the service data.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { normaliseChoice, selectionHash } from '../../src/domain/epp.ts';
import type { EppServiceData, EppSource } from '../../src/domain/epp-props.ts';
import { request } from '../lib/request.ts';

export type EppSelection = {
  percentDown: number | null;
  months: number | null;
  eppFee: string | null;
  plan: 'standard' | 'promo';
};

export type EppRulesJson = EppServiceData['rules'];

const rulesOf = (r: EppRulesJson) => ({
  percentDown: r.percent_down,
  months: r.months,
  defaultPercentDown: r.default_percent_down,
  defaultMonths: r.default_months,
  feePercent: r.fee_percent,
  ratePercent: r.interest_rate,
});

/** A non-admin selection inside the lists (spec §4): anything else becomes the default. */
export function withinLists(s: EppSelection, rules: EppRulesJson | null, admin: boolean): EppSelection {
  if (!rules || admin) return s;
  const n = normaliseChoice(
    { percentDown: s.percentDown ?? undefined, months: s.months ?? undefined },
    rulesOf(rules),
    false,
  );
  return n.percentDown === s.percentDown && n.months === s.months
    ? s
    : { ...s, percentDown: n.percentDown, months: n.months };
}

export function useEpp(opts: {
  serviceUrl: string;
  source: EppSource;
  debounceMs: number;
  revision?: string | number;
  initial?: Partial<EppSelection>;
}) {
  const [selection, setSelectionState] = useState<EppSelection>({
    percentDown: null,
    months: null,
    eppFee: null,
    plan: 'standard',
    ...opts.initial,
  });
  const [data, setData] = useState<EppServiceData | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The order or product state (context) the data was computed for: figures of an earlier total are not this order's. */
  const [dataFor, setDataFor] = useState<string | null>(null);
  const selRef = useRef(selection);
  const dataRef = useRef<EppServiceData | null>(null);
  /** The rules last heard from the server: kept after a failure so the choices stay on screen. */
  const rulesRef = useRef<{ rules: EppRulesJson; admin: boolean } | null>(null);
  const lastRequested = useRef<string | null>(null);
  const inFlight = useRef(false);
  const context = `${JSON.stringify(opts.source)}#${opts.revision ?? ''}`;
  const contextRef = useRef(context);
  contextRef.current = context;

  const hashOf = (s: EppSelection) =>
    selectionHash({
      percentDown: s.percentDown ?? -1,
      months: s.months ?? -1,
      eppFee: s.eppFee,
      context: `${contextRef.current}|${s.plan}`,
    });

  const put = (s: EppSelection) => {
    selRef.current = s;
    setSelectionState(s);
  };

  const refresh = useCallback(async (): Promise<void> => {
    if (inFlight.current) return; // the answer re-checks the selection
    const known = rulesRef.current;
    let s = withinLists(selRef.current, known?.rules ?? null, known?.admin ?? false);
    if (s !== selRef.current) put(s);
    const hash = hashOf(s);
    if (hash === lastRequested.current) return;
    lastRequested.current = hash;
    inFlight.current = true;
    setLoading(true);
    const askedFor = contextRef.current;
    try {
      const src = opts.source as Record<string, unknown>;
      const reply = await request<EppServiceData>('GET', opts.serviceUrl, {
        ...src,
        subtotalOnly: src.subtotalOnly ? 1 : undefined,
        percentDown: s.percentDown ?? undefined,
        months: s.months ?? undefined,
        eppFee: s.eppFee ?? undefined,
        plan: s.plan === 'promo' && (dataRef.current?.plans.promo ?? true) ? 'promo' : undefined,
      });
      dataRef.current = reply;
      rulesRef.current = { rules: reply.rules, admin: reply.admin };
      setData(reply);
      setDataFor(askedFor);
      setFailed(false);
      // Follow the server's terms, unless the buyer changed something while we waited.
      if (hashOf(selRef.current) === hash) {
        const std = reply.plans.standard;
        s = {
          percentDown: std.downPaymentPercent,
          months: std.installmentCount,
          eppFee: reply.terms.customEppFee ? reply.terms.eppFee : null,
          plan: reply.plans.promo ? selRef.current.plan : 'standard',
        };
        put(s);
        lastRequested.current = hashOf(s);
      }
    } catch (err) {
      console.error('EPP service data failed', err); // spec §8: the service data is cleared
      dataRef.current = null;
      setData(null);
      setFailed(true);
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
    if (hashOf(selRef.current) !== lastRequested.current) await refresh();
  }, [opts.serviceUrl, context]);

  // First load at once; every later change after the debounce.
  const first = useRef(true);
  const hash = hashOf(selection);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      void refresh();
      return;
    }
    const timer = setTimeout(() => void refresh(), opts.debounceMs);
    return () => clearTimeout(timer);
  }, [hash, refresh]);

  /** A change by the buyer; a non-admin value outside the lists resets to the default at once. */
  const choose = (patch: Partial<EppSelection>) => {
    const known = rulesRef.current;
    put(withinLists({ ...selRef.current, ...patch }, known?.rules ?? null, known?.admin ?? false));
  };

  // `current`: the data is for today's order (after the shipping made the total grow, the
  // checkout showed the earlier total's down payment until the debounced refresh came back).
  return {
    selection,
    choose,
    data,
    current: data !== null && dataFor === context,
    loading,
    failed,
    rules: data?.rules ?? rulesRef.current?.rules ?? null,
    admin: data?.admin ?? rulesRef.current?.admin ?? false,
  };
}
