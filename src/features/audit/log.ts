/**
 * The audit trail: who did what to which record, in the `logs` table the back
 * office's log screen reads. Call it with the transaction's handle when the write
 * it records is in a transaction, so the entry commits (or not) with it.
 */
import type { DbOrTx } from '../../db/client.ts';
import { logs } from '../../db/schema/index.ts';

export type AuditEntry = {
  action: string;
  message: string;
  userId?: number | null;
  entity?: string;
  entityId?: number;
  level?: 'debug' | 'info' | 'warn' | 'error';
  data?: Record<string, unknown>;
};

export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(logs).values({
    action: e.action,
    message: e.message,
    userId: e.userId ?? null,
    entity: e.entity ?? null,
    entityId: e.entityId ?? null,
    level: e.level ?? 'info',
    data: e.data ?? null,
  });
}
