// Fuzz (seeded): mutated common-format traces are read whole or refused with file:line; never a half-read trace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { mutateText } from '../src/rng/fuzz-mutate.ts';
import { createRng } from '../src/rng/seeded.ts';
import { readTrace } from './trace-io.ts';

// `HSIM_FUZZ_SCALE` multiplies the runs: bench/fuzz-bench.ts runs these same fuzzers longer.
const RUNS = 150 * Number(process.env.HSIM_FUZZ_SCALE ?? '1');
const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trace reader fuzz (seeded)', () => {
  it(`${RUNS} mutated traces (some gzip, some with size and class columns): all rows or a located InputError`, async () => {
    const rng = createRng(1703).fork('traces');
    let read = 0;
    let refused = 0;
    for (let c = 0; c < RUNS; c++) {
      const withExtra = rng.next() < 0.5;
      const lines = [withExtra ? 'arrival_ms,duration_ms,key,size_bytes,class' : 'arrival_ms,duration_ms,key'];
      for (let i = 0; i < 20; i++) lines.push(withExtra ? `${i * 10},${i + 0.5},k${i % 3},${i * 100},c${i % 2}` : `${i * 10},${i + 0.5},k${i % 3}`);
      const mutated = lines.map((l, i) => (rng.next() < (i === 0 ? 0.05 : 0.15) ? mutateText(rng, l) : l));
      const text = mutated.join(rng.next() < 0.2 ? '\r\n' : '\n') + '\n';
      const gz = rng.next() < 0.3;
      const file = join(dir, `t${c}.csv${gz ? '.gz' : ''}`);
      writeFileSync(file, gz ? gzipSync(text) : text);
      try {
        const t = await readTrace(file, { cache: false });
        read++;
        // Read whole: one row per non-empty data line, every value finite and in order.
        expect(t.trace.n).toBe(mutated.slice(1).filter((l) => l.trim() !== '').length);
        for (let i = 0; i < t.trace.n; i++) {
          expect(Number.isFinite(t.trace.arrival[i]!) && t.trace.duration[i]! >= 0).toBe(true);
          if (i > 0) expect(t.trace.arrival[i]!).toBeGreaterThanOrEqual(t.trace.arrival[i - 1]!);
        }
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        expect(err.message).toContain(file);
        refused++;
      }
    }
    expect(read).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(RUNS / 4);
  });
});
