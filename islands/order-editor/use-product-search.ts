/** The product typeahead's state: the query, the suggestions fetched after a pause, and the keys. */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { TYPEAHEAD_LIMIT, TYPEAHEAD_WAIT_MS } from '../../src/domain/constants.ts';
import type { OrderApi } from './api.ts';

export type Suggestion = { id: number; value: string };

export function useProductSearch(api: OrderApi, onPick: (s: Suggestion) => void) {
  const [q, setQ] = useState('');
  const [list, setList] = useState<Suggestion[] | null>(null);
  const [active, setActive] = useState(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (q.trim().length < 2) {
      setList(null);
      return;
    }
    const timer = setTimeout(async () => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      try {
        const found = await api.typeahead(q.trim(), ctl.signal);
        setList(found.slice(0, TYPEAHEAD_LIMIT));
        setActive(0);
      } catch (err) {
        if ((err as { name?: string }).name !== 'AbortError') console.error('product search failed', err);
      }
    }, TYPEAHEAD_WAIT_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const pick = (s: Suggestion) => {
    onPick(s);
    setQ('');
    setList(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!list?.length) return;
    if (e.key === 'ArrowDown') setActive((a) => Math.min(list.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter') pick(list[active]);
    else if (e.key === 'Escape') setList(null);
    else return;
    e.preventDefault();
  };
  return { q, setQ, list, active, pick, onKey };
}
