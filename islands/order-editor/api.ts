/** The order editor's calls (spec §7 "Orders (staff)"), all with the page's bearer token. */
import type { OrderJson, UpdateRequest, UpdateResponse } from '../../src/domain/order-edit.ts';
import { apiToken } from '../lib/dom.ts';
import { request } from '../lib/request.ts';

const opts = () => ({ bearer: apiToken(), json: true });

export function orderApi(locale: string, orderId: number) {
  const base = `/${locale}/api/orders/${orderId}`;
  return {
    synchronize: () => request<OrderJson>('GET', `${base}/synchronize`, undefined, opts()),
    update: (body: UpdateRequest) => request<UpdateResponse>('POST', `${base}/update`, body as unknown as Record<string, unknown>, opts()),
    saveTin: (tax_exempt_id: string, version: number) => request<OrderJson>('POST', `${base}/tin/save`, { tax_exempt_id, version }, opts()),
    removeShippingMethod: (version: number) => request<OrderJson>('POST', `${base}/remove-shipping-method`, { version }, opts()),
    tins: () => request<{ tax_exempt_available: boolean; selected: string | null; tins: { tax_exempt_id: string; name: string }[] }>('GET', `${base}/tins`, undefined, opts()),
    updateItem: (lineId: number, quantity: number, version: number) =>
      request<{ price: string; total: string; subtotal: string; quantity: number; last_quantity: number; version: number }>('PUT', `/${locale}/admin/orders/detail/${orderId}/update-item/${lineId}`, { quantity, version }, opts()),
    typeahead: (q: string, signal: AbortSignal) => request<{ id: number; value: string }[]>('GET', `/${locale}/search/typeahead`, { q }, { signal }),
  };
}
export type OrderApi = ReturnType<typeof orderApi>;
