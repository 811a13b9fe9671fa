// Tests of the binary cache format: encode/decode round trip, and refusal of anything not exactly right.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { traceFromRows } from '../src/trace/trace.ts';
import { decodeTraceCache, encodeTraceCache } from './trace-cache.ts';
import { writeTraceCacheFile } from './trace-cache-io.ts';

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
const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

  it('writes the same bytes to a file as encodeTraceCache', () => {
    const file = join(dir, 'x.trace');
    writeTraceCacheFile(file, trace, SHA);
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(encodeTraceCache(trace, SHA)))).toBe(true);
  });
});
