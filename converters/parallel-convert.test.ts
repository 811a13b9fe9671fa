// Parallel conversion against the one-thread pass: same trace, meta and rejects bytes for any thread count, same errors.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { convertFile, outputPaths, type ConvertOutcome } from './convert-file.ts';
import { resolveConverterSpec } from './convert-options.ts';
import { convertParallel } from './parallel-convert.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-parallel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let seq = 0;

const FLAGS = { arrival: 'a', duration: 'd', key: 'k', size: 'z' };
/** Ranges of 64 bytes: the inputs below span 5–10 of them, so every thread gets several. */
const TINY = { min: 0, range: 64 };

function write(content: string | Uint8Array): string {
  const p = join(dir, `in${++seq}.csv`);
  writeFileSync(p, content);
  return p;
}

/** Converts `input` on `threads` conversion threads; 0 = the one-thread pass (the reference: no input is big enough). */
async function convert(input: string, threads: number, opts: { gz?: boolean; strict?: boolean } = {}): Promise<ConvertOutcome & { files: Buffer[] }> {
  const out = join(dir, `out${++seq}`, `t.csv${opts.gz === true ? '.gz' : ''}`);
  const parallelBytes = threads === 0 ? { min: Number.POSITIVE_INFINITY, range: TINY.range } : TINY;
  const r = await convertFile({ input, output: out, spec: resolveConverterSpec('csv', FLAGS), strict: opts.strict === true, threads: Math.max(1, threads), parallelBytes });
  const p = outputPaths(out);
  return { ...r, files: [p.trace, p.meta, p.rejects].map((f) => readFileSync(f)) };
}

async function inputError(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(InputError);
  return (err as InputError).message;
}

// Blank lines and CRLF before the header, rejects of both kinds in several ranges, a quoted key (text path), equal
// arrivals across range ends, and a last line without a newline.
const SORTED =
  '\n\r\na,d,k,z\r\n' +
  '1,10,x,5\n2,20,y,\n2,5,x,7\nbad,1,x,1\n3,-1,y,2\n4.5,1.25,"q,r",3\n5,5,x,\n5,6,y,1\n' +
  '6,1,,2\n7,7,x,7\n8,8,y,8\n9,9,x,9\n9,1,z,1\n10,10,x,10\n11,1,y\n12,12,x,12\n13,13,y,13\n14,14,x,14';

describe('convertFile with threads', () => {
  it('writes the trace, meta and rejects bytes of the one-thread pass with 1, 2 and 3 threads', async () => {
    const input = write(SORTED);
    const ref = await convert(input, 0);
    const one = await convert(input, 1);
    const two = await convert(input, 2);
    const three = await convert(input, 3);
    expect([ref.threads, one.threads, two.threads, three.threads]).toEqual([0, 1, 2, 3]);
    expect(one.files).toEqual(ref.files);
    expect(two.files).toEqual(ref.files);
    expect(three.files).toEqual(ref.files);
    // Hand-counted: 18 data rows; rejected: line 7 not_numeric, 8 negative_duration, 12 empty_key, 18 field_count.
    expect(one.rows).toEqual({ read: 18, kept: 14, rejected: 4, rejected_by_reason: { not_numeric: 1, negative_duration: 1, empty_key: 1, field_count: 1 } });
    expect(one.files[2]!.toString()).toBe(
      '{"line":7,"reason":"not_numeric","text":"bad,1,x,1"}\n{"line":8,"reason":"negative_duration"}\n{"line":12,"reason":"empty_key"}\n{"line":18,"reason":"field_count","text":"11,1,y"}\n',
    );
  });

  it('writes a .csv.gz as gzip members, the same bytes for any thread count, decompressing to the one-thread pass', async () => {
    const input = write(SORTED);
    const ref = await convert(input, 0, { gz: true });
    const one = await convert(input, 1, { gz: true });
    const three = await convert(input, 3, { gz: true });
    // The header's member, then one a range: the layout depends on the input only, so the files are equal.
    expect(three.files).toEqual(one.files);
    expect((await convert(input, 2, { gz: true })).files).toEqual(one.files);
    expect(gunzipSync(one.files[0]!)).toEqual(gunzipSync(ref.files[0]!));
    const metaRef = JSON.parse(ref.files[1]!.toString()) as Record<string, unknown>;
    const meta1 = JSON.parse(one.files[1]!.toString()) as Record<string, unknown>;
    expect(meta1.gzip_members).toBeGreaterThan(2);
    delete meta1.gzip_members;
    expect(meta1).toEqual(metaRef);
    expect(one.files[2]).toEqual(ref.files[2]);
  });

  it('names the same file:line for a reject under --strict in a later range', async () => {
    // Line 14 is in the fifth 64-byte range.
    const input = write('a,d,k,z\n' + Array.from({ length: 12 }, (_, i) => `${i},1,key${i},1`).join('\n') + '\n13,1,,1\n14,1,x,1\n');
    const ref = await inputError(convert(input, 0, { strict: true }));
    expect(ref).toContain(`${input}:14`);
    expect(await inputError(convert(input, 1, { strict: true }))).toBe(ref);
    expect(await inputError(convert(input, 3, { strict: true }))).toBe(ref);
  });

  it('falls back to sorting when a later range goes back in time: same bytes as one thread', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `${i === 20 ? 3 : i},1,k${i % 3},${i}`);
    const input = write(`a,d,k,z\n${rows.join('\n')}\n`);
    const ref = await convert(input, 0);
    const three = await convert(input, 3);
    expect(three.passes).toBe(2);
    expect(three.files).toEqual(ref.files);
  });

  it('reports a header without the named columns as the one-thread pass does (file:line), writing nothing', async () => {
    const input = write(`\n\na,d,key,z\n${'1,1,x,1\n'.repeat(40)}`);
    const ref = await inputError(convert(input, 0));
    expect(ref).toContain(`${input}:3`);
    expect(await inputError(convert(input, 1))).toBe(ref);
    expect(await inputError(convert(input, 3))).toBe(ref);
  });

  it('reports no data rows as the one-thread pass does', async () => {
    const input = write(`a,d,k,z\n${'\n'.repeat(200)}`);
    expect(await inputError(convert(input, 3))).toBe(await inputError(convert(input, 0)));
  });
});

describe('convertParallel', () => {
  const job = (input: string, threads: number) => ({
    input,
    paths: outputPaths(join(dir, `job${++seq}`, 't.csv')),
    spec: resolveConverterSpec('csv', FLAGS),
    strict: false,
    gzipLevel: 1,
    threads,
    minBytes: 0,
    rangeBytes: 64,
    metaInput: () => ({ source: { format: 'csv', file: null, sha256: null }, converter: { name: 't', version: '0', options: {} }, rows: { read: 0, kept: 0, rejected: 0, rejected_by_reason: {} } }),
  });

  it('converts a plain CSV table on threads', async () => {
    const r = await convertParallel(job(write(SORTED), 2));
    expect(r?.threads).toBe(2);
    expect(r?.rows.kept).toBe(14);
  });

  it('declines (null) no thread, a gzip input, or a format that is not a CSV table; one thread converts', async () => {
    expect(await convertParallel(job(write(SORTED), 0))).toBeNull();
    expect((await convertParallel(job(write(SORTED), 1)))?.threads).toBe(1);
    expect(await convertParallel(job(write(gzipSync(SORTED)), 2))).toBeNull();
    const swf = { ...job(write('; x\n1 0 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1\n'), 2), spec: resolveConverterSpec('swf', {}) };
    expect(await convertParallel(swf)).toBeNull();
  });
});
