// Tests of the binary trace cache: format round trip and header parsing, the chunked file reader and writer (short
// writes, small chunks), and refusal of anything not exactly right (corrupt, half-written, another file, edited with
// a recomputed CRC, column values out of range).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { traceFromRows, type Trace } from '../src/trace/trace.ts';
import { cacheHeaderLength, decodeTraceCache, encodeTraceCache, parseCacheHeader, traceColumnsCheck } from './trace-cache.ts';
import { tieShare } from '../sim/diagnose/time-scale.ts';
import { createRng } from '../src/rng/seeded.ts';
import { readTraceCacheFile, writeTraceCacheFile } from './trace-cache-io.ts';

const SHA = 'a'.repeat(64);
/** SHA-256 of the stored file the entries are built from (a .csv.gz: not the CSV's). */
const FILE = 'f'.repeat(64);
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
    const decoded = decodeTraceCache(encodeTraceCache(trace, SHA, FILE), FILE);
    if (typeof decoded === 'string') throw new Error(decoded);
    expect(decoded.sha256).toBe(SHA);
    const back = decoded.trace;
    expect(back.n).toBe(3);
    expect(Array.from(back.arrival)).toEqual([1, 2, 3]);
    expect(Array.from(back.duration)).toEqual([2.5, 0, 1e-7]);
    expect(Array.from(back.keyId)).toEqual([0, 1, 0]);
    expect(back.keys).toEqual(['k1', 'k2']);
    expect(Array.from(back.classId!)).toEqual([0, 1, 0]);
    expect(back.classes).toEqual(['c', 'd']);
    expect(Array.from(back.size!)).toEqual([10, Number.NaN, 0]);
  });

  it('decodes from an unaligned buffer (copies the columns)', () => {
    const bytes = encodeTraceCache(trace, SHA, FILE);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const back = decodeTraceCache(shifted.subarray(3), FILE);
    if (typeof back === 'string') throw new Error(back);
    expect(Array.from(back.trace.duration)).toEqual([2.5, 0, 1e-7]);
  });

  it('refuses another file, a flipped bit, a truncated file, another version or magic', () => {
    const bytes = encodeTraceCache(trace, SHA, FILE);
    expect(decodeTraceCache(bytes, 'b'.repeat(64))).toMatch(/built from another file/);
    for (const at of [0, 9, 20, bytes.length - 40, bytes.length - 1]) {
      const bad = bytes.slice();
      bad[at]! ^= 1;
      expect(typeof decodeTraceCache(bad, FILE)).toBe('string');
    }
    expect(typeof decodeTraceCache(bytes.subarray(0, bytes.length - 8), FILE)).toBe('string');
    expect(typeof decodeTraceCache(new Uint8Array(3), FILE)).toBe('string');
  });

  it('refuses columns edited with the old CRC-32 trailer recomputed: the payload hash is not a CRC', () => {
    // The attack on version 1: change a duration, then recompute the CRC-32 that ended the file.
    const bytes = encodeTraceCache(trace, SHA, FILE);
    const layout = parseCacheHeader(bytes.subarray(16, 16 + (cacheHeaderLength(bytes) as number)), FILE);
    if (typeof layout === 'string') throw new Error(layout);
    const edited = bytes.slice();
    const at = layout.columns.find((c) => c.name === 'duration')!.offset;
    new DataView(edited.buffer).setFloat64(at, 9999, true);
    new DataView(edited.buffer).setUint32(layout.body, crc32(edited.subarray(0, layout.body)), true);
    expect(decodeTraceCache(edited, FILE)).toMatch(/^payload hash mismatch \(stored [0-9a-f]{32}, computed [0-9a-f]{32}\)/);
  });

  it('refuses a well-hashed file whose columns are out of range: key ids, NaN durations, unsorted arrivals', () => {
    // Each forged trace is encoded by the encoder itself, so only the range checks can refuse it.
    const forged = (edit: (t: Trace) => void): Trace => {
      const t: Trace = { ...trace, arrival: trace.arrival.slice(), duration: trace.duration.slice(), keyId: trace.keyId.slice(), classId: trace.classId!.slice(), size: trace.size!.slice() };
      edit(t);
      return t;
    };
    const cases: [string, Trace, RegExp][] = [
      ['key id 2 of 2 keys', forged((t) => void (t.keyId[1] = 2)), /^column keyId row 1: key id 2 is outside the 2 keys$/],
      ['negative key id', forged((t) => void (t.keyId[0] = -1)), /^column keyId row 0: key id -1/],
      ['class id out of range', forged((t) => void (t.classId![2] = 7)), /^column classId row 2: class id 7/],
      ['NaN duration', forged((t) => void (t.duration[1] = Number.NaN)), /^column duration row 1: NaN is not a finite duration ≥ 0$/],
      ['infinite duration', forged((t) => void (t.duration[0] = Infinity)), /^column duration row 0: Infinity/],
      ['negative duration', forged((t) => void (t.duration[2] = -1)), /^column duration row 2: -1/],
      ['unsorted arrivals', forged((t) => void (t.arrival[2] = 1.5)), /^column arrival row 2: 1.5 is not finite or below the row before$/],
      ['NaN arrival', forged((t) => void (t.arrival[0] = Number.NaN)), /^column arrival row 0: NaN/],
      ['fractional size', forged((t) => void (t.size![0] = 0.5)), /^column size row 0: 0.5/],
    ];
    for (const [, t, reason] of cases) {
      expect(decodeTraceCache(encodeTraceCache(t, SHA, FILE), FILE)).toMatch(reason);
      expect(traceColumnsCheck(t)).toMatch(reason);
    }
    expect(traceColumnsCheck(trace)).toEqual({ tieShare: 0 });
  });

  it('counts the tie share while checking arrivals: the same number as tieShare (the reference) on random runs of ties', () => {
    const rng = createRng('cache-ties');
    for (let trial = 0; trial < 200; trial++) {
      const n = Math.floor(rng.next() * 40);
      let t = 0;
      const arrival = Float64Array.from({ length: n }, () => (t += rng.next() < 0.4 ? 0 : 1));
      const facts = traceColumnsCheck({ ...trace, n, arrival, duration: new Float64Array(n), keyId: new Int32Array(n), classId: new Int32Array(n), size: new Float64Array(n) });
      expect(facts).toEqual({ tieShare: tieShare(arrival, n) });
    }
  });

  it('refuses dictionaries a parsed trace cannot have: an empty or repeated key', () => {
    for (const [keys, reason] of [[['k1', 'k1'], /keys entry 1 repeats an earlier entry/], [['', 'k2'], /keys entry 0 has 0 bytes/]] as const) {
      expect(decodeTraceCache(encodeTraceCache({ ...trace, keys }, SHA, FILE), FILE)).toMatch(reason);
    }
  });


  it('lays out columns past 2^31 and 2^32 bytes exactly (300M rows, no 32-bit wrap)', () => {
    const n = 300_000_000;
    const header = new TextEncoder().encode(JSON.stringify({ sha256: SHA, file_sha256: FILE, n, keys: ['k'], classes: ['c'], size: true }));
    const layout = parseCacheHeader(header, FILE);
    if (typeof layout === 'string') throw new Error(layout);
    const start = Math.ceil((16 + header.length) / 8) * 8;
    // f64, f64, i32, i32, f64 columns of n rows each; n * 4 is a multiple of 8, so no padding between them.
    expect(layout.columns.map((c) => c.offset)).toEqual([start, start + 8 * n, start + 16 * n, start + 20 * n, start + 24 * n]);
    expect(layout.total).toBe(start + 32 * n + 16);
    expect(layout.total).toBeGreaterThan(2 ** 33);
  });

  it('parses the prefix and header into the column layout, and names what is wrong with a bad one', () => {
    const bytes = encodeTraceCache(trace, SHA, FILE);
    const headerLength = cacheHeaderLength(bytes);
    expect(typeof headerLength).toBe('number');
    const layout = parseCacheHeader(bytes.subarray(16, 16 + (headerLength as number)), FILE);
    if (typeof layout === 'string') throw new Error(layout);
    // 3 rows: arrival 24 B, duration 24 B, keyId 12 B (+4 pad), classId 12 B (+4 pad), size 24 B, then the hash.
    expect(layout.columns.map((c) => [c.name, c.bytes])).toEqual([['arrival', 24], ['duration', 24], ['keyId', 12], ['classId', 12], ['size', 24]]);
    expect(layout.columns[1]!.offset - layout.columns[0]!.offset).toBe(24);
    expect(layout.columns[3]!.offset - layout.columns[2]!.offset).toBe(16);
    expect(layout.total).toBe(bytes.length);
    expect(parseCacheHeader(bytes.subarray(16, 16 + (headerLength as number)), 'b'.repeat(64))).toMatch(/another file/);
    expect(parseCacheHeader(new TextEncoder().encode('{"sha256":"x"'), FILE)).toMatch(/not valid JSON/);
    expect(cacheHeaderLength(new Uint8Array(16))).toMatch(/bad magic/);
    expect(cacheHeaderLength(bytes.subarray(0, 10))).toMatch(/shorter/);
    const otherVersion = bytes.slice(0, 16);
    otherVersion[8] = 9;
    expect(cacheHeaderLength(otherVersion)).toMatch(/version 9, this hsim reads version 2/);
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
      writeTraceCacheFile(file, trace, SHA, FILE, chunkBytes === undefined ? {} : { chunkBytes });
      expect(Buffer.from(readFileSync(file)).equals(Buffer.from(encodeTraceCache(trace, SHA, FILE)))).toBe(true);
    }
  });

  it('continues after short writes (a writer that takes at most 3 bytes per call)', () => {
    const file = join(dir, 'short.trace');
    const offered: number[] = [];
    const write = (fd: number, bytes: Uint8Array): number => {
      offered.push(bytes.length);
      return writeSync(fd, bytes.subarray(0, 3));
    };
    writeTraceCacheFile(file, trace, SHA, FILE, { chunkBytes: 7, write });
    const expected = encodeTraceCache(trace, SHA, FILE);
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(expected))).toBe(true);
    expect(Math.max(...offered)).toBe(7); // no call is offered more than the chunk size
    expect(offered.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 3));
  });

  it('fails on a write that makes no progress, leaving no temporary file and the old target untouched', () => {
    const sub = join(dir, 'stuck');
    const file = join(sub, 'x.trace');
    writeTraceCacheFile(file, trace, SHA, FILE);
    const before = readFileSync(file);
    expect(() => writeTraceCacheFile(file, trace, SHA, FILE, { write: () => 0 })).toThrow(/write returned 0/);
    expect(readdirSync(sub)).toEqual(['x.trace']);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('readTraceCacheFile', () => {
  const file = join(dir, 'read.trace');
  writeFileSync(file, encodeTraceCache(trace, SHA, FILE));

  it('reads every column back, in reads of 5 bytes or whole, each column on its own SharedArrayBuffer', () => {
    for (const chunkBytes of [5, undefined]) {
      const read = readTraceCacheFile(file, FILE, chunkBytes === undefined ? {} : { chunkBytes });
      if (typeof read === 'string') throw new Error(read);
      const back = read.trace;
      expect(read.sha256).toBe(SHA);
      expect(columnsOf(back)).toEqual(columnsOf(trace));
      expect(back.arrival.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(back.arrival.buffer).not.toBe(back.duration.buffer);
    }
  });

  it('refuses a truncated (half-written) file, a flipped bit, another file, an id out of range, and says which', () => {
    const good = readFileSync(file);
    const cut = join(dir, 'cut.trace');
    writeFileSync(cut, good);
    truncateSync(cut, good.length - 9);
    expect(readTraceCacheFile(cut, FILE, { chunkBytes: 5 })).toMatch(new RegExp(`${good.length - 9} bytes where its header implies ${good.length}.*half-written`));
    const flipped = join(dir, 'flipped.trace');
    const bad = Buffer.from(good);
    bad[good.length - 24]! ^= 1;
    writeFileSync(flipped, bad);
    expect(readTraceCacheFile(flipped, FILE, { chunkBytes: 5 })).toMatch(/payload hash mismatch/);
    expect(readTraceCacheFile(file, 'b'.repeat(64))).toMatch(/another file/);
    writeFileSync(join(dir, 'tiny.trace'), 'HSIM');
    expect(readTraceCacheFile(join(dir, 'tiny.trace'), FILE)).toMatch(/shorter \(4 bytes\)/);
    const outOfRange = join(dir, 'range.trace');
    writeFileSync(outOfRange, encodeTraceCache({ ...trace, keyId: Int32Array.from([0, 5, 0]) }, SHA, FILE));
    expect(readTraceCacheFile(outOfRange, FILE, { chunkBytes: 5 })).toBe('column keyId row 1: key id 5 is outside the 2 keys');
  });

  it('throws the file system error for a missing file', () => {
    expect(existsSync(join(dir, 'none.trace'))).toBe(false);
    expect(() => readTraceCacheFile(join(dir, 'none.trace'), FILE)).toThrow(/ENOENT/);
  });
});
