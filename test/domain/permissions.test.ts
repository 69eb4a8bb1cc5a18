/** How a permission set is made and who may change it (src/domain/permissions.ts). */
import { expect } from 'chai';
import { effectivePermissions, mayEdit, permissionSet } from '../../src/domain/permissions.ts';

describe('domain: permissions', () => {
  const KEYS = ['a', 'b', 'c', 'd'];

  it('the user override wins over the organisation, which wins over the role', () => {
    const rows = effectivePermissions(
      KEYS,
      ['a', 'b'],
      [
        { key: 'b', granted: false },
        { key: 'c', granted: true },
        { key: 'd', granted: true },
      ],
      [
        { key: 'd', granted: false },
        { key: 'a', granted: true },
      ],
    );
    expect(rows).to.deep.equal([
      { key: 'a', held: true, source: 'user', granted: true },
      { key: 'b', held: false, source: 'organisation', granted: false },
      { key: 'c', held: true, source: 'organisation', granted: true },
      { key: 'd', held: false, source: 'user', granted: false },
    ]);
    expect(
      [
        ...permissionSet(
          ['a', 'b'],
          [
            { key: 'b', granted: false },
            { key: 'c', granted: true },
          ],
          [
            { key: 'c', granted: false },
            { key: 'x', granted: true },
          ],
        ),
      ].sort(),
    ).to.deep.equal(['a', 'x']);
    expect(effectivePermissions(['z'], [], [], [])).to.deep.equal([{ key: 'z', held: false, source: null }]);
  });

  it('only editors edit, only keys they hold, never themselves, their organisation or a user holding more', () => {
    const editor = { id: 1, organisationId: 10, permissions: new Set(['permissions.edit', 'orders.view']) };
    const cases: [Parameters<typeof mayEdit>[1], Parameters<typeof mayEdit>[2], string][] = [
      ['orders.view', { userId: 2, permissions: new Set(['orders.view']) }, 'ok'],
      ['orders.view', { organisationId: 11 }, 'ok'],
      ['epp.admin', { userId: 2, permissions: new Set() }, 'not_held'],
      ['orders.view', { userId: 1, permissions: editor.permissions }, 'self'],
      ['permissions.edit', { userId: 1, permissions: editor.permissions }, 'self'],
      ['orders.view', { organisationId: 10 }, 'self'],
      ['orders.view', { userId: 3, permissions: new Set(['logs.view']) }, 'superior'],
    ];
    for (const [key, target, want] of cases) {
      const r = mayEdit(editor, key, target);
      expect(
        r.ok ? 'ok' : r.reason,
        `${key} ${JSON.stringify({ ...target, permissions: target.permissions && [...target.permissions] })}`,
      ).to.equal(want);
    }
    expect(mayEdit({ ...editor, permissions: new Set(['orders.view']) }, 'orders.view', { userId: 2 })).to.deep.equal({
      ok: false,
      reason: 'no_right',
    });
  });
});
