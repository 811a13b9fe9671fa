// A conversion's output against traces/trace-io.ts writeTrace of the same rows: byte-identical CSV and meta.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../src/rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { metaPathFor, writeTrace } from '../traces/trace-io.ts';
import type { TraceMetaInput } from '../traces/trace-meta.ts';
import { convertFile, outputPaths } from './convert-file.ts';
import { resolveConverterSpec } from './convert-options.ts';
import { quoteCsvField as csvField } from '../traces/trace-csv.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEYS = ['a', 'b/c', 'with,comma', 'say "hi"', 'ünï', 'x'.repeat(256)];
const CLASSES = ['', 'short', 'long,one', '"q"'];

function randomRows(rng: Rng, n: number, sorted: boolean): TraceRow[] {
  const rows: TraceRow[] = [];
  let t = -5;
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    // Mix integers, fractions, huge and tiny values, negative arrivals and ties.
    const a = r < 0.2 ? Math.floor(rng.next() * 1e6) : r < 0.25 ? -Math.floor(rng.next() * 2 ** (1 + 52 * rng.next())) : r < 0.3 ? -rng.next() * 100 : r < 0.4 ? rng.next() * 1e22 : r < 0.5 ? 1e-9 * rng.next() : rng.next() * 1e4;
    t = sorted ? t + (r < 0.2 ? 0 : rng.next() * 10) : a;
    rows.push({
      arrival_ms: t,
      duration_ms: r < 0.1 ? [0, 1e8, 99999999, 1e16, 2 ** 53 - 1, 2 ** 53, 1e21][Math.floor(rng.next() * 7)]! : rng.next() < 0.5 ? Math.floor(rng.next() * 2 ** (52 * rng.next())) : rng.next() * 1e3,
      key: KEYS[Math.floor(rng.next() * KEYS.length)]!,
      class: CLASSES[Math.floor(rng.next() * CLASSES.length)]!,
      size_bytes: rng.next() < 0.2 ? Number.NaN : Math.floor(rng.next() * 2 ** 40),
    });
  }
  return rows;
}

describe('convertFile output', () => {
  it.each([
    ['sorted input (streamed)', true, '.csv'],
    ['unsorted input (held and sorted)', false, '.csv'],
    ['unsorted input, gzip output', false, '.csv.gz'],
  ])('convert csv on %s gives the bytes and meta of writeTrace', async (_name, sorted, ext) => {
    const rng = createRng(`writer-${String(sorted)}-${ext}`);
    const rows = randomRows(rng, 3000, sorted);
    const text =
      'when,took,who,kind,bytes\n' +
      rows.map((r) => [String(r.arrival_ms), String(r.duration_ms), csvField(r.key), csvField(r.class!), Number.isNaN(r.size_bytes!) ? '' : String(r.size_bytes)].join(',')).join('\n') +
      '\n';
    const input = join(dir, `in-${String(sorted)}${ext}.csv`);
    writeFileSync(input, text);
    const ours = join(dir, `ours-${String(sorted)}${ext}`.replace(/\.csv(\.gz)?$/, '') + ext);
    const spec = resolveConverterSpec('csv', { arrival: 'when', duration: 'took', key: 'who', class: 'kind', size: 'bytes' });
    const r = await convertFile({ input, output: ours, spec, strict: false });
    expect(r.passes).toBe(sorted ? 1 : 2);
    expect(r.rows).toEqual({ read: 3000, kept: 3000, rejected: 0, rejected_by_reason: {} });
    const theirs = join(dir, `theirs-${String(sorted)}${ext}`);
    const input2: TraceMetaInput = { source: r.meta!.source, converter: r.meta!.converter, rows: r.meta!.rows };
    const meta = await writeTrace(theirs, traceFromRows(rows, true, true), input2);
    const bytes = (p: string): Buffer => (p.endsWith('.gz') ? gunzipSync(readFileSync(p)) : readFileSync(p));
    expect(bytes(ours).equals(bytes(theirs))).toBe(true);
    if (ext === '.csv') expect(readFileSync(outputPaths(ours).meta, 'utf8')).toBe(readFileSync(metaPathFor(theirs), 'utf8'));
    // Conversions write .csv.gz at level 1 (CONVERT_GZIP_LEVEL) and say so; the CSV bytes are the same.
    expect(r.meta).toEqual(ext === '.csv.gz' ? { ...meta, gzip_level: 1 } : meta);
  });
});
