// Fuzz (seeded): a snapshot with flipped or missing bytes is refused with a located InputError, never half-loaded.
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { mutateBytes } from '../rng/fuzz-mutate.ts';
import { createRng, lognormal } from '../rng/seeded.ts';
import { Predictor } from './predictor.ts';
import { decodePredictorSnapshot, encodePredictorSnapshot } from './snapshot.ts';

// `HSIM_FUZZ_SCALE` multiplies the runs: bench/fuzz-bench.ts runs these same fuzzers longer.
const RUNS = 400 * Number(process.env.HSIM_FUZZ_SCALE ?? '1');

describe('snapshot fuzz (seeded)', () => {
  it(`${RUNS} mutated snapshots: each decodes to the same state as a checksum-valid file would, or is refused naming the source`, () => {
    const rng = createRng(1703).fork('snapshot');
    const p = new Predictor();
    for (let i = 0; i < 3000; i++) {
      p.setClock(i * 100);
      p.observe(`k${i % 40}`, lognormal(rng, 50 * (1 + (i % 5)), 0.6));
    }
    const good = encodePredictorSnapshot(p);
    let refused = 0;
    for (let i = 0; i < RUNS; i++) {
      const bytes = mutateBytes(rng, good);
      try {
        const back = decodePredictorSnapshot(bytes, 'fuzz.snap');
        // A flip the checksum cannot see must not exist: whatever decodes re-encodes to the very same bytes.
        expect(Buffer.from(encodePredictorSnapshot(back)).equals(Buffer.from(bytes))).toBe(true);
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        expect(err.message.startsWith('fuzz.snap'), err.message).toBe(true);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(RUNS * 0.9);
  });
});
