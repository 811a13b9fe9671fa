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

async function convert(input: string, threads: number, opts: { gz?: boolean; strict?: boolean } = {}): Promise<ConvertOutcome & { files: Buffer[] }> {
  const out = join(dir, `out${++seq}`, `t.csv${opts.gz === true ? '.gz' : ''}`);
  const r = await convertFile({ input, output: out, spec: resolveConverterSpec('csv', FLAGS), strict: opts.strict === true, threads, parallelBytes: TINY });
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
  it('writes the same trace, meta and rejects bytes with 1, 2 and 3 threads', async () => {
    const input = write(SORTED);
    const one = await convert(input, 1);
    const two = await convert(input, 2);
    const three = await convert(input, 3);
    expect(one.threads).toBe(1);
    expect(two.threads).toBe(2);
    expect(three.threads).toBe(3);
    expect(two.files).toEqual(one.files);
    expect(three.files).toEqual(one.files);
    // Hand-counted: 18 data rows; rejected: line 7 not_numeric, 8 negative_duration, 12 empty_key, 18 field_count.
    expect(one.rows).toEqual({ read: 18, kept: 14, rejected: 4, rejected_by_reason: { not_numeric: 1, negative_duration: 1, empty_key: 1, field_count: 1 } });
    expect(one.files[2]!.toString()).toBe(
      '{"line":7,"reason":"not_numeric","text":"bad,1,x,1"}\n{"line":8,"reason":"negative_duration"}\n{"line":12,"reason":"empty_key"}\n{"line":18,"reason":"field_count","text":"11,1,y"}\n',
    );
  });

  it('writes a .csv.gz as gzip members that decompress to the one-thread bytes, with the same sha256', async () => {
    const input = write(SORTED);
    const one = await convert(input, 1, { gz: true });
    const three = await convert(input, 3, { gz: true });
    expect(gunzipSync(three.files[0]!)).toEqual(gunzipSync(one.files[0]!));
    const meta1 = JSON.parse(one.files[1]!.toString()) as Record<string, unknown>;
    const meta3 = JSON.parse(three.files[1]!.toString()) as Record<string, unknown>;
    // The header's member, then one a range; the count depends on the range size only, not on the threads.
    expect(meta3.gzip_members).toBeGreaterThan(2);
    expect(meta3.gzip_members).toBe(JSON.parse((await convert(input, 2, { gz: true })).files[1]!.toString()).gzip_members);
    delete meta3.gzip_members;
    expect(meta3).toEqual(meta1);
    expect(three.files[2]).toEqual(one.files[2]);
  });

  it('names the same file:line for a reject under --strict in a later range', async () => {
    // Line 14 is in the fifth 64-byte range.
    const input = write('a,d,k,z\n' + Array.from({ length: 12 }, (_, i) => `${i},1,key${i},1`).join('\n') + '\n13,1,,1\n14,1,x,1\n');
    const one = await inputError(convert(input, 1, { strict: true }));
    const three = await inputError(convert(input, 3, { strict: true }));
    expect(one).toContain(`${input}:14`);
    expect(three).toBe(one);
  });

  it('falls back to sorting when a later range goes back in time: same bytes as one thread', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `${i === 20 ? 3 : i},1,k${i % 3},${i}`);
    const input = write(`a,d,k,z\n${rows.join('\n')}\n`);
    const one = await convert(input, 1);
    const three = await convert(input, 3);
    expect(three.passes).toBe(2);
    expect(three.files).toEqual(one.files);
  });

  it('reports a header without the named columns as the one-thread pass does (file:line), writing nothing', async () => {
    const input = write(`\n\na,d,key,z\n${'1,1,x,1\n'.repeat(40)}`);
    const one = await inputError(convert(input, 1));
    expect(one).toContain(`${input}:3`);
    expect(await inputError(convert(input, 3))).toBe(one);
  });

  it('reports no data rows as the one-thread pass does', async () => {
    const input = write(`a,d,k,z\n${'\n'.repeat(200)}`);
    expect(await inputError(convert(input, 3))).toBe(await inputError(convert(input, 1)));
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

  it('declines (null) one thread, a gzip input, or a format that is not a CSV table', async () => {
    expect(await convertParallel(job(write(SORTED), 1))).toBeNull();
    expect(await convertParallel(job(write(gzipSync(SORTED)), 2))).toBeNull();
    const swf = { ...job(write('; x\n1 0 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1\n'), 2), spec: resolveConverterSpec('swf', {}) };
    expect(await convertParallel(swf)).toBeNull();
  });
});
