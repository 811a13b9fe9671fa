// Fuzz (seeded): mutated experiment and sweep files are either valid or refused with located issues; nothing throws.
import { describe, expect, it } from 'vitest';
import { mutateJson, mutateText } from '../rng/fuzz-mutate.ts';
import { createRng } from '../rng/seeded.ts';
import { parseExperiment } from './experiment-file.ts';
import { parseSweep } from './sweep-file.ts';

// `HSIM_FUZZ_SCALE` multiplies the runs: bench/fuzz-bench.ts runs these same fuzzers longer.
const RUNS = 600 * Number(process.env.HSIM_FUZZ_SCALE ?? '1');
const SHA = 'a'.repeat(64);
const experiment = {
  id: 'demo', traces: [{ path: 'traces/t1.csv.gz', sha256: SHA }], loads: [0.5, 0.8], arms: ['fifo', 'oracle+weights+pausing'],
  overrides: [{}, { 'predictor.minSamples': 5 }, { levels: 2, aging: 'off' }], windows: 7, workers: 64, repeats: 2, out: 'out/demo',
};
const sweep = { id: 's', gate: 'g.json', traces: [{ path: 't.csv', sha256: SHA }], loads: [0.8], arms: ['fifo', 'predictive'], parameters: { aging: [1000, 'off'], 'predictor.minSamples': [5, 100] }, out: 'o' };

/** Parses JSON text the way the readers do; null for text that is not JSON (their located parse error). */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

describe('config fuzz (seeded)', () => {
  for (const [name, base, parse] of [
    ['experiment', experiment, parseExperiment],
    ['sweep', sweep, parseSweep],
  ] as const) {
    it(`${RUNS} mutated ${name} files: a typed value or issues naming the file`, () => {
      const rng = createRng(1703).fork(name);
      let refused = 0;
      for (let i = 0; i < RUNS; i++) {
        const input = rng.next() < 0.8 ? mutateJson(rng, base) : jsonOrNull(mutateText(rng, JSON.stringify(base)));
        const r = (parse as (x: unknown, f: string) => { ok: boolean; issues?: readonly string[] })(input, `${name}.json`);
        if (!r.ok) {
          refused++;
          expect(r.issues!.length, JSON.stringify(input)).toBeGreaterThan(0);
          for (const issue of r.issues!) expect(issue.startsWith(`${name}.json`), issue).toBe(true);
        }
      }
      // The mutations must reach the refusals, or the test proves nothing.
      expect(refused).toBeGreaterThan(RUNS / 4);
    });
  }
});
