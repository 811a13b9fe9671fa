// Tests of the one trace writer: bytes equal to the pure formatter, the meta it counts, atomic commit, failures.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { createRng } from '../src/rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { formatTraceCsv } from './trace-csv.ts';
import type { TraceMetaInput } from './trace-meta.ts';
import { RowEncoder } from './row-encoder.ts';
import { metaPathFor, TraceWriter } from './trace-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const META: TraceMetaInput = {
  source: { format: 'test', file: null, sha256: null },
  converter: { name: 'test', version: '0', options: {} },
  rows: { read: 3, kept: 3, rejected: 0, rejected_by_reason: {} },
};

/** Sorted rows mixing integers (the writer's digit path), fractions, huge values, quoted keys and missing sizes. */
function rows(n: number): TraceRow[] {
  const rng = createRng('trace-writer');
  const keys = ['a', 'with,comma', 'say "hi"', 'ünï'];
  const out: TraceRow[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += rng.next() < 0.3 ? 0 : rng.next() < 0.5 ? Math.floor(rng.next() * 1e9) : rng.next() * 10;
    out.push({ arrival_ms: t, duration_ms: rng.next() < 0.5 ? Math.floor(rng.next() * 2 ** 53) : rng.next() * 1e21, key: keys[i % 4]!, class: i % 3 === 0 ? 'x,y' : 'z', size_bytes: i % 5 === 0 ? Number.NaN : i });
  }
  return out;
}

async function write(target: string, rs: TraceRow[], level?: number): Promise<ReturnType<TraceWriter['commit']>> {
  const w = new TraceWriter(target, { size: true, class: true }, level === undefined ? {} : { gzipLevel: level });
  for (const r of rs) {
    w.write(r.arrival_ms, r.duration_ms, r.key, r.class!, r.size_bytes!);
    if (w.wantsFlush) await w.flush();
  }
  return w.commit(META);
}

describe('TraceWriter', () => {
  const rs = rows(50000);
  const text = formatTraceCsv(traceFromRows(rs, true, true));

  it('writes the bytes of the pure formatter, plain and gzip, and counts keys, classes and span', async () => {
    const meta = await write(join(dir, 'a.csv'), rs);
    expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe(text);
    const gz = await write(join(dir, 'b.csv.gz'), rs);
    expect(gunzipSync(readFileSync(join(dir, 'b.csv.gz'))).toString('utf8')).toBe(text);
    expect(gz.sha256).toBe(meta.sha256);
    expect(meta).toMatchObject({ keys: 4, classes: 2, columns: ['arrival_ms', 'duration_ms', 'key', 'size_bytes', 'class'], arrival_span_ms: { first: rs[0]!.arrival_ms, last: rs[rs.length - 1]!.arrival_ms } });
    expect(meta.gzip_level).toBeUndefined();
    expect(JSON.parse(readFileSync(metaPathFor(join(dir, 'a.csv')), 'utf8'))).toEqual(meta);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps every byte of a row whose key ends just before the buffer does (the caller not flushing)', async () => {
    // After the 45-byte header, rows "0,1,<18788-byte key>,5,c\n" (18797 bytes) in a fresh 1 MiB + 4 KiB buffer:
    // the 56th starts 18792 bytes before its end, so its key fits and ",5,c\n" does not (a typed array drops writes
    // past its end without a word).
    const long: TraceRow[] = [];
    for (let i = 0; i < 60; i++) long.push({ arrival_ms: 0, duration_ms: 1, key: `k${'x'.repeat(18787)}`, class: 'c', size_bytes: 5 });
    const w = new TraceWriter(join(dir, 'long.csv'), { size: true, class: true });
    for (const r of long) w.write(r.arrival_ms, r.duration_ms, r.key, r.class!, r.size_bytes!);
    await w.commit(META);
    expect(readFileSync(join(dir, 'long.csv'), 'utf8')).toBe(formatTraceCsv(traceFromRows(long, true, true)));
  });

  it('writes numbers with up to three decimals digit by digit exactly as String(x) (differential, 40000 values)', async () => {
    const rng = createRng('trace-writer-milli');
    const ms: TraceRow[] = [];
    let t = 0;
    for (let i = 0; i < 20000; i++) {
      // Whole microseconds at every magnitude up to and past 2^43, where the digit path must hand over to String.
      const scale = 10 ** Math.floor(rng.next() * 16);
      t += Math.round(rng.next() * scale) / 1000;
      const d = (rng.next() < 0.5 ? -1 : 1) * (Math.round(rng.next() * scale * 1000) / 1000 + [0, 0.001, 0.999, 0.5, 0.1][i % 5]!);
      ms.push({ arrival_ms: t, duration_ms: d, key: 'k', class: '', size_bytes: Number.NaN });
    }
    await write(join(dir, 'milli.csv'), ms);
    expect(readFileSync(join(dir, 'milli.csv'), 'utf8')).toBe(formatTraceCsv(traceFromRows(ms, true, true)));
  });

  it('writes the same bytes when the times are copied from their String text (writeCopied)', async () => {
    const rows: TraceRow[] = [0, 0.5, 1.125, 2, 1e6 + 0.001, 123456789012.5].map((t, i) => ({ arrival_ms: t, duration_ms: [3, 0.25, 0, 7.5, 1e9, 0.001][i]!, key: i % 2 === 0 ? 'a,b' : 'k', class: 'c', size_bytes: i === 2 ? Number.NaN : i }));
    const cols = { size: true, class: true };
    const plain = new TraceWriter(join(dir, 'formatted.csv'), cols);
    const copied = new TraceWriter(join(dir, 'copied.csv'), cols);
    const r = new Int32Array(4);
    for (const row of rows) {
      plain.write(row.arrival_ms, row.duration_ms, row.key, row.class ?? '', row.size_bytes ?? Number.NaN);
      // The times' texts at the start of a source line, as a converter finds them.
      const src = Buffer.from(`${row.arrival_ms},${row.duration_ms},rest`);
      r.set([0, String(row.arrival_ms).length, String(row.arrival_ms).length + 1, String(row.arrival_ms).length + 1 + String(row.duration_ms).length]);
      copied.writeCopied(row.arrival_ms, row.key, row.class ?? '', row.size_bytes ?? Number.NaN, src, r);
    }
    const a = await plain.commit(META);
    const b = await copied.commit(META);
    expect(readFileSync(join(dir, 'copied.csv'), 'utf8')).toBe(readFileSync(join(dir, 'formatted.csv'), 'utf8'));
    expect(b.sha256).toBe(a.sha256);
    expect(b.arrival_span_ms).toEqual({ first: 0, last: 123456789012.5 });
    // A wrong range shows: the test would fail if writeCopied formatted instead of copying.
    const wrong = new TraceWriter(join(dir, 'wrong.csv'), { size: false, class: false });
    wrong.writeCopied(5, 'k', '', Number.NaN, Buffer.from('6,7'), Int32Array.of(0, 1, 2, 3));
    await wrong.commit(META);
    expect(readFileSync(join(dir, 'wrong.csv'), 'utf8')).toBe('arrival_ms,duration_ms,key\n6,7,k\n');
  });

  it('hashes a trace over one buffer on a thread to the SHA-256 of its bytes, plain and gzip', async () => {
    for (const name of ['big.csv', 'big.csv.gz']) {
      const w = new TraceWriter(join(dir, name), { size: false, class: false });
      for (let i = 0; i < 300_000; i++) {
        w.write(i, i % 97, `key${i % 13}`, '', Number.NaN);
        if (w.wantsFlush) await w.flush();
      }
      const meta = await w.commit(META);
      const bytes = readFileSync(join(dir, name));
      const csv = name.endsWith('.gz') ? gunzipSync(bytes) : bytes;
      expect(csv.length).toBeGreaterThan(3 << 20);
      expect(meta.sha256, name).toBe(createHash('sha256').update(csv).digest('hex'));
    }
  });

  it('records a gzip level other than the default in the meta, with the same CSV bytes', async () => {
    const meta = await write(join(dir, 'fast.csv.gz'), rs, 1);
    expect(meta.gzip_level).toBe(1);
    expect(gunzipSync(readFileSync(join(dir, 'fast.csv.gz'))).toString('utf8')).toBe(text);
  });

  it('appends batches encoded elsewhere (RowEncoder.take) as if written here, plain and as gzip members', async () => {
    const cols = { size: true, class: true };
    // Three batches from two encoders, as two conversion threads would make them (the second meets 'a' again).
    const encA = new RowEncoder(cols, true);
    const encB = new RowEncoder(cols, true);
    const cut = [0, 20000, 35000, rs.length];
    const batches = [encA, encB, encA].map((enc, b) => {
      for (const r of rs.slice(cut[b], cut[b + 1])) enc.write(r.arrival_ms, r.duration_ms, r.key, r.class!, r.size_bytes!);
      return enc.take();
    });
    const whole = await write(join(dir, 'whole.csv'), rs);
    for (const ext of ['.csv', '.csv.gz']) {
      const target = join(dir, `appended${ext}`);
      const w = new TraceWriter(target, cols, { gzipLevel: 1, gzipMembers: true });
      for (const b of batches) await w.append(b, ext === '.csv' ? null : gzipSync(b.bytes, { level: 1 }));
      const meta = await w.commit(META);
      const bytes = readFileSync(target);
      expect((ext === '.csv' ? bytes : gunzipSync(bytes)).toString('utf8')).toBe(text);
      // The header line's member, then one a batch.
      expect(meta).toEqual(ext === '.csv' ? whole : { ...whole, gzip_level: 1, gzip_members: 4 });
    }
  });

  it('refuses a batch without its gzip member for a gzip-members trace, and counts a batch that goes back in time', async () => {
    const enc = new RowEncoder({ size: false, class: false });
    enc.write(5, 1, 'k', '', Number.NaN);
    const batch = enc.take();
    const w = new TraceWriter(join(dir, 'members.csv.gz'), { size: false, class: false }, { gzipMembers: true });
    await expect(w.append(batch, null)).rejects.toThrow(/member/);
    w.abort();
    const plain = new TraceWriter(join(dir, 'back.csv'), { size: false, class: false });
    plain.write(9, 1, 'k', '', Number.NaN);
    expect(plain.accepts(batch.first)).toBe(false);
    await plain.append(batch, null);
    expect(plain.disordered).toBe(true);
    plain.abort();
  });

  it('reports a row out of arrival order and removes its temporary file on abort', () => {
    const w = new TraceWriter(join(dir, 'abort.csv'), { size: false, class: false });
    w.write(5, 1, 'k', '', Number.NaN);
    expect(w.accepts(5)).toBe(true);
    expect(w.accepts(4.999)).toBe(false);
    w.abort();
    expect(existsSync(w.tmpPath)).toBe(false);
  });

  it('leaves nothing behind when the commit fails, and names the path', async () => {
    // The sidecar path is an existing folder, so its rename fails after the trace was complete.
    mkdirSync(join(dir, 'fail.meta.json'));
    const err = await write(join(dir, 'fail.csv'), rs.slice(0, 3)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toContain('fail.meta.json: cannot be written');
    expect(existsSync(join(dir, 'fail.csv'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a target whose folder cannot be made, naming the target (exit 2)', () => {
    writeFileSync(join(dir, 'plain-file'), 'x');
    const target = join(dir, 'plain-file', 'sub', 't.csv');
    expect(() => new TraceWriter(target, { size: false, class: false })).toThrow(InputError);
    expect(() => new TraceWriter(target, { size: false, class: false })).toThrow(`${target}: cannot be written (ENOTDIR`);
  });
});
