/**
 * The EPP part of checkout's payment tab: whether the buyer pays by EPP, and whether the figures
 * on screen are the server's for the current choice. The parent hears null (not paying by EPP),
 * 'pending' (placing waits) or the choice to send.
 */
import { useEffect, useState } from 'react';
import { EPP_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import { useEpp } from '../epp/use-epp.ts';
import type { EppPayState } from './epp-choice.ts';

type Options = {
  locale: string;
  orderId: number;
  revision: string;
  onChange: (s: EppPayState) => void;
};

type Epp = ReturnType<typeof useEpp>;

/** The figures are the server's for today's order and for the choice on screen. */
function isSynced(epp: Epp): boolean {
  const d = epp.data;
  const s = epp.selection;
  return (
    !!d &&
    epp.current &&
    !epp.loading &&
    s.percentDown === d.plans.standard.downPaymentPercent &&
    s.months === d.plans.standard.installmentCount &&
    (s.plan === 'standard' || !!d.plans.promo) &&
    (s.eppFee ?? null) === (d.terms.customEppFee ? d.terms.eppFee : null)
  );
}

export function useEppPayment({ locale, orderId, revision, onChange }: Options) {
  const [on, setOn] = useState(false);
  const epp = useEpp({
    serviceUrl: `/${locale}/epp/service-data`,
    source: { orderId },
    debounceMs: EPP_DEBOUNCE_MS,
    revision,
  });
  const d = epp.data;
  const s = epp.selection;
  const synced = isSynced(epp);

  useEffect(() => {
    if (!on) onChange(null);
    else if (!synced || !d) onChange('pending');
    else
      onChange({
        percentDown: d.plans.standard.downPaymentPercent,
        months: d.plans.standard.installmentCount,
        plan: s.plan,
        eppFee: s.eppFee,
      });
  }, [on, synced, d, s.plan, s.eppFee]);
  useEffect(() => () => onChange(null), []);

  return { on, setOn, epp, synced };
}
