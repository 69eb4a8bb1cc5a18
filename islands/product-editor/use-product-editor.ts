/**
 * The product editor's state: the product as edited, whether it has unsaved changes, the
 * server's field errors and the duplicate warnings, and the handlers the sections call.
 */
import { useMemo, useState } from 'react';
import type { ProductEditorData } from '../../src/domain/product-editor.ts';
import { DUP_FIELDS, type DupField, useFieldChecks, useLeaveWarning } from './editor-checks.ts';
import { savedTime, useSaves } from './editor-saves.ts';
import type { Errors, Props } from './types.ts';

export function useProductEditor(props: Props) {
  const { base, labels: L } = props;
  const [data, setData] = useState<ProductEditorData>(props.data);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [dups, setDups] = useState<Errors>({});
  const OL = useMemo(() => {
    const o: Record<string, string> = { remove: L['f.remove'] };
    for (const [k, v] of Object.entries(L)) if (k.startsWith('o.')) o[k.slice(2)] = v;
    return o;
  }, [L]);

  useLeaveWarning(dirty, L.leave);
  const { checkDuplicate, checkKit } = useFieldChecks(base, data.product_id, setData, setDups);

  const update = (patch: Partial<ProductEditorData>) => {
    setData((d) => ({ ...d, ...patch }));
    setDirty(true);
    setSavedAt(null);
    for (const k of Object.keys(patch)) if (errors[k]) setErrors(({ [k]: _, ...rest }) => rest);
  };

  const text = (field: keyof ProductEditorData, extra?: (v: string) => void) => (v: string) => {
    update({ [field]: v } as Partial<ProductEditorData>);
    if ((DUP_FIELDS as readonly string[]).includes(field)) checkDuplicate(field as DupField, v);
    extra?.(v);
  };

  const saved = (d: ProductEditorData) => {
    setData(d);
    setDirty(false);
    setErrors({});
    setDups({});
    setSavedAt(savedTime(props.locale));
  };

  const saves = useSaves({ base, locale: props.locale, L, data, setData, setSavedAt, setErrors, saved });

  const err = (k: string) => errors[k] ?? dups[k] ?? null;
  const dec = (k: keyof ProductEditorData) => (v: string) =>
    update({ [k]: v === '' ? null : v } as Partial<ProductEditorData>);

  return { L, OL, data, dirty, savedAt, errors, update, text, dec, err, checkDuplicate, checkKit, ...saves };
}

/** What each section of the form reads and calls. */
export type Editor = ReturnType<typeof useProductEditor>;
