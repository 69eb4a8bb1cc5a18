/** The one error path's mapping (src/http/error-handler.ts toAppError): what each failure becomes. */
import { expect } from 'chai';
import { fieldOfConstraint, toAppError } from '../../src/http/error-handler.ts';
import { AppError, errorBody } from '../../src/domain/errors.ts';

/** drizzle wraps the driver's error; the PostgreSQL fields are on err.cause. */
const dbError = (cause: Record<string, string>) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), cause) });

describe('http/error-handler', () => {
  it('a unique violation a user can cause is a 409 naming the field', () => {
    const e = toAppError(dbError({ code: '23505', constraint: 'users_email_unique', table: 'users' }));
    expect(e?.status).to.equal(409);
    expect(Object.keys(e?.fields ?? {})).to.deep.equal(['email']);
  });

  it('a foreign-key violation is a 409: still in use (no field), or a choice that no longer exists (its column)', () => {
    const used = toAppError(
      dbError({
        code: '23503',
        constraint: 'inventory_warehouse_id_fk',
        table: 'inventory',
        detail: 'Key (id)=(7) is still referenced from table "inventory".',
      }),
    );
    expect(used?.status).to.equal(409);
    expect(used?.message).to.equal('This is still in use elsewhere, so it cannot be changed or removed.');
    expect(used?.fields).to.equal(undefined);
    const gone = toAppError(
      dbError({
        code: '23503',
        constraint: 'warehouses_country_code_fk',
        table: 'warehouses',
        detail: 'Key (country_code)=(ZZ) is not present in table "countries".',
      }),
    );
    expect(gone?.status).to.equal(409);
    expect(gone?.fields).to.deep.equal({ country_code: 'That choice no longer exists. Choose another.' });
  });

  it('every other database error is ours: no 4xx mapping (the handler logs it and answers 500)', () => {
    for (const code of ['22P02', '23514', '42703', '40001', '53300'])
      expect(toAppError(dbError({ code })), code).to.equal(null);
  });

  it('keeps AppErrors, maps CSRF to 403 and malformed bodies to 4xx', () => {
    const own = new AppError(409, 'x', 'y');
    expect(toAppError(own)).to.equal(own);
    expect(toAppError(Object.assign(new Error('bad csrf'), { code: 'EBADCSRFTOKEN' }))?.status).to.equal(403);
    expect(
      toAppError(Object.assign(new Error('Unexpected token'), { status: 400, type: 'entity.parse.failed' }))?.message,
    ).to.equal('The request body is not valid JSON.');
    expect(toAppError(new Error('boom'))).to.equal(null);
  });

  it('the JSON body always has fields, {} when none', () => {
    expect(errorBody(new AppError(404, 'not_found', 'Not found.'))).to.deep.equal({
      error: { code: 'not_found', message: 'Not found.', fields: {} },
    });
  });

  it('reads the field from the usual constraint names', () => {
    expect(fieldOfConstraint('users_email_unique', 'users')).to.equal('email');
    expect(fieldOfConstraint('users_email_key', 'users')).to.equal('email');
    expect(fieldOfConstraint('dealers_slug_uq', 'dealers')).to.equal('slug');
    expect(fieldOfConstraint(undefined, undefined)).to.equal('value');
  });
});
