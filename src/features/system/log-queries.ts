/**
 * The log screen's query: audit entries (`logs`) newest first, keyset-paginated on id (ids grow
 * with time, so deep pages cost what the first does), filtered by who (email or name prefix),
 * what (action prefix or a kind), level, when (days, UTC) and a text search over the message.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logs, users } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor, keysetPage, keysetPlan } from '../../domain/keyset.ts';
import type { LogKind, LogQuery } from './schemas.ts';

export const LOG_PAGE_SIZE = 50;

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which actions each kind covers; 'staff' is everything that is none of the others. */
const KIND: Record<Exclude<LogKind, 'staff'>, SQL> = {
  signin: sql`${logs.action} like 'user.%'`,
  permission: sql`(${logs.action} like 'permission.%' or ${logs.action} like 'role.%')`,
  integration: sql`${logs.action} like 'webhook.%'`,
};

export async function searchLogs(db: DbOrTx, q: LogQuery) {
  const mode = q.before ? 'before' : 'after';
  const cursor = decodeCursor(q.before ?? q.after);
  const plan = keysetPlan('desc', mode);
  const where: SQL[] = [];
  if (q.q) where.push(sql`${logs.message} ilike ${`%${like(q.q)}%`}`);
  if (q.action) where.push(sql`${logs.action} like ${`${like(q.action.toLowerCase())}%`}`);
  if (q.level) where.push(eq(logs.level, q.level));
  if (q.kind === 'staff') where.push(sql`not (${KIND.signin} or ${KIND.permission} or ${KIND.integration})`);
  else if (q.kind) where.push(KIND[q.kind]);
  if (q.who) {
    const w = like(q.who.toLowerCase());
    where.push(
      sql`${logs.userId} in (select u.id from ${users} u where lower(u.email) like ${`${w}%`} or lower(u.first_name || ' ' || u.last_name) like ${`${w}%`} or lower(u.last_name) like ${`${w}%`})`,
    );
  }
  if (q.from) where.push(sql`${logs.createdAt} >= ${q.from}::date`);
  if (q.to) where.push(sql`${logs.createdAt} < ${q.to}::date + 1`);
  if (cursor) where.push(sql`${logs.id} ${sql.raw(plan.op)} ${cursor.id}`);
  const rows = await db
    .select({
      id: logs.id,
      level: logs.level,
      action: logs.action,
      entity: logs.entity,
      entityId: logs.entityId,
      message: logs.message,
      data: logs.data,
      createdAt: logs.createdAt,
      userId: logs.userId,
      email: users.email,
      name: sql<
        string | null
      >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
    })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`${logs.id} ${sql.raw(plan.fetchDir)}`)
    .limit(LOG_PAGE_SIZE + 1);
  return keysetPage(rows, LOG_PAGE_SIZE, mode, !!cursor, plan.reverse, (r) => encodeCursor({ v: null, id: r.id }));
}
