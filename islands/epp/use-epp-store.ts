/**
 * What the EPP refresh cycle remembers: the selection (as state for the screen and as a ref the
 * refresh reads between renders), the service data and the rules last heard from the server.
 */
import { useRef, useState } from 'react';
import type { EppServiceData } from '../../src/domain/epp-props.ts';
import { type EppRulesJson, type EppSelection, withinLists } from './selection.ts';

export function useEppStore(initial?: Partial<EppSelection>) {
  const [selection, setSelectionState] = useState<EppSelection>({
    percentDown: null,
    months: null,
    eppFee: null,
    plan: 'standard',
    ...initial,
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

  const put = (s: EppSelection) => {
    selRef.current = s;
    setSelectionState(s);
  };
  /** A selection inside the lists the server last gave (an admin's is kept as typed). */
  const within = (s: EppSelection) => {
    const known = rulesRef.current;
    return withinLists(s, known?.rules ?? null, known?.admin ?? false);
  };
  const received = (reply: EppServiceData, askedFor: string) => {
    dataRef.current = reply;
    rulesRef.current = { rules: reply.rules, admin: reply.admin };
    setData(reply);
    setDataFor(askedFor);
    setFailed(false);
  };
  const lost = () => {
    dataRef.current = null;
    setData(null);
    setFailed(true);
  };

  return {
    selection,
    data,
    loading,
    setLoading,
    failed,
    dataFor,
    selRef,
    dataRef,
    rulesRef,
    put,
    within,
    received,
    lost,
  };
}
