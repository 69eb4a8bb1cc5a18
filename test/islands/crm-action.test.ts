/** The CRM action link helper and table-row links (pure rules; the behaviours only wire them). */
import { expect } from 'chai';
import { crmActionRequest, rowLinkTarget } from '../../islands/lib/crm-action.ts';

describe('islands/lib/crm-action', () => {
  it('PUT: a POST to the href with _method=put, the token and the primary flag; no confirmation', () => {
    expect(crmActionRequest({ href: '/en-us/x/1', action: 'put' }, 'tok')).to.deep.equal({
      url: '/en-us/x/1',
      body: { _method: 'put', _csrf: 'tok', primary: '1' },
      confirm: null,
    });
    expect(crmActionRequest({ href: '/x', action: 'PUT', primary: '0' }, 'tok')!.body.primary).to.equal('0');
    expect(crmActionRequest({ href: '/x', action: 'put', params: { status: 'closed' } }, '')!.body).to.deep.equal({
      status: 'closed',
      _method: 'put',
      primary: '1',
    });
  });

  it('DELETE: asks with the link message (or a default) first', () => {
    expect(crmActionRequest({ href: '/x', action: 'delete', message: 'Remove this part?' }, 'tok')).to.deep.equal({
      url: '/x',
      body: { _method: 'delete', _csrf: 'tok' },
      confirm: 'Remove this part?',
    });
    expect(crmActionRequest({ href: '/x', action: 'delete', message: '  ' }, 'tok')!.confirm).to.equal('Are you sure?'); // no page text here: the English
  });

  it('params cannot override the method', () => {
    expect(crmActionRequest({ href: '/x', action: 'put', params: { _method: 'delete' } }, '')!.body._method).to.equal(
      'put',
    );
  });

  it('anything else is not a CRM action', () => {
    expect(crmActionRequest({ href: '/x', action: 'get' }, 't')).to.equal(null);
    expect(crmActionRequest({ href: '', action: 'put' }, 't')).to.equal(null);
  });

  it('a row follows its link unless the click was on a control or ended a text selection', () => {
    expect(rowLinkTarget({ href: '/o/1' }, { tagName: 'TD', closestInteractive: false }, true)).to.equal('/o/1');
    expect(rowLinkTarget({ href: '/o/1' }, { tagName: 'BUTTON', closestInteractive: true }, true)).to.equal(null);
    expect(rowLinkTarget({ href: '/o/1' }, { tagName: 'TD', closestInteractive: false }, false)).to.equal(null);
    expect(rowLinkTarget({}, { tagName: 'TD', closestInteractive: false }, true)).to.equal(null);
  });
});
