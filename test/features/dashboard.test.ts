/** The back-office dashboard (src/features/dashboard). */
import { expect } from 'chai';
import { agent, signIn } from '../helpers/http.ts';

describe('dashboard', () => {
  it('reports revenue in USD, converting each order from its channel currency (rounded per order, as the order report)', async () => {
    const { testServer } = await import('../helpers/server.ts');
    const app = await testServer();
    const { rows } = await app.database.pool.query(
      `select sum(round(o.total / c.mid_market_rate, 2))::text as usd, round(sum(o.total), 2)::text as naive
         from orders o join channels c on c.id = o.channel_id
        where o.status not in ('cart', 'quote', 'cancelled')`,
    );
    expect(rows[0].usd).not.to.equal(rows[0].naive, 'the demo data has orders in CAD or MXN');
    const a = await agent();
    await signIn(a, 'staff@example.com');
    const html = (await a.get('/account/dashboard')).text;
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(rows[0].usd));
    expect(html).to.include(usd);
  });
});
