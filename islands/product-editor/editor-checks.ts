/**
 * The product editor's checks while typing: duplicate stock code, SKU, GTIN, slug and title, and
 * whether the stock code and SKU make a kit, each 400 ms after typing stops; and the warning
 * when leaving with unsaved changes.
 */
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import type { ProductEditorData } from '../../src/domain/product-editor.ts';
import { request } from '../lib/request.ts';
import type { Errors } from './types.ts';

export const DUP_FIELDS = ['stockcode', 'sku', 'gtin', 'slug', 'title'] as const;
export type DupField = (typeof DUP_FIELDS)[number];

/** Leaving with unsaved changes asks first (beforeunload). */
export function useLeaveWarning(dirty: boolean, message: string) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, message]);
}

export function useFieldChecks(
  base: string,
  productId: number | null,
  setData: Dispatch<SetStateAction<ProductEditorData>>,
  setDups: Dispatch<SetStateAction<Errors>>,
) {
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  const checkDuplicate = (field: DupField, value: string) => {
    clearTimeout(timers.current[field]);
    timers.current[field] = setTimeout(async () => {
      if (!value.trim()) return setDups(({ [field]: _, ...rest }) => rest);
      try {
        const r = await request<{ duplicate: boolean; message: string | null }>('GET', `${base}/duplicates`, {
          field,
          value,
          product_id: productId ?? '',
        });
        setDups((d) => {
          const { [field]: _, ...rest } = d;
          return r.duplicate && r.message ? { ...rest, [field]: r.message } : rest;
        });
      } catch {
        /* a failed check is not a duplicate; the save checks again */
      }
    }, 400);
  };

  const checkKit = (stockcode: string, sku: string) => {
    clearTimeout(timers.current.kit);
    if (!stockcode.trim()) return;
    timers.current.kit = setTimeout(async () => {
      try {
        const path = `${base}/iskit/${encodeURIComponent(stockcode.trim())}${sku.trim() ? `/${encodeURIComponent(sku.trim())}` : ''}`;
        const kit = await request<boolean>('GET', path);
        setData((d) => (kit ? { ...d, is_kit: true, isKitDerived: true } : { ...d, isKitDerived: false }));
      } catch {
        /* logged only (spec §8) */
      }
    }, 400);
  };

  return { checkDuplicate, checkKit };
}
