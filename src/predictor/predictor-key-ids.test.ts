// Bound key ids (bindKeys, observeId, predictId): the same results as the string API, through creation, recycling and resets.
import { describe, expect, it } from 'vitest';
import { createRng, lognormal } from '../rng/seeded.ts';
import { ObserveOutcome, PredictOutcome } from './outcomes.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS, type PredictorParams } from './params.ts';
import { Predictor } from './predictor.ts';

/** Keys with a repeated string, an empty one and one over 256 bytes: those stay on the string path. */
const KEYS = [...Array.from({ length: 24 }, (_, i) => `app${i}/f${i % 3}`), 'app3/f0', '', 'x'.repeat(300)];

/**
 * Plays one seeded stream of observe, censored and predict events on two predictors, one called with strings and one
 * with ids into `keys` (rebinding to a copy of the array halfway), and expects every return value, outcome, estimate
 * (to the bit) and the final state to be equal. Returns the observe outcome counts of the string predictor.
 */
function playTwice(params: PredictorParams, seed: string, events: number): Record<string, number> {
  const rng = createRng(seed);
  const byString = new Predictor(params);
  const byId = new Predictor(params);
  let keys: readonly string[] = KEYS;
  byId.bindKeys(keys);
  let t = -2000;
  for (let n = 0; n < events; n++) {
    if (n === events >> 1) byId.bindKeys((keys = [...KEYS]));
    t += rng.next() < 0.01 ? rng.next() * 2_000_000 : rng.next() * 300;
    byString.setClock(t);
    byId.setClock(t);
    const id = Math.floor(Math.pow(rng.next(), 2) * keys.length);
    const op = rng.next();
    if (op < 0.45) {
      const d = rng.next() < 0.02 ? -1 : lognormal(rng, 1 + (id % 5) * 40, 0.7);
      expect(byId.observeId(id, d)).toBe(byString.observe(keys[id]!, d));
    } else if (op < 0.47) {
      expect(byId.observeCensored(keys[id]!)).toBe(byString.observeCensored(keys[id]!));
    } else {
      expect(byId.predictId(id)).toBe(byString.predict(keys[id]!));
      expect(byId.lastOutcome).toBe(byString.lastOutcome);
      expect(Object.is(byId.lastEstimate, byString.lastEstimate)).toBe(true);
    }
  }
  expect(byId.outcomeCounts()).toEqual(byString.outcomeCounts());
  expect(byId.observeOutcomeCounts()).toEqual(byString.observeOutcomeCounts());
  expect(byId.exportState()).toEqual(byString.exportState());
  return byString.observeOutcomeCounts();
}

describe('bindKeys, observeId and predictId', () => {
  it('give the string API\'s results on a default-parameter stream (same estimates to the bit, same state)', () => {
    const counts = playTwice(DEFAULT_PREDICTOR_PARAMS, 'ids-default', 6000);
    expect(counts.rejected_invalid).toBeGreaterThan(10); // the empty and the over-long key, and negative durations
  });

  it('follow keys through recycling and stale resets (few slots, short staleness)', () => {
    const params = applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, {
      minSamples: 3, maxKeys: 6, shards: 2, firstRefreshAt: 20, refreshEvery: 8, staleAfterMs: 100_000,
      recycleColdIdleMs: 500, recycleProvenIdleMs: 5000,
    });
    const counts = playTwice(params, 'ids-small', 6000);
    expect(counts.recycled).toBeGreaterThan(20);
    expect(counts.reset).toBeGreaterThan(5);
    expect(counts.pooled_only).toBeGreaterThan(5);
  });

  it('reject an invalid key or duration by id as by string, and know keys held before the binding', () => {
    const p = new Predictor();
    p.observe('a', 5);
    p.bindKeys(['a', '', 'b']);
    expect(p.observeId(1, 5)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observeId(0, Number.NaN)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observeId(0, 7)).toBe(ObserveOutcome.accepted); // 'a' was created before bindKeys
    expect(p.observeId(2, 7)).toBe(ObserveOutcome.created);
    p.predictId(1);
    expect(p.lastOutcome).toBe(PredictOutcome.invalid_key);
    p.predictId(0);
    expect(p.lastOutcome).toBe(PredictOutcome.unready); // 3 of the 100 observations that publish boundaries
    expect(p.inspectKey('a')?.count).toBe(2);
  });
});
