// Tests of the read-only predictor report: every key's gate and estimate equal what `predict` says on a copy.
import { describe, expect, it } from 'vitest';
import { Predictor } from './predictor.ts';
import { decodePredictorSnapshot, encodePredictorSnapshot } from './snapshot.ts';
import { keyReport, predictorReport } from './predictor-report.ts';
import { PREDICT_OUTCOME_NAMES } from './outcomes.ts';

/** A predictor with one key per gate: steady (predicted), cold, wide (high spread), old (stale), cens (censored). */
function built(): Predictor {
  const p = new Predictor();
  p.setClock(0);
  for (let i = 0; i < 30; i++) p.observe('old', 500);
  p.setClock(10_000_000); // old now idle 10 000 s > 1800 s
  for (let i = 0; i < 40; i++) p.observe('steady', 100 + (i % 3));
  for (let i = 0; i < 5; i++) p.observe('cold', 20);
  for (let i = 0; i < 40; i++) p.observe('wide', i % 10 === 0 ? 5000 : 2);
  for (let i = 0; i < 25; i++) p.observe('cens', 50);
  for (let i = 0; i < 5; i++) p.observeCensored('cens');
  return p;
}

describe('keyReport', () => {
  it('gives each key the gate, estimate and tier that predict gives on a copy, and changes nothing', () => {
    const p = built();
    const before = encodePredictorSnapshot(p);
    const gates: Record<string, string> = {};
    for (const key of ['steady', 'cold', 'wide', 'old', 'cens']) {
      const r = keyReport(p, key)!;
      gates[key] = r.gate;
      const copy = decodePredictorSnapshot(before, 'copy');
      const level = copy.predict(key);
      expect(r.gate, key).toBe(PREDICT_OUTCOME_NAMES[copy.lastOutcome]);
      if (r.gate === 'predicted') {
        expect(r.estimate_ms).toBeCloseTo(copy.lastEstimate, 9);
        expect(r.route_tier).toBe(level);
      } else {
        expect(r.estimate_ms).toBeNull();
      }
    }
    expect(gates).toEqual({ steady: 'predicted', cold: 'cold_key', wide: 'high_spread', old: 'stale_key', cens: 'censored' });
    expect(Buffer.from(encodePredictorSnapshot(p)).equals(Buffer.from(before))).toBe(true);
    expect(keyReport(p, 'cold')!.reason).toBe('n 5 < minSamples 20');
    expect(keyReport(p, 'old')).toMatchObject({ n: 30, idle_ms: 10_000_000, last_activity_ms: 0 });
  });
  it('is undefined for a key the predictor does not hold', () => {
    expect(keyReport(built(), 'nope')).toBeUndefined();
  });
  it('says unready before the first boundaries', () => {
    const p = new Predictor();
    for (let i = 0; i < 30; i++) p.observe('a', 10);
    expect(keyReport(p, 'a')).toMatchObject({ gate: 'unready', reason: 'no boundaries yet (30 of 100 pooled observations)' });
  });
});

describe('predictorReport', () => {
  it('lists held keys by raw count, then key, with the boundaries and normalised pooled weights', () => {
    const r = predictorReport(built());
    expect(r.keys.map((k) => k.key)).toEqual(['steady', 'wide', 'old', 'cens', 'cold']);
    expect(r.keys_held).toBe(5);
    expect(r.boundaries_ms).toHaveLength(2);
    expect(r.pooled_weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(r.keys[0]!.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  it('reports an empty predictor without keys or weights', () => {
    const r = predictorReport(new Predictor());
    expect(r).toMatchObject({ keys: [], keys_held: 0, boundaries_ms: [] });
    expect(r.pooled_weights.every((w) => w === 0)).toBe(true);
  });
});
