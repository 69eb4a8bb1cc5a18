'use strict';
/**
 * autocannon `setupClient` for the cart-update benchmark (bench/run.ts). It runs inside
 * autocannon's worker thread, so it is a plain CommonJS file that gets its data from the
 * environment: BENCH_CART_SESSIONS, a JSON list of shoppers {cookie, csrf, path}. Each connection
 * becomes one shopper (its own session and cart line) and alternates the line's quantity 2 ↔ 3,
 * so every request really changes the cart.
 */
const sessions = JSON.parse(process.env.BENCH_CART_SESSIONS || '[]');
let next = 0;

module.exports = function setupClient(client) {
  if (sessions.length === 0) return;
  const s = sessions[next++ % sessions.length];
  const headers = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-csrf-token': s.csrf,
    cookie: s.cookie,
  };
  client.setRequests([2, 3].map((q) => ({ method: 'PUT', path: s.path, headers, body: `quantity=${q}` })));
};
