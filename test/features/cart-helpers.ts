/** What the cart's HTTP tests share: a visitor with a session, script requests, DEMO-CONFIG's choices. */
import { eq } from 'drizzle-orm';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { optionChoices, productOptions } from '../../src/db/schema/index.ts';

/** An anonymous visitor with a session and its CSRF token. */
export async function visitor(path = '/en-us/cart'): Promise<{ a: Agent; token: string }> {
  const a = await agent();
  const token = await csrf(a, path);
  return { a, token };
}

/** Requests as the page's scripts send them (XHR, JSON, the CSRF header). */
export const json = (a: Agent, token: string) => ({
  post: (url: string) =>
    a.post(url).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json'),
  put: (url: string) =>
    a.put(url).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json'),
  del: (url: string) =>
    a
      .delete(url)
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Accept', 'application/json'),
  get: (url: string) => a.get(url).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json'),
});

/** DEMO-CONFIG's option choices by option and choice name. */
export async function configChoices() {
  const db = (await testServer()).services.db;
  const pid = await productIdByStockcode('DEMO-CONFIG');
  const rows = await db
    .select({
      optionId: productOptions.id,
      option: productOptions.name,
      choiceId: optionChoices.id,
      choice: optionChoices.name,
      price: optionChoices.price,
    })
    .from(productOptions)
    .innerJoin(optionChoices, eq(optionChoices.optionId, productOptions.id))
    .where(eq(productOptions.productId, pid));
  const pick = (option: string, choice: string) => rows.find((r) => r.option === option && r.choice === choice)!;
  return { pid, pick };
}
