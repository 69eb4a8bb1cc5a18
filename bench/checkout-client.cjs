'use strict';
/**
 * autocannon `setupClient` for the place-order benchmark (bench/run.ts). Each connection is one
 * signed-in customer (BENCH_CHECKOUT_SESSIONS: [{cookie, csrf, addressId, productId}]) going
 * through a whole checkout, five requests a lap, each answer feeding the next:
 *   add to cart → customer info (saved address) → shipping quotes → choose the cheapest → place
 *   (by check, a fresh Idempotency-Key, the total the server showed).
 */
const { randomUUID } = require('node:crypto');

const sessions = JSON.parse(process.env.BENCH_CHECKOUT_SESSIONS || '[]');
let next = 0;

module.exports = function setupClient(client) {
  if (sessions.length === 0) return;
  const s = sessions[next++ % sessions.length];
  const headers = (type) => ({
    'content-type': type,
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-csrf-token': s.csrf,
    cookie: s.cookie,
  });
  const json = (body) => {
    try {
      return JSON.parse(body);
    } catch {
      return {};
    }
  };
  client.setRequests([
    {
      method: 'POST',
      path: '/en-us/cart/add/inline',
      headers: headers('application/x-www-form-urlencoded'),
      body: `product_id=${s.productId}&quantity=1`,
    },
    {
      method: 'POST',
      path: '/en-us/order/customer-info',
      headers: headers('application/x-www-form-urlencoded'),
      body: `returning=1&shippingAddressId=${s.addressId}&tax-exempt=0`,
      onResponse: (status, body, context) => {
        if (status === 200) context.orderId = json(body).order_id;
      },
    },
    {
      method: 'GET',
      path: `/en-us/order/shipping-method?addressId=${s.addressId}`,
      headers: headers('application/json'),
      onResponse: (status, body, context) => {
        if (status === 200)
          context.quotes = (json(body).warehouses || []).map((w) => w.rates[0] && w.rates[0].quote_id).filter(Boolean);
      },
    },
    {
      method: 'POST',
      path: '/en-us/order/shipping-method',
      headers: headers('application/json'),
      setupRequest: (req, context) => ({
        ...req,
        body: JSON.stringify({ order_id: context.orderId, selected_methods: context.quotes || [] }),
      }),
      onResponse: (status, body, context) => {
        if (status === 200) context.total = (json(body).totals || {}).total;
      },
    },
    {
      method: 'POST',
      path: '/en-us/order/place',
      setupRequest: (req, context) => ({
        ...req,
        headers: { ...headers('application/json'), 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          order_id: context.orderId,
          payment_type: 2,
          check_number: '1001',
          expected_total: context.total || '0',
        }),
      }),
    },
  ]);
};
