// Tests of the binary cache format: encode/decode round trip, header parsing, refusal of anything not exactly right.
import { describe, expect, it } from 'vitest';
import { traceFromRows } from '../src/trace/trace.ts';
import { cacheHeaderLength, decodeTraceCache, encodeTraceCache, parseCacheHeader } from './trace-cache.ts';

const SHA = 'a'.repeat(64);
const trace = traceFromRows(
  [
    { arrival_ms: 1, duration_ms: 2.5, key: 'k1', class: 'c', size_bytes: 10 },
    { arrival_ms: 2, duration_ms: 0, key: 'k2', class: 'd', size_bytes: Number.NaN },
    { arrival_ms: 3, duration_ms: 1e-7, key: 'k1', class: 'c', size_bytes: 0 },
  ],
  true,
  true,
);

describe('trace cache format', () => {
  it('decodes what it encodes, all columns included', () => {
    const back = decodeTraceCache(encodeTraceCache(trace, SHA), SHA);
    expect(back).not.toBeNull();
    expect(back!.n).toBe(3);
    expect(Array.from(back!.arrival)).toEqual([1, 2, 3]);
    expect(Array.from(back!.duration)).toEqual([2.5, 0, 1e-7]);
    expect(Array.from(back!.keyId)).toEqual([0, 1, 0]);
    expect(back!.keys).toEqual(['k1', 'k2']);
    expect(Array.from(back!.classId!)).toEqual([0, 1, 0]);
    expect(back!.classes).toEqual(['c', 'd']);
    expect(Array.from(back!.size!)).toEqual([10, Number.NaN, 0]);
  });

  it('decodes from an unaligned buffer (copies the columns)', () => {
    const bytes = encodeTraceCache(trace, SHA);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(Array.from(decodeTraceCache(shifted.subarray(3), SHA)!.duration)).toEqual([2.5, 0, 1e-7]);
  });

  it('refuses another SHA-256, a flipped bit, a truncated file, another version or magic', () => {
    const bytes = encodeTraceCache(trace, SHA);
    expect(decodeTraceCache(bytes, 'b'.repeat(64))).toBeNull();
    for (const at of [0, 9, 20, bytes.length - 20, bytes.length - 1]) {
      const bad = bytes.slice();
      bad[at]! ^= 1;
      expect(decodeTraceCache(bad, SHA)).toBeNull();
    }
    expect(decodeTraceCache(bytes.subarray(0, bytes.length - 8), SHA)).toBeNull();
    expect(decodeTraceCache(new Uint8Array(3), SHA)).toBeNull();
  });


  it('lays out columns past 2^31 and 2^32 bytes exactly (300M rows, no 32-bit wrap)', () => {
    const n = 300_000_000;
    const header = new TextEncoder().encode(JSON.stringify({ sha256: SHA, n, keys: ['k'], classes: ['c'], size: true }));
    const layout = parseCacheHeader(header, SHA);
    if (typeof layout === 'string') throw new Error(layout);
    const start = Math.ceil((16 + header.length) / 8) * 8;
    // f64, f64, i32, i32, f64 columns of n rows each; n * 4 is a multiple of 8, so no padding between them.
    expect(layout.columns.map((c) => c.offset)).toEqual([start, start + 8 * n, start + 16 * n, start + 20 * n, start + 24 * n]);
    expect(layout.total).toBe(start + 32 * n + 4);
    expect(layout.total).toBeGreaterThan(2 ** 33);
  });

  it('parses the prefix and header into the column layout, and names what is wrong with a bad one', () => {
    const bytes = encodeTraceCache(trace, SHA);
    const headerLength = cacheHeaderLength(bytes);
    expect(typeof headerLength).toBe('number');
    const layout = parseCacheHeader(bytes.subarray(16, 16 + (headerLength as number)), SHA);
    if (typeof layout === 'string') throw new Error(layout);
    // 3 rows: arrival 24 B, duration 24 B, keyId 12 B (+4 pad), classId 12 B (+4 pad), size 24 B, then the CRC.
    expect(layout.columns.map((c) => [c.name, c.bytes])).toEqual([['arrival', 24], ['duration', 24], ['keyId', 12], ['classId', 12], ['size', 24]]);
    expect(layout.columns[1]!.offset - layout.columns[0]!.offset).toBe(24);
    expect(layout.columns[3]!.offset - layout.columns[2]!.offset).toBe(16);
    expect(layout.total).toBe(bytes.length);
    expect(parseCacheHeader(bytes.subarray(16, 16 + (headerLength as number)), 'b'.repeat(64))).toMatch(/another trace/);
    expect(parseCacheHeader(new TextEncoder().encode('{"sha256":"x"'), SHA)).toMatch(/not valid JSON/);
    expect(cacheHeaderLength(new Uint8Array(16))).toMatch(/bad magic/);
    expect(cacheHeaderLength(bytes.subarray(0, 10))).toMatch(/shorter/);
    const otherVersion = bytes.slice(0, 16);
    otherVersion[8] = 9;
    expect(cacheHeaderLength(otherVersion)).toMatch(/version 9, this hsim reads version 1/);
  });
});
