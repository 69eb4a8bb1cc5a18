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
import { useCallback, useEffect, useRef } from 'react';
import { selectionHash } from '../../src/domain/epp.ts';
import type { EppServiceData, EppSource } from '../../src/domain/epp-props.ts';
import { request } from '../lib/request.ts';
import { type EppSelection, termsOf } from './selection.ts';
import { useEppStore } from './use-epp-store.ts';

/** GET the service data for a selection; the promotional plan only while the order has one. */
function fetchServiceData(serviceUrl: string, source: EppSource, s: EppSelection, known: EppServiceData | null) {
  const src = source as Record<string, unknown>;
  return request<EppServiceData>('GET', serviceUrl, {
    ...src,
    subtotalOnly: src.subtotalOnly ? 1 : undefined,
    percentDown: s.percentDown ?? undefined,
    months: s.months ?? undefined,
    eppFee: s.eppFee ?? undefined,
    plan: s.plan === 'promo' && (known?.plans.promo ?? true) ? 'promo' : undefined,
  });
}

type EppOptions = {
  serviceUrl: string;
  source: EppSource;
  debounceMs: number;
  revision?: string | number;
  initial?: Partial<EppSelection>;
};

export function useEpp(opts: EppOptions) {
  const store = useEppStore(opts.initial);
  const { selection, data, selRef, put } = store;
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

  const refresh = useCallback(async (): Promise<void> => {
    if (inFlight.current) return; // the answer re-checks the selection
    const s = store.within(selRef.current);
    if (s !== selRef.current) put(s);
    const hash = hashOf(s);
    if (hash === lastRequested.current) return;
    lastRequested.current = hash;
    inFlight.current = true;
    store.setLoading(true);
    const askedFor = contextRef.current;
    try {
      const reply = await fetchServiceData(opts.serviceUrl, opts.source, s, store.dataRef.current);
      store.received(reply, askedFor);
      // Follow the server's terms, unless the buyer changed something while we waited.
      if (hashOf(selRef.current) === hash) {
        const next = termsOf(reply, selRef.current.plan);
        put(next);
        lastRequested.current = hashOf(next);
      }
    } catch (err) {
      console.error('EPP service data failed', err); // spec §8: the service data is cleared
      store.lost();
    } finally {
      inFlight.current = false;
      store.setLoading(false);
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
  const choose = (patch: Partial<EppSelection>) => put(store.within({ ...selRef.current, ...patch }));

  // `current`: the data is for today's order (after the shipping made the total grow, the
  // checkout showed the earlier total's down payment until the debounced refresh came back).
  return {
    selection,
    choose,
    data,
    current: data !== null && store.dataFor === context,
    loading: store.loading,
    failed: store.failed,
    rules: data?.rules ?? store.rulesRef.current?.rules ?? null,
    admin: data?.admin ?? store.rulesRef.current?.admin ?? false,
  };
}
