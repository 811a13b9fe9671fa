// Tests of the cache file reader and writer: chunked and short writes, chunked reads, refusal of half-written files.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { traceFromRows, type Trace } from '../src/trace/trace.ts';
import { encodeTraceCache } from './trace-cache.ts';
import { readTraceCacheFile, writeTraceCacheFile } from './trace-cache-io.ts';

const SHA = 'a'.repeat(64);
// 3 rows with every column: the keyId and classId columns (12 bytes) need padding, so gaps are read too.
const trace = traceFromRows(
  [
    { arrival_ms: 1, duration_ms: 2.5, key: 'k1', class: 'c', size_bytes: 10 },
    { arrival_ms: 2, duration_ms: 0, key: 'k2', class: 'd', size_bytes: Number.NaN },
    { arrival_ms: 3, duration_ms: 1e-7, key: 'k1', class: 'c', size_bytes: 0 },
  ],
  true,
  true,
);
const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-cache-io-'));
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
