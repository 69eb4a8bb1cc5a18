import { expect } from 'chai';
import type { Request } from 'express';
import { acceptPrefersJson, wantsJson } from '../../src/http/wants-json.ts';

/** Just what wantsJson reads of a request. */
function request(o: { accept?: string; xhr?: boolean; bearer?: boolean; authorization?: string; path?: string }) {
  const headers: Record<string, string | undefined> = { accept: o.accept, authorization: o.authorization };
  return {
    xhr: !!o.xhr,
    bearer: o.bearer ? { userId: 1 } : undefined,
    path: o.path ?? '/en-us/products',
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

describe('http/wants-json', () => {
  it('ranks Accept headers: JSON only when application/json is preferred over text/html', () => {
    const cases: [string | undefined, boolean][] = [
      [undefined, false],
      ['', false],
      ['*/*', false],
      ['text/html', false],
      ['application/json', true],
      ['application/json, text/plain, */*', true],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
      ['text/html,application/json', false],
      ['application/json, text/html', true],
      ['text/html;q=0.9, application/json', true],
      ['application/json;q=0.5, text/html', false],
      ['application/*', true],
      ['application/*, text/html', false],
      ['application/json;q=0, */*', false],
      ['image/png', false],
      ['TEXT/HTML;q=0.1, Application/JSON', true],
    ];
    for (const [accept, json] of cases) expect(acceptPrefersJson(accept), String(accept)).to.equal(json);
  });

  it('answers JSON to scripts: bearer, an Authorization header, X-Requested-With, /api/ paths', () => {
    expect(wantsJson(request({}))).to.equal(false);
    expect(wantsJson(request({ accept: 'text/html' }))).to.equal(false);
    expect(wantsJson(request({ accept: 'application/json' }))).to.equal(true);
    expect(wantsJson(request({ bearer: true, accept: 'text/html' }))).to.equal(true);
    expect(wantsJson(request({ authorization: 'Bearer not-a-token' }))).to.equal(true);
    expect(wantsJson(request({ xhr: true }))).to.equal(true);
    expect(wantsJson(request({ path: '/api/generic-data/location/countries' }))).to.equal(true);
    expect(wantsJson(request({ path: '/fr-ca/api/cart' }))).to.equal(true);
    expect(wantsJson(request({ path: '/fr-ca/apiary' }))).to.equal(false);
  });
});
