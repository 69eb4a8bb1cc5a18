/** The back-office dashboard (src/features/dashboard). */
import { expect } from 'chai';
import { agent, signIn, type Agent } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

/** The all-time revenue card as the page shows it, in cents. */
async function revenueCents(a: Agent): Promise<number> {
  const html = (await a.get('/account/dashboard')).text;
  const card = /Revenue, all time \(submitted orders, USD\)<\/div><div class="stat-value">([\s\S]*?)<\/div>/.exec(html);
  expect(card, 'the revenue card').to.not.equal(null);
  const text = card![1].replace(/<[^>]*>/g, '').trim();
  expect(text).to.match(/^\$[\d,]+\.\d{2}$/);
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

describe('dashboard', () => {
  it('reports revenue in USD, converting each order from its channel currency and rounding per order', async () => {
    await testServer();
    const a = await agent();
    await signIn(a, 'staff@example.com');
    const before = await revenueCents(a);
    const made: number[] = [];
    const order = async (channel: string, status: string, total: string) => {
      const [{ id }] = await sqlRows<{ id: number }>(
        `insert into orders (status, channel_id, currency_id, order_currency, subtotal, total)
         select $2, c.id, c.currency_id, cu.code, $3, $3 from channels c join currencies cu on cu.id = c.currency_id where c.code = $1 returning id`,
        [channel, status, total],
      );
      made.push(id);
    };
    try {
      // By hand, at the demo rates (1.37 CAD and 17.2 MXN per USD):
      await order('CA', 'completed', '137.00'); //  CA$137.00 / 1.37 = US$100.00
      await order('MX', 'pending', '86.00'); //     MX$86.00 / 17.2 = US$5.00
      for (let i = 0; i < 3; i++) await order('CA', 'processing', '0.50'); // CA$0.50 / 1.37 = 0.36496…: US$0.36 each
      await order('US', 'cancelled', '1000.00'); // not revenue
      await order('US', 'quote', '2000.00'); //     not revenue
      // 100.00 + 5.00 + 3 × 0.36 = US$106.08 (rounding the sum instead, 1.50 / 1.37 = 1.09, would give 106.09).
      expect((await revenueCents(a)) - before).to.equal(10_608);
    } finally {
      if (made.length) await sqlRows('delete from orders where id = any($1::int[])', [made]);
    }
    expect(await revenueCents(a)).to.equal(before);
  });
});
