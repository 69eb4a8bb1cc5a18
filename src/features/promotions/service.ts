/** Promotions: the table, creating one, editing one, ending one now. The cart applies those in force (type 5 lines). */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promotions, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { audit } from '../audit/index.ts';
import { catalogChanged } from '../../db/catalog-changed.ts';
import type { PromotionCreate } from './schemas.ts';

type Db = Database['db'];

const value = sql<string>`(${promotions.configuration} -> 0 -> 'actions' -> 0 ->> 'value')::numeric`;
// An ended promotion is 'expired' whether or not it was also switched off (one said "Inactive" among "Expired" ones).
const status = sql<string>`case when ${promotions.endsAt} is not null and ${promotions.endsAt} <= now() then 'expired' when not ${promotions.active} then 'inactive' when ${promotions.startsAt} is not null and ${promotions.startsAt} > now() then 'scheduled' else 'active' end`;
const ORDER = [
  promotions.name,
  promotions.code,
  value,
  promotions.startsAt,
  promotions.endsAt,
  status,
  promotions.createdAt,
];

export async function listPromotions(db: Db, sort: number, dir: 'asc' | 'desc') {
  const col = ORDER[sort - 1];
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      code: promotions.code,
      value: sql<string>`${value}::text`,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
      status,
      createdAt: promotions.createdAt,
      appliesTo: promotions.appliesTo,
      freeShipping: promotions.freeShipping,
      createdBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(promotions)
    .leftJoin(users, eq(users.id, promotions.createdBy))
    .orderBy(dir === 'asc' ? asc(col) : desc(col), desc(promotions.id))
    .limit(200);
}

export async function createPromotion(db: Db, p: PromotionCreate, userId: number) {
  return db.transaction(async (tx) => {
    if (p.code) {
      const [dup] = await tx
        .select({ id: promotions.id })
        .from(promotions)
        .where(sql`upper(${promotions.code}) = ${p.code}`);
      if (dup)
        throw conflict('Another promotion already uses this code.', {
          code: 'Another promotion already uses this code.',
        });
    }
    const [row] = await tx
      .insert(promotions)
      .values({
        name: p.name,
        code: p.code,
        configuration: [{ actions: [{ type: 'amount_off', value: Number(p.value) }] }],
        startsAt: p.starts_at,
        endsAt: p.ends_at,
        active: p.active,
        priority: p.priority,
        appliesTo: p.applies_to,
        freeShipping: p.free_shipping,
        createdBy: userId,
      })
      .returning();
    await audit(tx, {
      action: 'promotion.create',
      entity: 'promotion',
      entityId: row.id,
      userId,
      message: `Created promotion ${row.name}`,
      data: { before: null, after: row },
    });
    await catalogChanged(tx, { entity: 'promotion', id: row.id });
    return row;
  });
}

/** One promotion, or undefined. */
export async function getPromotion(db: Db, id: number) {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  return row;
}

/** The form's values for a stored promotion (the inverse of what PromotionCreate parses). */
export function promotionFormValues(p: typeof promotions.$inferSelect): Record<string, string> {
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
  const amount = Number(p.configuration?.[0]?.actions?.[0]?.value ?? 0);
  return {
    name: p.name,
    code: p.code ?? '',
    value: Number.isInteger(amount) ? String(amount) : amount.toFixed(2),
    starts_at: day(p.startsAt),
    ends_at: day(p.endsAt),
    active: p.active ? '1' : '',
    priority: String(p.priority),
    applies_to: p.appliesTo,
    free_shipping: p.freeShipping ? '1' : '',
  };
}

export const STALE_PROMOTION =
  'Someone changed this promotion since you opened it. Your values are below: check them and save again.';

/** What the edit form was opened on (its hidden `version`): a save over someone else's later change is refused (409). */
export function promotionVersion(p: typeof promotions.$inferSelect): string {
  const seen = [
    p.name,
    p.code,
    p.configuration,
    p.startsAt?.toISOString() ?? null,
    p.endsAt?.toISOString() ?? null,
    p.active,
    p.priority,
    p.appliesTo,
    p.freeShipping,
  ];
  return createHash('sha256').update(JSON.stringify(seen)).digest('hex').slice(0, 16);
}

/**
 * Saves the edit form (promotions could not be edited). Same rules as creating; an
 * expired promotion may be edited, e.g. to move its end date. Only the first action's value is
 * the form's: anything else the configuration holds is kept as it was. With the `version` the
 * form was opened on, a promotion changed since then is not overwritten (409, STALE_PROMOTION).
 */
export async function updatePromotion(db: Db, id: number, p: PromotionCreate, userId: number, version?: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw notFound('No such promotion.');
    if (version && version !== promotionVersion(before)) throw conflict(STALE_PROMOTION);
    if (p.code) {
      const [dup] = await tx
        .select({ id: promotions.id })
        .from(promotions)
        .where(and(sql`upper(${promotions.code}) = ${p.code}`, ne(promotions.id, id)));
      if (dup)
        throw conflict('Another promotion already uses this code.', {
          code: 'Another promotion already uses this code.',
        });
    }
    const configuration = structuredClone(before.configuration ?? []);
    if (!configuration[0]) configuration[0] = { actions: [] };
    const actions = (configuration[0].actions ??= []);
    actions[0] = { ...(actions[0] ?? { type: 'amount_off' }), value: Number(p.value) };
    const [after] = await tx
      .update(promotions)
      .set({
        name: p.name,
        code: p.code,
        configuration,
        startsAt: p.starts_at,
        endsAt: p.ends_at,
        active: p.active,
        priority: p.priority,
        appliesTo: p.applies_to,
        freeShipping: p.free_shipping,
      })
      .where(eq(promotions.id, id))
      .returning();
    await audit(tx, {
      action: 'promotion.update',
      entity: 'promotion',
      entityId: id,
      userId,
      message: `Changed promotion ${after.name}`,
      data: { before, after },
    });
    await catalogChanged(tx, { entity: 'promotion', id });
    return after;
  });
}

/** Ends a promotion now: carts stop applying it at their next change. */
export async function endPromotion(db: Db, id: number, userId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw notFound('No such promotion.');
    const startsAt = before.startsAt && before.startsAt >= now ? new Date(now.getTime() - 1000) : before.startsAt;
    const [after] = await tx.update(promotions).set({ endsAt: now, startsAt }).where(eq(promotions.id, id)).returning();
    await audit(tx, {
      action: 'promotion.end',
      entity: 'promotion',
      entityId: id,
      userId,
      message: `Ended promotion ${before.name}`,
      data: { before, after },
    });
    await catalogChanged(tx, { entity: 'promotion', id });
    return after;
  });
}
