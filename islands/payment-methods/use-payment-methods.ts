/** The saved methods' state: the list, what is being changed, and the one status or error shown. */
import { useState } from 'react';
import { shownMessages } from '../lib/errors.ts';
import { request } from '../lib/request.ts';
import { type Method, methodName, type Props, type T } from './shared.ts';

export function usePaymentMethods(props: Props, L: T) {
  const { locale, userId } = props;
  const [methods, setMethods] = useState<Method[]>(props.methods);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const api = `/${locale}/account/payment`;

  const reload = async () => {
    const r = await request<{ methods: Method[] }>('GET', `${api}/methods${props.self ? '' : `?user_id=${userId}`}`);
    setMethods(r.methods);
  };
  const say = (msg: string) => {
    setError('');
    setStatus(msg);
  };
  const fail = (e: unknown) => {
    setStatus('');
    setError(shownMessages(e)[0]);
  };

  const makeDefault = async (m: Method) => {
    setBusy(m.id);
    try {
      await request('POST', `${api}/methods/${m.id}/default`, {}, { json: true });
      await reload();
      say(`${methodName(L, m)}: ${L('default')}`);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (m: Method) => {
    if (!window.confirm(L('removeConfirm', { name: methodName(L, m) }))) return;
    setBusy(m.id);
    try {
      await request('DELETE', `${api}/methods/${m.id}`, {}, { json: true });
      await reload();
      say(L('removed'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  return { api, methods, status, error, busy, reload, say, fail, makeDefault, remove };
}

export type PaymentMethodsState = ReturnType<typeof usePaymentMethods>;
