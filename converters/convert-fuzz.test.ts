// Fuzz: mutated real lines (seeded, all four formats) never crash a converter, and every row is always accounted for.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { createRng } from '../src/rng/seeded.ts';
import { mutateText as mutate } from '../src/rng/fuzz-mutate.ts';
import { sharedFile } from '../src/io/shared-io.ts';
import { readTrace } from '../traces/trace-io.ts';
import { convertFile } from './convert-file.ts';
import { resolveConverterSpec, type ConverterSpec } from './convert-options.ts';
import { LINE_KEPT, LINE_REJECTED, LINE_SKIP } from './row-parser.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixtures = join(import.meta.dirname, 'fixtures');
// `HSIM_FUZZ_SCALE` multiplies the runs: bench/fuzz-bench.ts runs these same fuzzers longer.
const SCALE = Number(process.env.HSIM_FUZZ_SCALE ?? '1');

/** Source lines per format: real ones from shared/ when present, else the committed fixtures. */
function sourceLines(): { format: string; spec: ConverterSpec; lines: string[] }[] {
  const lpc = sharedFile('traces-raw', 'pwa-swf', 'LPC-EGEE-2004-1.2-cln.swf.gz');
  const swf = lpc !== null ? gunzipSync(readFileSync(lpc)).toString('latin1').split('\n').slice(0, 400) : readFileSync(join(fixtures, 'das2-fs2-sample.swf'), 'latin1').split('\n');
  const az = sharedFile('traces-raw', 'azure-functions-2021', 'Azure2021_200.csv');
  const azure = az !== null ? readFileSync(az, 'utf8').split('\n') : ['app,func,end_timestamp,duration', 'a,f,1.5,0.25'];
  return [
    { format: 'swf', spec: resolveConverterSpec('swf', { preset: 'lpc-egee' }), lines: swf },
    { format: 'azure2021', spec: resolveConverterSpec('azure2021', {}), lines: azure },
    { format: 'huawei2025', spec: resolveConverterSpec('huawei2025', { keyMode: 'user-func' }), lines: readFileSync(join(fixtures, 'huawei2025-r1-sample.csv'), 'utf8').split('\n') },
    { format: 'csv', spec: resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k,u', class: 'c', size: 'z', arrivalUnit: 's', durationUnit: 'us' }), lines: genericCsvLines() },
  ];
}

/**
 * Generic CSV lines (seeded): seconds and microseconds, two key columns, a class and a size, some fields quoted (with
 * commas and doubled quotes inside), some non-ASCII: both the byte path and the text path of the table parser run.
 */
function genericCsvLines(): string[] {
  const rng = createRng(4242).fork('generic-csv');
  const lines = ['t,d,k,u,c,z'];
  let t = 1.7e9;
  for (let i = 0; i < 200; i++) {
    t += rng.next() * 3;
    const key = rng.next() < 0.2 ? `"fn,${i % 9} ""q"""` : rng.next() < 0.1 ? `fü${i % 4}` : `fn${i % 13}`;
    const size = rng.next() < 0.2 ? '' : String(Math.floor(rng.next() * 1e6));
    lines.push(`${t.toFixed(6)},${Math.floor(rng.next() * 5e6)},${key},u${i % 3},${rng.next() < 0.5 ? 'cold' : '"warm"'},${size}`);
  }
  return lines;
}

describe('converter fuzz (seeded)', () => {
  const sources = sourceLines();

  it('3000 mutated lines: each is skipped, kept (valid row) or rejected with a reason; nothing else escapes', () => {
    const rng = createRng(4242).fork('lines');
    const enc = new TextEncoder();
    let kept = 0;
    let rejected = 0;
    for (let c = 0; c < 3000 * SCALE; c++) {
      const src = sources[c % sources.length]!;
      const parser = src.spec.createParser('fuzz');
      const header = enc.encode(src.lines[0]!);
      if (src.format !== 'swf') parser.parse(header, 0, header.length, 1);
      const body = src.lines.filter((l, i) => i > 0 && l.trim() !== '' && !l.startsWith(';'));
      const line = mutate(rng, body[Math.floor(rng.next() * body.length)]!);
      const b = enc.encode(line);
      const r = parser.parse(b, 0, b.length, 2);
      expect([LINE_SKIP, LINE_KEPT, LINE_REJECTED]).toContain(r);
      if (r === LINE_KEPT) {
        kept++;
        expect(Number.isFinite(parser.arrival), line).toBe(true);
        expect(parser.duration >= 0 && Number.isFinite(parser.duration), line).toBe(true);
        expect(parser.key.length).toBeGreaterThan(0);
        expect(Buffer.byteLength(parser.key)).toBeLessThanOrEqual(256);
      } else if (r === LINE_REJECTED) {
        rejected++;
        expect(parser.reason, line).toMatch(/^[a-z0-9_]+$/);
      }
    }
    // The mutations must exercise both outcomes, or the test proves nothing.
    expect(kept).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
  });

  it('120 mutated files (some gzip, some cut short): an InputError or full accounting, and a re-readable trace', async () => {
    const rng = createRng(4242).fork('files');
    let converted = 0;
    for (let c = 0; c < 120 * SCALE; c++) {
      const src = sources[c % sources.length]!;
      const start = 1 + Math.floor(rng.next() * Math.max(1, src.lines.length - 40));
      const body = src.lines.slice(start, start + 30).map((l) => (rng.next() < 0.3 ? mutate(rng, l) : l));
      let header = src.lines[0]!;
      if (rng.next() < 0.05) header = mutate(rng, header);
      let bytes: Uint8Array = Buffer.from([header, ...body].join(rng.next() < 0.2 ? '\r\n' : '\n'), 'utf8');
      const gz = rng.next() < 0.3;
      if (gz) {
        bytes = gzipSync(bytes);
        if (rng.next() < 0.3) bytes = bytes.subarray(0, Math.floor(bytes.length * rng.next()));
      }
      const input = join(dir, `f${c}.in${gz ? '.gz' : ''}`);
      writeFileSync(input, bytes);
      const outDir = join(dir, `f${c}`);
      const out = join(outDir, 't.csv');
      try {
        const r = await convertFile({ input, output: out, spec: src.spec, strict: false, sortRunRows: c % 2 === 0 ? 4 : 1 << 20 });
        const rows = r.rows;
        expect(rows.read).toBe(rows.kept + rows.rejected);
        expect(Object.values(rows.rejected_by_reason).reduce((a, b) => a + b, 0)).toBe(rows.rejected);
        const back = await readTrace(out, { cache: false });
        expect(back.trace.n).toBe(rows.kept);
        expect(back.sha256).toBe(r.meta!.sha256);
        // The trio and nothing else: no temporary file or spill folder left.
        expect(readdirSync(outDir).sort()).toEqual(['t.csv', 't.meta.json', 't.rejects.jsonl']);
        converted++;
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        expect(err.message).toContain(input);
        if (existsSync(outDir)) expect(readdirSync(outDir)).toEqual([]);
      }
    }
    expect(converted).toBeGreaterThan(30);
  });
});
