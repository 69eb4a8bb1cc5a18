/** Orders for the returns tests, with figures written by hand: units × $50.00 + 10 % tax, paid by card through the API. */
import { expect } from 'chai';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { tokenize } from '../features/checkout-helpers.ts';
import type { Agent } from './http.ts';
import { sqlRows as query } from './server.ts';
import type { TestUser } from './users.ts';

/** A placed order of `units` × $50.00 with 10 % tax ("Sales tax"), owned by the user, unpaid. */
export async function placedOrder(user: TestUser, units = 2, title = 'Return test part') {
  const [p] = await query<{ id: number; stockcode: string }>(
    `select id, stockcode from products where status = 0 and returnable order by id limit 1`,
  );
  const [c] = await query<{ id: number; currency_id: number }>(
    `select c.id, cu.id as currency_id from channels c join currencies cu on cu.code = 'USD' where c.code = 'US'`,
  );
  const sub = (units * 50).toFixed(2);
  const tax = (units * 5).toFixed(2);
  const total = (units * 55).toFixed(2);
  const [o] = await query<{ id: number }>(
    `insert into orders (status, channel_id, currency_id, order_currency, user_id, person_id, subtotal, tax, total, tax_breakdown, submitted_at, locale)
     values ('processing', $1, $2, 'USD', $3, (select id from persons where user_id = $3 limit 1), $4, $5, $6, '[{"name":"Sales tax","rate":0.1,"amount":"${tax}"}]'::jsonb, now(), 'en-us') returning id`,
    [c.id, c.currency_id, user.id, sub, tax, total],
  );
  const [l] = await query<{ id: number }>(
    `insert into order_line_items (order_id, line_type, product_id, title, stockcode, quantity, currency_id, unit_price, total, total_discounted, unpaid_total)
     values ($1, 0, $2, $7, $3, $4, $5, '50.00', $6, $6, $6) returning id`,
    [o.id, p.id, p.stockcode, units, c.currency_id, sub, title],
  );
  return { orderId: o.id, lineId: l.id, productId: p.id };
}

/** Staff take a card payment of the whole order: the line's units × $50.00 and the tax. */
export async function payByCard(
  staff: Agent,
  auth: { token: string; csrf: string },
  o: { orderId: number; lineId: number },
  units = 2,
) {
  const cardToken = await tokenize(staff, auth.csrf, TEST_CARDS.approved);
  const res = await staff
    .post(`/en-us/api/orders/${o.orderId}/payments`)
    .set('Authorization', `Bearer ${auth.token}`)
    .send({
      payment_type: 1,
      token: cardToken,
      amount: (units * 55).toFixed(2),
      allocations: [
        { order_line_item_id: o.lineId, amount: (units * 50).toFixed(2) },
        { type: 3, tax_name: 'Sales tax', amount: (units * 5).toFixed(2) },
      ],
    });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
}
