/**
 * Which IP addresses a webhook must not reach without WEBHOOKS_ALLOW_PRIVATE: loopback, private
 * (RFC 1918, fc00::/7), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * unspecified, multicast, documentation and reserved ranges, and the same IPv4 ranges written
 * inside IPv6 in every form that carries an IPv4 address to the IPv4 network: mapped
 * (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`), translated (`::ffff:0:a.b.c.d`), NAT64
 * (`64:ff9b::a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`, the IPv4 in bits 16–48). A host that routes
 * such an address delivers to the IPv4 inside it, so `[::127.0.0.1]` is 127.0.0.1.
 * Node's BlockList parses the addresses (inet_pton: every spelling, hex or dotted, zone ids);
 * this file only lists ranges. Used when a webhook is saved and again on the address actually
 * connected to (src/features/webhooks/send.ts).
 */
import net from 'node:net';

/** [network, prefix length] */
const PRIVATE_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 16], // IETF protocol assignments, documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast and reserved, up to 255.255.255.255
];

const PRIVATE_V6: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel whose client is an obfuscated IPv4 address
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64: the IPv4 may sit anywhere in it
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some hosts)
  ['ff00::', 8], // multicast
];

const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

/** The IPv6 prefixes that carry an IPv4 network: [prefix, length] for each embedding. */
function embeddings(v4: string, bits: number): [string, number][] {
  const [a, b, c, d] = v4.split('.').map(Number);
  return [
    [`::ffff:${v4}`, 96 + bits], // mapped
    [`::${v4}`, 96 + bits], // compatible
    [`::ffff:0:${v4}`, 96 + bits], // translated (SIIT)
    [`64:ff9b::${v4}`, 96 + bits], // NAT64 well-known prefix
    [`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + bits], // 6to4
  ];
}

const blocked = new net.BlockList();
for (const [v4, bits] of PRIVATE_V4) {
  blocked.addSubnet(v4, bits, 'ipv4');
  for (const [v6, len] of embeddings(v4, bits)) blocked.addSubnet(v6, len, 'ipv6');
}
for (const [v6, len] of PRIVATE_V6) blocked.addSubnet(v6, len, 'ipv6');

/** Whether a webhook may not reach this address; anything that is not an IP address is refused. */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, '');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
