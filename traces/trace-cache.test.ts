// Tests of the binary trace cache: format round trip and header parsing, the chunked file reader and writer (short
// writes, small chunks), and refusal of anything not exactly right (corrupt, half-written, another trace).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { traceFromRows, type Trace } from '../src/trace/trace.ts';
import { cacheHeaderLength, decodeTraceCache, encodeTraceCache, parseCacheHeader } from './trace-cache.ts';
import { readTraceCacheFile, writeTraceCacheFile } from './trace-cache-io.ts';

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

const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function columnsOf(t: Trace): unknown[] {
  return [t.n, Array.from(t.arrival), Array.from(t.duration), Array.from(t.keyId), t.keys, Array.from(t.classId!), t.classes, Array.from(t.size!)];
}

describe('writeTraceCacheFile', () => {
  it('writes the same bytes as encodeTraceCache, whole or in 5-byte chunks', () => {
    for (const chunkBytes of [undefined, 5]) {
      const file = join(dir, `same-${chunkBytes ?? 'default'}.trace`);
      writeTraceCacheFile(file, trace, SHA, chunkBytes === undefined ? {} : { chunkBytes });
      expect(Buffer.from(readFileSync(file)).equals(Buffer.from(encodeTraceCache(trace, SHA)))).toBe(true);
    }
  });

  it('continues after short writes (a writer that takes at most 3 bytes per call)', () => {
    const file = join(dir, 'short.trace');
    const offered: number[] = [];
    const write = (fd: number, bytes: Uint8Array): number => {
      offered.push(bytes.length);
      return writeSync(fd, bytes.subarray(0, 3));
    };
    writeTraceCacheFile(file, trace, SHA, { chunkBytes: 7, write });
    const expected = encodeTraceCache(trace, SHA);
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(expected))).toBe(true);
    expect(Math.max(...offered)).toBe(7); // no call is offered more than the chunk size
    expect(offered.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 3));
  });

  it('fails on a write that makes no progress, leaving no temporary file and the old target untouched', () => {
    const sub = join(dir, 'stuck');
    const file = join(sub, 'x.trace');
    writeTraceCacheFile(file, trace, SHA);
    const before = readFileSync(file);
    expect(() => writeTraceCacheFile(file, trace, SHA, { write: () => 0 })).toThrow(/write returned 0/);
    expect(readdirSync(sub)).toEqual(['x.trace']);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('readTraceCacheFile', () => {
  const file = join(dir, 'read.trace');
  writeFileSync(file, encodeTraceCache(trace, SHA));

  it('reads every column back, in reads of 5 bytes or whole, each column on its own SharedArrayBuffer', () => {
    for (const chunkBytes of [5, undefined]) {
      const back = readTraceCacheFile(file, SHA, chunkBytes === undefined ? {} : { chunkBytes });
      if (typeof back === 'string') throw new Error(back);
      expect(columnsOf(back)).toEqual(columnsOf(trace));
      expect(back.arrival.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(back.arrival.buffer).not.toBe(back.duration.buffer);
    }
  });

  it('refuses a truncated (half-written) file, a flipped bit, another trace, and says which', () => {
    const good = readFileSync(file);
    const cut = join(dir, 'cut.trace');
    writeFileSync(cut, good);
    truncateSync(cut, good.length - 9);
    expect(readTraceCacheFile(cut, SHA, { chunkBytes: 5 })).toMatch(new RegExp(`${good.length - 9} bytes where its header implies ${good.length}.*half-written`));
    const flipped = join(dir, 'flipped.trace');
    const bad = Buffer.from(good);
    bad[good.length - 12]! ^= 1;
    writeFileSync(flipped, bad);
    expect(readTraceCacheFile(flipped, SHA, { chunkBytes: 5 })).toMatch(/checksum mismatch/);
    expect(readTraceCacheFile(file, 'b'.repeat(64))).toMatch(/another trace/);
    writeFileSync(join(dir, 'tiny.trace'), 'HSIM');
    expect(readTraceCacheFile(join(dir, 'tiny.trace'), SHA)).toMatch(/shorter \(4 bytes\)/);
  });

  it('throws the file system error for a missing file', () => {
    expect(existsSync(join(dir, 'none.trace'))).toBe(false);
    expect(() => readTraceCacheFile(join(dir, 'none.trace'), SHA)).toThrow(/ENOENT/);
  });
});
