/**
 * Open invoices made by SQL for tests of the invoices-due index and the reminder job: copies of a
 * demo order (no lines, no payments) turned into placed orders paid by invoice, due one a day.
 * They are shared-database rows: delete them after with removeInvoices.
 */
import { expect } from 'chai';
import { insertableColumns, sqlRows } from './server.ts';

/** `count` open invoices (payment type 4, processing, nothing paid), due one a day from `firstDue`; their ids in due order. */
export async function seedInvoices(count: number, firstDue: string, personId?: number): Promise<number[]> {
  const [src] = await sqlRows<{ id: number }>(`select o.id from orders o join persons p on p.id = o.person_id
    where p.email is not null and o.total > 0 and o.status not in ('cart', 'quote', 'cancelled') order by o.id limit 1`);
  const columns = await insertableColumns('orders');
  const rows = await sqlRows<{ id: number; due: string }>(
    `insert into orders (${columns.names}) select ${columns.values}
    from orders o, generate_series(0, $3::int - 1) g, jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
      'id', nextval(pg_get_serial_sequence('orders', 'id')), 'erp_id', null, 'version', 1, 'status', 'processing', 'payment_type', 4,
      'processor_source', 'invoice', 'locale', 'en-us', 'last_reminded_at', null, 'payment_due_on', ($2::date + g)::text, 'person_id', coalesce($4::int, o.person_id))) r
    where o.id = $1 returning id, to_char(payment_due_on, 'YYYY-MM-DD') as due`,
    [src.id, firstDue, count, personId ?? null],
  );
  expect(rows).to.have.length(count);
  return rows.sort((a, b) => a.due.localeCompare(b.due)).map((r) => r.id);
}

export async function removeInvoices(ids: number[]) {
  if (!ids.length) return;
  await sqlRows(`delete from logs where action = 'order.invoice_reminder' and entity_id = any($1::int[])`, [ids]);
  await sqlRows('delete from orders where id = any($1::int[])', [ids]);
}
