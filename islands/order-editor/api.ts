/** The order editor's calls (spec §7 "Orders (staff)"), all with the page's bearer token. */
import type { OrderJson, UpdateRequest, UpdateResponse } from '../../src/domain/order-edit.ts';
import { apiToken } from '../lib/dom.ts';
import { request } from '../lib/request.ts';

/** The editor's draft: the update's body, with the draft's tax exemption and shipping removal. */
export type DraftRequest = UpdateRequest & { tax_exempt_id?: string; remove_shipping?: boolean };

const opts = () => ({ bearer: apiToken(), json: true });

export function orderApi(locale: string, orderId: number) {
  const base = `/${locale}/api/orders/${orderId}`;
  return {
    synchronize: () => request<OrderJson>('GET', `${base}/synchronize`, undefined, opts()),
    update: (body: DraftRequest) =>
      request<UpdateResponse>('POST', `${base}/update`, body as unknown as Record<string, unknown>, opts()),
    saveTin: (tax_exempt_id: string, version: number) =>
      request<OrderJson>('POST', `${base}/tin/save`, { tax_exempt_id, version }, opts()),
    removeShippingMethod: (version: number) =>
      request<OrderJson>('POST', `${base}/remove-shipping-method`, { version }, opts()),
    tins: () =>
      request<{
        tax_exempt_available: boolean;
        selected: string | null;
        tins: { tax_exempt_id: string; name: string }[];
      }>('GET', `${base}/tins`, undefined, opts()),
    /** The draft priced without writing the order. */
    draft: (body: DraftRequest) =>
      request<OrderJson>('POST', `${base}/draft`, body as unknown as Record<string, unknown>, opts()),
    /** One stored line's quantity, priced in the draft sent along; nothing is written. */
    updateItem: (lineId: number, quantity: number, draft: DraftRequest) =>
      request<{
        price: string;
        total: string;
        subtotal: string;
        quantity: number;
        last_quantity: number;
        version: number;
        order: OrderJson;
      }>(
        'PUT',
        `/${locale}/admin/orders/detail/${orderId}/update-item/${lineId}`,
        { ...draft, quantity } as unknown as Record<string, unknown>,
        opts(),
      ),
    typeahead: (q: string, signal: AbortSignal) =>
      request<{ id: number; value: string }[]>('GET', `/${locale}/search/typeahead`, { q }, { signal }),
  };
}
export type OrderApi = ReturnType<typeof orderApi>;
