// End-to-end conversion tests on fixtures and bad input: every row accounted, atomic outputs, clear errors.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { hasShared, sharedFile } from '../src/io/shared-io.ts';
import { readTrace } from '../traces/trace-io.ts';
import { convertFile, outputPaths } from './convert-file.ts';
import { resolveConverterSpec, type ConvertFlags } from './convert-options.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string): string => join(import.meta.dirname, 'fixtures', name);
let seq = 0;

async function convert(format: string, input: string, flags: ConvertFlags = {}, opts: { gz?: boolean; strict?: boolean; check?: boolean } = {}) {
  const out = join(dir, `out${++seq}`, `t.csv${opts.gz === true ? '.gz' : ''}`);
  const r = await convertFile({ input, output: opts.check === true ? null : out, spec: resolveConverterSpec(format, flags), strict: opts.strict === true });
  return { ...r, out };
}

function write(name: string, content: string | Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

async function inputError(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(InputError);
  return (err as InputError).message;
}

function rejects(out: string): { line: number; reason: string }[] {
  return readFileSync(outputPaths(out).rejects, 'utf8').trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { line: number; reason: string });
}

describe('huawei2025 (fixture in the documented per-request layout)', () => {
  it('converts: arrival = (time_frontend − totalCost_frontend)·1000, duration = totalCost_worker·1000, key funcName, size', async () => {
    const r = await convert('huawei2025', fixture('huawei2025-r1-sample.csv'));
    // Hand-computed from the fixture: rows 8, 1, 3, 2 in arrival order; rows 4–7 rejected.
    expect(readFileSync(r.out, 'utf8')).toBe(
      'arrival_ms,duration_ms,key,size_bytes\n' +
        '2592000000,1000,42,2048\n' +
        '2592000250,125,17,512\n' +
        '2592000375,62.5,17,\n' +
        '2592000500,500,42,1024\n',
    );
    expect(r.rows).toEqual({ read: 8, kept: 4, rejected: 4, rejected_by_reason: { field_count: 1, missing_value: 1, negative_duration: 1, not_numeric: 1 } });
    expect(r.passes).toBe(2);
    expect(rejects(r.out)).toMatchObject([
      { line: 5, reason: 'negative_duration' },
      { line: 6, reason: 'missing_value' },
      { line: 7, reason: 'field_count' },
      { line: 8, reason: 'not_numeric' },
    ]);
    const meta = JSON.parse(readFileSync(outputPaths(r.out).meta, 'utf8'));
    expect(meta).toMatchObject({ keys: 2, columns: ['arrival_ms', 'duration_ms', 'key', 'size_bytes'], arrival_span_ms: { first: 2592000000, last: 2592000500 } });
  });
  it('--key-mode user-func keys by userID---funcName', async () => {
    const r = await convert('huawei2025', fixture('huawei2025-r1-sample.csv'), { keyMode: 'user-func' });
    const keys = readFileSync(r.out, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[2]);
    expect(keys).toEqual(['7---42', '5---17', '9---17', '5---42']);
  });
  it('needs the documented columns', async () => {
    const p = write('hw-bad.csv', 'time_frontend,funcName\n1,2\n');
    expect(await inputError(convert('huawei2025', p))).toMatch(/hw-bad\.csv:1: .*lacks column\(s\) totalCost_frontend, totalCost_worker, requestBodySize/);
  });
});

describe('swf presets (das2 fixture in SWF layout)', () => {
  it('das2-fs2: key user/executable, keeps run time > 0 (parallel jobs too), header into meta', async () => {
    const r = await convert('swf', fixture('das2-fs2-sample.swf'), { preset: 'das2-fs2' });
    expect(readFileSync(r.out, 'utf8')).toBe('arrival_ms,duration_ms,key\n0,100000,3/7\n20000,50500,4/2\n30000,7000,3/8\n');
    expect(r.rows).toEqual({ read: 8, kept: 3, rejected: 5, rejected_by_reason: { field_count: 1, not_numeric: 1, run_time_not_positive: 2, submit_time_missing: 1 } });
    expect(r.passes).toBe(1);
    expect(r.meta?.header).toMatchObject({ UnixStartTime: '1044053883', MaxJobs: '8', Version: '2.2' });
    expect(r.meta?.header?.Note).toContain('\n');
  });
  it('lpc-egee: keeps only single-processor jobs with positive run time', async () => {
    const r = await convert('swf', fixture('das2-fs2-sample.swf'), { preset: 'lpc-egee' });
    expect(readFileSync(r.out, 'utf8')).toBe('arrival_ms,duration_ms,key\n20000,50500,4/0\n');
    expect(r.rows.rejected_by_reason).toMatchObject({ procs_not_1: 2, run_time_not_positive: 2 });
  });
  it('keys ids of any size and form as their number text (cached pairs and the rest alike)', async () => {
    const job = (n: number, user: string, queue: string) => `${n} ${n} 0 5 1 -1 -1 1 -1 -1 1 ${user} 1 -1 ${queue} 1 -1 -1`;
    const p = write('keys.swf', [job(1, '3', '2'), job(2, '3', '2'), job(3, '40000', '1'), job(4, '3', '70000'), job(5, '2.5', '1'), job(6, '-1', '-1'), job(7, '3', '2'), job(8, '1e3', '02')].join('\n'));
    const r = await convert('swf', p);
    const keys = readFileSync(r.out, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[2]);
    expect(keys).toEqual(['3/2', '3/2', '40000/1', '3/70000', '2.5/1', '-1/-1', '3/2', '1000/2']);
  });
  it('field flags override the preset (key, class)', async () => {
    const r = await convert('swf', fixture('das2-fs2-sample.swf'), { key: '12', class: '11' });
    expect(readFileSync(r.out, 'utf8').split('\n')[1]).toBe('0,100000,3,1');
  });
});

describe.skipIf(!hasShared())('azure2021 head (shared/traces-raw/azure-functions-2021/Azure2021_200.csv)', () => {
  const input = sharedFile('traces-raw', 'azure-functions-2021', 'Azure2021_200.csv');
  it('converts all 199 rows with arrival = (end − duration)·1000', async () => {
    const r = await convert('azure2021', input!, {}, { gz: true });
    // PROVENANCE.md: 199 invocations, 31 (app,func) pairs.
    expect(r.rows).toEqual({ read: 199, kept: 199, rejected: 0, rejected_by_reason: {} });
    expect(r.meta?.keys).toBe(31);
    const lines = readFileSync(input!, 'utf8').split('\n').slice(1);
    const expected = lines.map((l, i) => {
      const [app, func, end, dur] = l.split(',');
      return { a: (Number(end) - Number(dur)) * 1000, d: Number(dur) * 1000, k: `${app}/${func}`, i };
    });
    expected.sort((x, y) => x.a - y.a || x.i - y.i);
    const got = await readTrace(r.out, { cache: false });
    expect(got.trace.n).toBe(199);
    expect(got.sha256).toBe(r.meta?.sha256);
    expect(Array.from(got.trace.arrival)).toEqual(expected.map((e) => e.a));
    expect(Array.from(got.trace.duration)).toEqual(expected.map((e) => e.d));
    expect(Array.from(got.trace.keyId, (k) => got.trace.keys[k])).toEqual(expected.map((e) => e.k));
    // First data row of the file: (0.07949090003967285 − 0.078)·1000 in float64.
    expect(expected.find((e) => e.i === 0)?.a).toBe(1.4909000396728516);
  });
  it('refuses a file whose header is not exactly app,func,end_timestamp,duration', async () => {
    const text = readFileSync(input!, 'utf8');
    const noHeader = write('az-noheader.csv', text.split('\n').slice(1).join('\n'));
    expect(await inputError(convert('azure2021', noHeader))).toMatch(/az-noheader\.csv:1: header is ".*"; expected exactly "app,func,end_timestamp,duration"/);
    const wrong = write('az-wrong.csv', text.replace('end_timestamp', 'end'));
    expect(await inputError(convert('azure2021', wrong))).toMatch(/az-wrong\.csv:1:/);
  });
});

describe('bad input', () => {
  const azureHeader = 'app,func,end_timestamp,duration\n';
  it('counts ragged lines, non-numeric fields and negative durations as rejects with line numbers', async () => {
    // Line 2 is good; lines 3–8: ragged, non-numeric, negative duration, bad quote, ragged, empty key parts.
    const p = write('az-bad.csv', azureHeader + 'a,f,10,1\na,f,11\na,f,x,1\na,f,12,-1\n"a,f,1,1\na,f,13,1,9\n,,14,1\n');
    const r = await convert('azure2021', p);
    expect(r.rows).toEqual({ read: 7, kept: 1, rejected: 6, rejected_by_reason: { bad_quote: 1, empty_key: 1, field_count: 2, negative_duration: 1, not_numeric: 1 } });
    const rj = rejects(r.out);
    expect(rj.map((x) => x.line)).toEqual([3, 4, 5, 6, 7, 8]);
    // Malformed lines keep their text; a well-formed line refused by a rule (negative duration) does not.
    expect(rj[0]).toEqual({ line: 3, reason: 'field_count', text: 'a,f,11' });
    expect(rj[2]).toEqual({ line: 5, reason: 'negative_duration' });
  });
  it('an empty file is a clear error, and nothing is written', async () => {
    const p = write('empty.csv', '');
    const r = convert('azure2021', p);
    expect(await inputError(r)).toMatch(/empty\.csv: is empty/);
    const s = write('empty.swf', '; Version: 2.2\n');
    expect(await inputError(convert('swf', s))).toMatch(/empty\.swf: holds no data rows/);
  });
  it('a truncated gzip is exit-2 input error naming file and line, and leaves nothing behind', async () => {
    const text = 'arrival_ms,duration_ms,key\n' + Array.from({ length: 20000 }, (_, i) => `${i},${i % 7},k${i % 13}`).join('\n') + '\n';
    const gz = gzipSync(text);
    const p = write('trunc.csv.gz', gz.subarray(0, Math.floor(gz.length / 2)));
    const out = join(dir, 'trunc-out', 'x.csv');
    const msg = await inputError(convertFile({ input: p, output: out, spec: resolveConverterSpec('csv', { arrival: 'arrival_ms', duration: 'duration_ms', key: 'key' }), strict: false }));
    expect(msg).toMatch(/trunc\.csv\.gz:\d+: gzip data is truncated or corrupt/);
    expect(readdirSync(join(dir, 'trunc-out'))).toEqual([]);
  });
  it('a .gz name without gzip content is refused', async () => {
    const p = write('plain.swf.gz', '1 0 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n');
    expect(await inputError(convert('swf', p))).toMatch(/plain\.swf\.gz: the name ends in \.gz but the content is not gzip/);
  });
  it('binary garbage: a clear header error for CSV formats, counted rejects for SWF', async () => {
    const junk = new Uint8Array(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 131 + 7) & 0xff;
    const p = write('junk.bin', junk);
    expect(await inputError(convert('azure2021', p))).toMatch(/junk\.bin:1: /);
    const c = await convert('swf', p, {}, { check: true });
    expect(c.rows.read).toBe(c.rows.rejected);
    expect(c.rows.kept).toBe(0);
    expect(await inputError(convert('swf', p))).toMatch(/no row kept/);
  });
  it('--strict turns the first reject into an error naming the line, and writes nothing', async () => {
    const out = join(dir, 'strict-out', 't.csv');
    const msg = await inputError(convertFile({ input: fixture('das2-fs2-sample.swf'), output: out, spec: resolveConverterSpec('swf', { preset: 'das2-fs2' }), strict: true }));
    expect(msg).toMatch(/das2-fs2-sample\.swf:12: row rejected \(run_time_not_positive\)/);
    expect(existsSync(out) || existsSync(outputPaths(out).meta)).toBe(false);
    expect(readdirSync(join(dir, 'strict-out'))).toEqual([]);
  });
  it('an interrupted conversion (abort signal, as on Ctrl-C) leaves nothing behind', async () => {
    const out = join(dir, 'abort-out', 't.csv');
    const ac = new AbortController();
    ac.abort();
    const msg = await inputError(convertFile({ input: fixture('das2-fs2-sample.swf'), output: out, spec: resolveConverterSpec('swf', {}), strict: false, signal: ac.signal }));
    expect(msg).toMatch(/interrupted/);
    expect(readdirSync(join(dir, 'abort-out'))).toEqual([]);
  });
  it('overlong lines are rejected without holding them', async () => {
    const p = write('long.csv', azureHeader + 'a,f,1,1\n' + 'x'.repeat(3 << 20) + '\na,f,2,1');
    const r = await convert('azure2021', p, {}, { check: true });
    expect(r.rows).toEqual({ read: 3, kept: 2, rejected: 1, rejected_by_reason: { line_too_long: 1 } });
  });
  it('an overlong SWF comment or header line is not a row; an overlong job line is line_too_long', async () => {
    const job = '1 0 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n';
    const p = write('long-comment.swf', `; Version: 2.2\n  ; Note: ${'x'.repeat(3 << 20)}\n${job}${'9'.repeat(2 << 20)}\n${job}`);
    const r = await convert('swf', p, {}, { check: true });
    expect(r.rows).toEqual({ read: 3, kept: 2, rejected: 1, rejected_by_reason: { line_too_long: 1 } });
  });
  it('an overlong CSV header is a clear error naming the line, not a row', async () => {
    const p = write('long-header.csv', `${'h'.repeat(2 << 20)}\na,f,1,1\n`);
    expect(await inputError(convert('azure2021', p, {}, { check: true }))).toMatch(/long-header\.csv:1: the header line is over 1048576 bytes/);
  });
  it('--check counts exactly what a conversion writes', async () => {
    const a = await convert('huawei2025', fixture('huawei2025-r1-sample.csv'), {}, { check: true });
    const b = await convert('huawei2025', fixture('huawei2025-r1-sample.csv'));
    expect(a.rows).toEqual(b.rows);
    expect(a.meta).toBeNull();
  });
});

describe('values that overflow: rejected with a reason, never written', () => {
  const hwHeader = 'time_worker,time_frontend,requestID,clusterName,funcName,podID,userID,totalCost_worker,workerCost,runtimeCost,totalCost_frontend,frontendCost,busCost,readBodyCost,writeRspCost,cpu_usage,memory_usage,requestBodySize\n';
  const hwRow = (front: string, worker: string) => `0,${front},r,3,17,p,5,${worker},0,0,0.25,0,0,0,0,0,0,512\n`;
  const csvFlags = { arrival: 'a', duration: 'd', key: 'k' };
  // Each input: one good row (line 2) then a time finite in seconds but Infinity in ms (1e308·1000), then a
  // literal beyond the double range (1e400, parsed as Infinity): time_overflow and not_numeric.
  const cases: [string, string, ConvertFlags][] = [
    ['swf', '1 0 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n2 1 0 1e308 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n3 1e400 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n', {}],
    ['azure2021', 'app,func,end_timestamp,duration\na,f,2,1\na,f,1e308,0\na,f,1e400,0\n', {}],
    ['huawei2025', hwHeader + hwRow('2.5', '0.5') + hwRow('1e308', '0.5') + hwRow('2.5', '1e400'), {}],
    ['csv', 'a,d,k\n1,2,x\n1,1e308,x\n1e400,1,x\n', { ...csvFlags, arrivalUnit: 's', durationUnit: 's' }],
  ];
  for (const [format, text, flags] of cases) {
    it(`${format}: 1e308 s is time_overflow, 1e400 is not_numeric; the trace holds only the good row`, async () => {
      const r = await convert(format, write(`overflow.${format}`, text), flags);
      expect(r.rows).toEqual({ read: 3, kept: 1, rejected: 2, rejected_by_reason: { not_numeric: 1, time_overflow: 1 } });
      expect(rejects(r.out).map((x) => [x.line, x.reason])).toEqual([
        [2 + (format === 'swf' ? 0 : 1), 'time_overflow'],
        [3 + (format === 'swf' ? 0 : 1), 'not_numeric'],
      ]);
      expect(readFileSync(r.out, 'utf8')).not.toMatch(/Infinity/);
    });
  }
  it('csv: end − minus that overflows (1e308 − (−1e308) ms) is time_overflow too', async () => {
    const p = write('overflow-minus.csv', 'e,m,d,k\n1e308,-1e308,1,x\n5,1,1,x\n');
    const r = await convert('csv', p, { end: 'e', endMinus: 'm', duration: 'd', key: 'k' }, { check: true });
    expect(r.rows).toEqual({ read: 2, kept: 1, rejected: 1, rejected_by_reason: { time_overflow: 1 } });
  });
});
