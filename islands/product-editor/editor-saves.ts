/**
 * The product editor's saves: the whole product (POST …/create or …/{audit_id}/update), or only
 * its dimensions or its categories. Field errors from the server show beside their fields.
 */
import { type Dispatch, type SetStateAction, useState } from 'react';
import { formatDate } from '../../src/domain/dates.ts';
import { DIMENSION_FIELDS, type ProductEditorData } from '../../src/domain/product-editor.ts';
import { showAlert } from '../lib/alerts.ts';
import { shownMessages } from '../lib/errors.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import type { Errors } from './types.ts';

/** When the editor last saved, on the person's own clock ('3:04:05 PM'), as the page's language writes a time. */
export const savedTime = (locale: string) =>
  formatDate(new Date(), locale, { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'local' });

/** The server's field errors show beside their fields, the first one focused; its message shows as an alert. */
function showSaveError(e: unknown, setErrors: (fields: Errors) => void) {
  if (isAppRequestError(e)) {
    const fields = ((e.body as { error?: { fields?: Errors } })?.error?.fields ?? {}) as Errors;
    setErrors(fields);
    const first = Object.keys(fields)[0];
    if (first)
      document
        .querySelector<HTMLElement>(
          `[data-field="${first}"] input, [data-field="${first}"] select, [data-field="${first}"] textarea`,
        )
        ?.focus();
  }
  showAlert(shownMessages(e)[0], 'error');
}

/** After its first save the page edits this product: its address, header and tab say so, as a reload would. */
function showCreated(base: string, created: ProductEditorData, L: Record<string, string>) {
  window.history.replaceState(null, '', `${base}/${created.product_audit_id}`);
  const heading = document.querySelector('[data-testid="page-header"] h1');
  if (heading) heading.textContent = created.title;
  document.title = document.title.replace(L.newTitle, `${L.editTitle}: ${created.title}`);
}

const post = async (url: string, body: Record<string, unknown>) =>
  (await request<{ data: ProductEditorData }>('POST', url, body, { json: true })).data;

type SaveDeps = {
  base: string;
  locale: string;
  L: Record<string, string>;
  data: ProductEditorData;
  setData: Dispatch<SetStateAction<ProductEditorData>>;
  setSavedAt: (at: string) => void;
  setErrors: (fields: Errors) => void;
  /** The whole product saved: the form shows what the server kept. */
  saved: (d: ProductEditorData) => void;
};

export function useSaves({ base, locale, L, data, setData, setSavedAt, setErrors, saved }: SaveDeps) {
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      if (data.product_audit_id) {
        saved(await post(`${base}/${data.product_audit_id}/update`, { updateData: data }));
      } else {
        const created = await post(`${base}/create`, { updateData: data });
        saved(created);
        showCreated(base, created, L);
      }
    } catch (e) {
      showSaveError(e, setErrors);
    } finally {
      setSaving(false);
    }
  };

  const saveDimensions = async () => {
    if (!data.product_audit_id) return;
    setSaving(true);
    try {
      const updateData = Object.fromEntries(DIMENSION_FIELDS.map((k) => [k, data[k]]));
      const r = await post(`${base}/${data.product_audit_id}/update-dimensions`, { updateData });
      setData((d) => ({ ...d, ...Object.fromEntries(DIMENSION_FIELDS.map((k) => [k, r[k]])) }));
      setSavedAt(savedTime(locale));
    } catch (e) {
      showSaveError(e, setErrors);
    } finally {
      setSaving(false);
    }
  };

  const saveCategories = async () => {
    if (!data.product_audit_id) return;
    setSaving(true);
    try {
      const { categories, parentCategories, parentCategoriesAmount } = data;
      const r = await post(`${base}/${data.product_audit_id}/update-categories`, {
        categories,
        parentCategories,
        parentCategoriesAmount,
      });
      setData((d) => ({
        ...d,
        categories: r.categories,
        parentCategories: r.parentCategories,
        parentCategoriesAmount: r.parentCategoriesAmount,
      }));
      setSavedAt(savedTime(locale));
    } catch (e) {
      showSaveError(e, setErrors);
    } finally {
      setSaving(false);
    }
  };

  return { saving, save, saveDimensions, saveCategories };
}
