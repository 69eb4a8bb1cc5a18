/**
 * A gzip body assembled from pieces compressed once, with per-request text spliced in between,
 * without compressing anything per request.
 *
 * A piece is compressed alone (raw deflate, ended with a sync flush: byte-aligned, no final block,
 * no back-reference outside itself), so pieces can follow one another in one deflate stream in any
 * order. Text known only per request (a CSRF token) goes in as stored (uncompressed) blocks. The
 * stream ends with an empty final stored block. The gzip trailer's CRC-32 is the page's: each
 * piece's own CRC is computed once and joined to the running one with zlib's crc32_combine (its
 * algorithm: multiplying by x^(8·length) modulo the CRC polynomial, the factor kept on the piece),
 * so a request computes CRC-32 over its own text only, not over the whole page again (that was
 * ~10 % of a cached compressed page's CPU).
 *
 * RFC 1951 §3.2.3–3.2.4 (block headers, stored blocks), RFC 1952 (gzip member).
 */
import zlib from 'node:zlib';

/** Bytes of a page, with their compressed form (and CRC-32) once a client asked for it. */
export type Piece = { raw: Buffer; gz?: Buffer; crc?: { value: number; shift: number } };

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]); // no name, mtime 0, Unix
const FINAL = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]); // empty final stored block
const STORED_MAX = 0xffff;

export function piece(raw: Buffer): Piece {
  return { raw };
}

/** The piece compressed alone (once; kept on the piece). */
function compressed(p: Piece): Buffer {
  return (p.gz ??= zlib.deflateRawSync(p.raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
}

// CRC-32 combination, as zlib's crc32_combine (crc32.c: multmodp, x2nmodp), reflected polynomial.
const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (reflected bit order). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multmodp(X2N[k - 1], X2N[k - 1]));

/** x^(8·bytes) modulo the polynomial: what a CRC is multiplied by to have `bytes` bytes appended. */
function shiftFor(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multmodp(X2N[k & 31], p);
  return p;
}

/** The CRC-32 of (what `crc` covers) followed by the piece, from the piece's own CRC, kept on it. */
function crcThrough(p: Piece, crc: number): number {
  p.crc ??= { value: zlib.crc32(p.raw), shift: shiftFor(p.raw.length) };
  return (multmodp(p.crc.shift, crc) ^ p.crc.value) >>> 0;
}

/** `raw` as stored blocks (each: a header byte, LEN, NLEN, the bytes), for text known per request. */
export function stored(raw: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < raw.length; at += STORED_MAX) {
    const chunk = raw.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head[0] = 0x00; // BFINAL 0, BTYPE 00, padded to the byte
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(head, chunk);
  }
  return out;
}

/** One gzip member of the pieces in order: a Piece as compressed at fill time, a Buffer stored as is. */
export function gzipOf(parts: readonly (Piece | Buffer)[]): Buffer {
  return Buffer.concat(gzipChunks(parts));
}

/** gzipOf's bytes as the chunks they are made of (written to a socket as they are, not copied into one). */
export function gzipChunks(parts: readonly (Piece | Buffer)[]): Buffer[] {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  for (const p of parts) {
    if (Buffer.isBuffer(p)) {
      if (!p.length) continue;
      out.push(...stored(p));
      crc = zlib.crc32(p, crc);
      size += p.length;
    } else {
      if (!p.raw.length) continue;
      out.push(compressed(p));
      crc = crcThrough(p, crc);
      size += p.raw.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL, trailer);
  return out;
}

/** The same parts uncompressed. */
export function rawOf(parts: readonly (Piece | Buffer)[]): Buffer {
  return Buffer.concat(rawChunks(parts));
}

export function rawChunks(parts: readonly (Piece | Buffer)[]): Buffer[] {
  return parts.map((p) => (Buffer.isBuffer(p) ? p : p.raw));
}

/** Whether the request accepts gzip (Accept-Encoding: gzip or *, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const item of header.split(',')) {
    const [coding, ...params] = item.split(';');
    const c = coding.trim().toLowerCase();
    if (c !== 'gzip' && c !== 'x-gzip' && c !== '*') continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) return true;
  }
  return false;
}
