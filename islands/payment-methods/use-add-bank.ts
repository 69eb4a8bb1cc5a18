/**
 * The add-bank form's state. The numbers go only to the bank link's own endpoint, which answers a
 * one-time public token; only that token comes to our route.
 */
import { type FormEvent, useState } from 'react';
import { shownMessages } from '../lib/errors.ts';
import { request } from '../lib/request.ts';
import { openPlaidLink } from './plaid-link.ts';
import { fieldsOf, type Props } from './shared.ts';

export type AccountType = 'checking' | 'savings';
type Options = { bank: Props['bank']; url: string; owner: Record<string, number>; onSaved: () => Promise<void> };
type Numbers = { routing: string; account: string; holder: string; type: AccountType };

/** A link token from our server, then the numbers to the bank link: its public token. */
async function linkAccount(bank: Props['bank'], accountsUrl: string, { routing, account, holder, type }: Numbers) {
  const { link_token } = await request<{ link_token: string }>('GET', bank.linkTokenUrl);
  return request<{ public_token: string }>(
    'POST',
    accountsUrl,
    {
      link_token,
      routing_number: routing.replace(/\s+/g, ''),
      account_number: account.replace(/\s+/g, ''),
      account_holder: holder,
      account_type: type,
    },
    { json: true },
  );
}

export function useAddBank({ bank, url, owner, onSaved }: Options) {
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [holder, setHolder] = useState('');
  const [type, setType] = useState<AccountType>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !bank.accountsUrl) return;
    setBusy(true);
    setError('');
    setFields({});
    try {
      const linked = await linkAccount(bank, bank.accountsUrl, { routing, account, holder, type });
      await request('POST', url, { ...owner, public_token: linked.public_token }, { json: true });
      setRouting('');
      setAccount('');
      setHolder('');
      await onSaved();
    } catch (err) {
      setFields(fieldsOf(err));
      setError(shownMessages(err)[0]);
    } finally {
      setBusy(false);
    }
  };

  /** Plaid: Link opens with our link token; its public token goes to our exchange route. */
  const linkWithPlaid = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const { link_token } = await request<{ link_token: string }>('GET', bank.linkTokenUrl);
      const publicToken = await openPlaidLink(link_token);
      if (publicToken) {
        await request('POST', url, { ...owner, public_token: publicToken }, { json: true });
        await onSaved();
      }
    } catch (err) {
      setError(shownMessages(err)[0]);
    } finally {
      setBusy(false);
    }
  };

  const values = { routing, account, holder, type };
  const setters = { setRouting, setAccount, setHolder, setType };
  return { ...values, ...setters, busy, error, fields, submit, linkWithPlaid };
}

export type AddBankState = ReturnType<typeof useAddBank>;
