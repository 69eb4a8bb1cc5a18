'use strict';
/**
 * autocannon `setupClient` for benchmarks where each connection is its own visitor (bench/run.ts).
 * It runs inside autocannon's worker thread, so it is a plain CommonJS file that gets its data
 * from the environment: BENCH_PER_CONNECTION, a JSON list with one entry per connection, each
 * the list of requests that connection repeats in turn ({method, path, headers, body}). A cart
 * update, for example, gives every connection its own session and cart line and alternates the
 * quantity 2 ↔ 3, so every request really changes the cart.
 */
const visitors = JSON.parse(process.env.BENCH_PER_CONNECTION || '[]');
let next = 0;

module.exports = function setupClient(client) {
  if (visitors.length === 0) return;
  client.setRequests(visitors[next++ % visitors.length]);
};
