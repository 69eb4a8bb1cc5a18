/**
 * Webhooks reach public addresses only: every IPv6 spelling that carries an IPv4 address is judged
 * by the IPv4 inside it (mapped, compatible, translated, NAT64, 6to4), when a webhook is saved
 * (checkTarget) and again on the address actually connected to (sendSigned, guardedLookup).
 */
import { expect } from 'chai';
import { isPrivateAddress } from '../../src/features/webhooks/addresses.ts';
import { checkTarget, guardedLookup, sendSigned } from '../../src/features/webhooks/send.ts';

describe('webhooks: private addresses in every form', () => {
  const cases: [string, boolean][] = [
    // IPv4
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    // plain IPv6
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['ff02::1', true],
    ['2001:db8::1', true],
    ['2606:4700::1111', false],
    ['[2606:4700::1111]', false],
    // IPv4-mapped, dotted and hex
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['[::ffff:7f00:1]', true],
    ['[::ffff:10.0.0.1]', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:8.8.8.8', false],
    // IPv4-compatible
    ['[::127.0.0.1]', true],
    ['::7f00:1', true],
    ['::10.0.0.1', true],
    ['::a9fe:a9fe', true],
    // IPv4-translated (SIIT)
    ['::ffff:0:127.0.0.1', true],
    ['::ffff:0:c0a8:101', true],
    // 6to4: the IPv4 is bits 16–48
    ['[2002:7f00:1::]', true],
    ['2002:a00:1::1', true],
    ['2002:a9fe:a9fe::', true],
    ['2002:c0a8:0101:1::1', true],
    ['[2002:0808:0808::]', false],
    // NAT64 well-known prefix: the last 32 bits; local-use NAT64 refused whole
    ['[64:ff9b::7f00:1]', true],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::808:808', false],
    ['64:ff9b:1::808:808', true],
    // Teredo (an IPv4 tunnel) and anything that is not an address
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['not-an-ip', true],
    ['127.1', true],
    ['', true],
  ];
  for (const [ip, priv] of cases) {
    it(`${ip || '(empty)'} is ${priv ? '' : 'not '}private`, () => expect(isPrivateAddress(ip)).to.equal(priv));
  }

  it('saving a webhook refuses an IPv4-compatible, 6to4 or NAT64 URL, and allows a public IPv6 one', async () => {
    const refusal = (addr: string) =>
      `This address resolves to a private or loopback network address (${addr}); webhooks may only reach public addresses.`;
    // The URL parser writes `[::127.0.0.1]` as `[::7f00:1]`: the check reads that form.
    expect(await checkTarget('http://[::127.0.0.1]/hook', false)).to.equal(refusal('::7f00:1'));
    expect(await checkTarget('https://[2002:7f00:1::]/hook', false)).to.equal(refusal('2002:7f00:1::'));
    expect(await checkTarget('https://[64:ff9b::7f00:1]/hook', false)).to.equal(refusal('64:ff9b::7f00:1'));
    expect(await checkTarget('https://[::ffff:10.0.0.1]/hook', false)).to.equal(refusal('::ffff:a00:1'));
    expect(await checkTarget('https://[2606:4700::1111]/hook', false)).to.equal(null);
    expect(await checkTarget('https://[2002:0808:0808::]/hook', false)).to.equal(null);
    expect(await checkTarget('http://[::127.0.0.1]/hook', true), 'WEBHOOKS_ALLOW_PRIVATE').to.equal(null);
  });

  it('sending refuses such a literal before connecting', async () => {
    const out = await sendSigned(
      'http://[::127.0.0.1]:9/hook',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_1',
      '{}',
      { allowPrivate: false, timeoutMs: 1000 },
    );
    expect(out).to.deep.equal({
      statusCode: null,
      durationMs: 0,
      error: '::7f00:1 resolves to a private or loopback address (::7f00:1)',
    });
  });

  it('the connect-time lookup refuses a name that resolves to such an address', async () => {
    const lookup = guardedLookup(false);
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err?.message).to.match(/^localhost resolves to a private or loopback address \((127\.0\.0\.1|::1)\)$/);
  });
});
