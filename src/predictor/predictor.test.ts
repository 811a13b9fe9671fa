// Tests of the Predictor, rule by rule: clock, gates in order, staleness, idle decay, scale trick, refresh, tiers, limits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRng } from '../rng/seeded.ts';
import { Predictor } from './predictor.ts';
import { DEFAULT_PREDICTOR_PARAMS, applyPredictorOverrides } from './params.ts';
import { ObserveOutcome, PredictOutcome } from './outcomes.ts';
import { BIN_COUNT, binIndex } from './bins.ts';

const P = (o: Record<string, string | number>) => applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, o);
const TAU = 1_800_000;

/** A predictor whose boundaries are published by its first observation, plus `n` observations of `key` at time t. */
function readyWith(o: Record<string, string | number>, key: string, n: number, v = 10, t = 0): Predictor {
  const p = new Predictor(P({ firstRefreshAt: 1, refreshEvery: 1e12, ...o }));
  p.setClock(t);
  for (let i = 0; i < n; i++) p.observe(key, v);
  return p;
}

function expectFallback(p: Predictor, level: number, code: number): void {
  expect(level).toBe(p.params.defaultLevel);
  expect(p.lastOutcome).toBe(code);
  expect(p.lastEstimate).toBeNaN();
}

describe('clock', () => {
  it('keeps whole microseconds, truncated toward zero (also negative warm-start times)', () => {
    const p = new Predictor();
    p.setClock(1.0009);
    expect(p.nowMs()).toBe(1);
    p.setClock(-1.0009);
    expect(p.nowMs()).toBe(-1);
    p.setClock(-5000.5);
    expect(p.nowMs()).toBe(-5000.5);
    expect(() => p.setClock(Number.NaN)).toThrow(RangeError);
  });
});

describe('observe', () => {
  it('rejects empty or over-long keys and non-finite or negative durations; accepts 0', () => {
    const p = new Predictor();
    expect(p.observe('', 5)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observe('x'.repeat(257), 5)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observe('k', -0.001)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observe('k', Number.NaN)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observe('k', Number.POSITIVE_INFINITY)).toBe(ObserveOutcome.rejected_invalid);
    expect(p.observationCount()).toBe(0);
    expect(p.keyCount()).toBe(0);
    expect(p.observe('k', 0)).toBe(ObserveOutcome.created);
    expect(p.observe('k', 1e9)).toBe(ObserveOutcome.accepted);
    expect(p.observeOutcomeCounts()).toMatchObject({ rejected_invalid: 5, created: 1, accepted: 1 });
    const w = p.inspectKey('k')!.weights;
    expect(w[0]! > 0 && w[47]! > 0).toBe(true); // 0 in bin 0, 1e9 clamped into bin 47
    expect(p.inspectKey('k')!.weightedSum).toBeCloseTo(600000, 6); // the mean uses the clamped value
  });

  it('creates a key with last activity = last decay = now and no held tier', () => {
    const p = new Predictor();
    p.setClock(1234.5);
    p.observe('k', 3);
    expect(p.inspectKey('k')).toMatchObject({ count: 1, tier: -1, lastActivityMs: 1234.5, lastDecayMs: 1234.5 });
  });

  it('applies idle decay only for gaps ≥ 1000 ms, leaving last decay unchanged for short gaps so they add up', () => {
    const p = new Predictor(P({ decay: 1 }));
    const b = binIndex(5);
    p.setClock(0);
    p.observe('k', 5);
    p.setClock(600);
    p.observe('k', 5);
    expect(p.inspectKey('k')!.lastDecayMs).toBe(0);
    expect(p.inspectKey('k')!.weights[b]).toBe(2);
    p.setClock(1200); // 1200 ms since the last decay (two short gaps added up)
    p.observe('k', 5);
    const f1 = Math.pow(0.5, 1200 / 600000);
    expect(p.inspectKey('k')!.lastDecayMs).toBe(1200);
    expect(p.inspectKey('k')!.weights[b]).toBeCloseTo(2 * f1 + 1, 14);
    p.setClock(2199.999); // 999.999 ms: no decay
    p.observe('k', 5);
    expect(p.inspectKey('k')!.weights[b]).toBeCloseTo(2 * f1 + 2, 14);
    p.setClock(3000);
    p.observe('k', 5);
    const f2 = Math.pow(0.5, 1800 / 600000);
    expect(p.inspectKey('k')!.weights[b]).toBeCloseTo((2 * f1 + 2) * f2 + 1, 14);
  });

  it('the scale trick equals explicit weights d^(n−i) (times the idle factors) on random streams', () => {
    for (const [decay, idle] of [[0.995, 'off'], [0.7, 'off'], [0.9, 600000]] as const) {
      const rng = createRng(`scale-${decay}-${idle}`);
      const p = new Predictor(P({ decay, idleHalfLifeMs: idle, staleAfterMs: 'off' }));
      const obs: { bin: number; v: number; t: number }[] = [];
      const decays: { t: number; f: number }[] = [];
      let t = 0;
      let lastDecay = 0;
      for (let i = 0; i < 3000; i++) {
        t += rng.next() < 0.05 ? 1000 + rng.next() * 60000 : rng.next() * 300;
        p.setClock(t);
        const v = Math.exp(rng.next() * 12);
        if (obs.length > 0 && Math.trunc(t * 1000) - Math.trunc(lastDecay * 1000) >= 1e6) {
          decays.push({ t, f: idle === 'off' ? 1 : Math.pow(0.5, (Math.trunc(t * 1000) - Math.trunc(lastDecay * 1000)) / 1000 / idle) });
          lastDecay = t;
        }
        if (obs.length === 0) lastDecay = t;
        p.observe('k', v);
        obs.push({ bin: binIndex(v), v: Math.min(v, 600000), t });
      }
      const n = obs.length;
      const want = new Array<number>(BIN_COUNT).fill(0);
      let wsum = 0;
      obs.forEach((o, i) => {
        let w = Math.pow(decay, n - 1 - i);
        for (const d of decays) if (d.t > o.t) w *= d.f;
        want[o.bin]! += w;
        wsum += w * o.v;
      });
      const got = p.inspectKey('k')!;
      got.weights.forEach((w, k) => expect(Math.abs(w - want[k]!)).toBeLessThanOrEqual(1e-9 * Math.max(1, want[k]!)));
      expect(Math.abs(got.weightedSum - wsum)).toBeLessThanOrEqual(1e-9 * wsum);
    }
  });
});

describe('predict gates, in order', () => {
  it('invalid_key comes first (even before unready)', () => {
    const p = new Predictor();
    expectFallback(p, p.predict(''), PredictOutcome.invalid_key);
    expectFallback(p, p.predict('é'.repeat(129)), PredictOutcome.invalid_key);
  });

  it('unready until the 100th pooled observation publishes boundaries', () => {
    const p = new Predictor();
    for (let i = 0; i < 99; i++) p.observe('k', 10 + i);
    expectFallback(p, p.predict('k'), PredictOutcome.unready);
    expect(p.boundaries()).toEqual([]);
    p.observe('k', 500);
    expect(p.snapshotCount()).toBe(1);
    expect(p.boundaries()).toEqual([p.pooledQuantile(1 / 3), p.pooledQuantile(2 / 3)]);
    p.predict('k');
    expect(p.lastOutcome).toBe(PredictOutcome.predicted);
  });

  it('cold_key for an unknown key, without creating an entry', () => {
    const p = readyWith({}, 'k', 1);
    expectFallback(p, p.predict('other'), PredictOutcome.cold_key);
    expect(p.keyCount()).toBe(1);
  });

  it('cold_key below n_min raw observations, predicted from the 20th', () => {
    const p = readyWith({}, 'k', 19);
    expectFallback(p, p.predict('k'), PredictOutcome.cold_key);
    p.observe('k', 10);
    p.predict('k');
    expect(p.lastOutcome).toBe(PredictOutcome.predicted);
    expect(p.lastEstimate).toBeGreaterThan(0);
  });

  it('censored when the censored share is > 5 %; a fallback keeps the held tier', () => {
    const p = readyWith({ decay: 1 }, 'k', 20);
    const level = p.predict('k');
    expect(p.lastOutcome).toBe(PredictOutcome.predicted);
    expect(p.observeCensored('k')).toBe(ObserveOutcome.accepted); // 1/21 = 4.8 %
    expect(p.predict('k')).toBe(level);
    expect(p.lastOutcome).toBe(PredictOutcome.predicted);
    p.observeCensored('k'); // 2/22 = 9.1 %
    expectFallback(p, p.predict('k'), PredictOutcome.censored);
    expect(p.inspectKey('k')!.tier).toBe(level);
    expect(p.inspectKey('k')!.count).toBe(20); // censored events are not raw observations
  });

  it('high_spread when p99 > 16·max(p50, 1 ms)', () => {
    const p = readyWith({ decay: 1 }, 'k', 10, 1);
    for (let i = 0; i < 10; i++) p.observe('k', 1000);
    expectFallback(p, p.predict('k'), PredictOutcome.high_spread);
    const q = readyWith({ decay: 1, spreadRatio: 'off' }, 'k', 10, 1);
    for (let i = 0; i < 10; i++) q.observe('k', 1000);
    q.predict('k');
    expect(q.lastOutcome).toBe(PredictOutcome.predicted);
  });

  it('high_spread for a non-finite estimate (the mean of a histogram whose weight decayed to 0)', () => {
    const p = readyWith({ summary: 'mean', minSamples: 1, censoredShare: 1, idleHalfLifeMs: 0.001 }, 'k', 1);
    p.setClock(2000);
    p.observeCensored('k'); // idle factor 0.5^(2000/0.001) = 0 wipes the weights
    expectFallback(p, p.predict('k'), PredictOutcome.high_spread);
  });

  it('stale_key when now − last activity > 30 min (strict, in whole µs), and a prediction does not revive it', () => {
    const p = readyWith({}, 'k', 20);
    p.setClock(TAU + 0.0009); // trunc → exactly τ: still fresh
    p.predict('k');
    expect(p.lastOutcome).toBe(PredictOutcome.predicted);
    expect(p.inspectKey('k')!.lastActivityMs).toBe(TAU);
    const tier = p.inspectKey('k')!.tier;
    p.setClock(2 * TAU + 0.001);
    expectFallback(p, p.predict('k'), PredictOutcome.stale_key);
    expect(p.inspectKey('k')!.lastActivityMs).toBe(TAU);
    p.setClock(2 * TAU + 5);
    expectFallback(p, p.predict('k'), PredictOutcome.stale_key);
    expect(p.inspectKey('k')!.tier).toBe(tier);
  });

  it('a key stuck in a backlog stays predicted: predictions keep it fresh past τ', () => {
    const p = readyWith({}, 'k', 20);
    for (let t = 20 * 60_000; t <= 3 * 3_600_000; t += 20 * 60_000) {
      p.setClock(t);
      p.predict('k');
      expect(p.lastOutcome).toBe(PredictOutcome.predicted);
    }
    p.setClock(3 * 3_600_000 + 60_000);
    expect(p.observe('k', 10)).toBe(ObserveOutcome.accepted);
    expect(p.inspectKey('k')!.count).toBe(21);
  });

  it('a stale key restarts on its next observation: empty histogram, count 1, no held tier, last decay = now', () => {
    const p = readyWith({}, 'k', 30);
    p.predict('k');
    expect(p.inspectKey('k')!.tier).toBeGreaterThanOrEqual(0);
    p.setClock(TAU + 1);
    expect(p.observe('k', 1000)).toBe(ObserveOutcome.reset);
    const s = p.inspectKey('k')!;
    expect(s).toMatchObject({ count: 1, tier: -1, lastDecayMs: TAU + 1, lastActivityMs: TAU + 1 });
    expect(s.weights.filter((w) => w > 0)).toEqual([1]);
    expectFallback(p, p.predict('k'), PredictOutcome.cold_key);
  });

  it('the outcome counters record every predict outcome', () => {
    const p = readyWith({}, 'k', 20);
    p.predict('');
    p.predict('k');
    p.predict('u');
    expect(p.outcomeCounts()).toEqual({ predicted: 1, unready: 0, cold_key: 1, high_spread: 0, censored: 0, stale_key: 0, invalid_key: 1 });
  });
});

describe('tiers end to end', () => {
  it('holds the tier inside the hysteresis band and leaves it outside (estimate ≈ the latest value)', () => {
    // decay 1e-6 and the mean summary: the estimate is the latest value to ~1e-6 relative.
    const p = new Predictor(P({ decay: 1e-6, summary: 'mean', minSamples: 1, firstRefreshAt: 2, refreshEvery: 1e12, pooledDecay: 1 }));
    p.observe('seed', 10);
    p.observe('seed', 1000);
    const [b1, b2] = p.boundaries() as [number, number];
    expect(b1 > 10 && b2 < 1000).toBe(true);
    const step = (v: number): number => {
      p.observe('k', v);
      const level = p.predict('k');
      expect(p.lastOutcome).toBe(PredictOutcome.predicted);
      return level;
    };
    expect(step(0.5 * b1)).toBe(0);
    expect(step(1.05 * b1)).toBe(0); // raw 1, held 0 while < 1.1·β1
    expect(step(1.15 * b1)).toBe(1);
    expect(step(0.95 * b1)).toBe(1); // raw 0, held 1 while ≥ 0.9·β1
    expect(step(1.05 * b2)).toBe(1);
    expect(step(1.2 * b2)).toBe(2);
    expect(step(0.95 * b2)).toBe(2); // the last tier has no upper limit
    expect(step(0.5 * b1)).toBe(0);
  });
});

describe('boundary refresh', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refreshes at the 100th and every 256th pooled observation, and at no other', () => {
    const spy = vi.spyOn(Predictor.prototype as unknown as { refresh(): void }, 'refresh');
    // pooled decay 0.9 and values growing 1.1 % per observation: any refresh ≥ 10 observations after the
    // last publication moves the boundaries by more than 10 % and so publishes.
    const p = new Predictor(P({ pooledDecay: 0.9 }));
    const calls: number[] = [];
    const published: number[] = [];
    for (let i = 1; i <= 1100; i++) {
      const before = [spy.mock.calls.length, p.snapshotCount()];
      p.observe(`k${i % 3}`, Math.pow(2, i / 64));
      if (spy.mock.calls.length > before[0]!) calls.push(i);
      if (p.snapshotCount() > before[1]!) published.push(i);
    }
    expect(calls).toEqual([100, 256, 512, 768, 1024]);
    expect(published).toEqual([100, 256, 512, 768, 1024]);
  });

  it('ignores degenerate candidates, counts them, and retries at every observation until one is valid', () => {
    // With linear-in-bin quantiles a candidate is degenerate only when the pooled weight is 0 or not
    // finite; a restored state with overflowing pooled weights produces NaN candidates.
    const st = new Predictor(P({})).exportState();
    st.pooledBins[5] = 1e308;
    st.pooledBins[20] = 1e308;
    st.pooledCount = 97;
    const p = Predictor.fromState(P({}), st);
    for (let i = 0; i < 5; i++) p.observe('k', 10);
    expect(p.degenerateCount()).toBe(3); // at 100, 101, 102
    expect(p.snapshotCount()).toBe(0);
    expect(p.boundaries()).toEqual([]);
  });
});

describe('key limits and recycling', () => {
  // one shard of two keys; n_min 2 so that "proven" is easy to reach.
  const small = (): Predictor => new Predictor(P({ maxKeys: 2, shards: 1, minSamples: 2 }));

  it('feeds only the pooled histogram when the least recently active key is too recent', () => {
    const p = small();
    p.observe('a', 1);
    p.observe('b', 1);
    p.setClock(29_999.999);
    expect(p.observe('c', 1)).toBe(ObserveOutcome.pooled_only);
    expect(p.keyCount()).toBe(2);
    expect(p.observationCount()).toBe(3);
    expect(p.inspectKey('c')).toBeUndefined();
    expect(p.observeCensored('c')).toBe(ObserveOutcome.pooled_only);
  });

  it('recycles a key with < n_min observations after 30 s idle (≥), the evicted key forgotten', () => {
    const p = small();
    p.observe('a', 1);
    p.setClock(1);
    p.observe('b', 1);
    p.setClock(30_000);
    expect(p.observe('c', 1)).toBe(ObserveOutcome.recycled);
    expect(p.inspectKey('a')).toBeUndefined();
    expect(p.inspectKey('c')).toMatchObject({ count: 1, tier: -1, lastActivityMs: 30_000 });
    p.setClock(30_001);
    expect(p.observe('a', 1)).toBe(ObserveOutcome.recycled); // 'b' idle 30 s: 'a' returns as a new key
    expect(p.inspectKey('a')!.count).toBe(1);
  });

  it('recycles a proven key only after 10 min idle', () => {
    const p = small();
    p.observe('a', 1);
    p.observe('a', 1);
    p.observe('b', 1);
    p.observe('b', 1);
    p.setClock(599_999);
    expect(p.observe('c', 1)).toBe(ObserveOutcome.pooled_only);
    p.setClock(600_000);
    expect(p.observe('c', 1)).toBe(ObserveOutcome.recycled);
  });

  it('considers only the least recently active key (ties: the earliest created)', () => {
    const p = small();
    p.observe('a', 1);
    p.observe('a', 1); // proven, last active at 0
    p.setClock(200_000);
    p.observe('b', 1); // unproven, last active at 200 s
    p.setClock(300_000); // 'b' idle 100 s ≥ 30 s, but 'a' (idle 300 s < 600 s) is the candidate
    expect(p.observe('c', 1)).toBe(ObserveOutcome.pooled_only);
    const q = small();
    q.observe('b', 1);
    q.observe('a', 1); // same time: 'b' was created first
    q.setClock(30_000);
    q.observe('c', 1);
    expect(q.inspectKey('b')).toBeUndefined();
    expect(q.inspectKey('a')).toBeDefined();
  });

  it('a prediction counts as activity for recycling', () => {
    const p = new Predictor(P({ maxKeys: 2, shards: 1, minSamples: 2, firstRefreshAt: 1 }));
    p.observe('a', 1);
    p.setClock(1);
    p.observe('b', 1);
    p.setClock(20_000);
    p.predict('a'); // cold_key, but 'a' is active now
    p.setClock(31_000);
    p.observe('c', 1);
    expect(p.inspectKey('b')).toBeUndefined();
    expect(p.inspectKey('a')).toBeDefined();
  });

  it('spreads keys over shards by FNV-1a and holds at most maxKeys', () => {
    const p = new Predictor(P({ maxKeys: 64, shards: 16 }));
    for (let i = 0; i < 500; i++) p.observe(`key-${i}`, 1);
    expect(p.keyCount()).toBe(64);
    expect(p.observeOutcomeCounts().created).toBe(64);
    expect(p.observeOutcomeCounts().pooled_only).toBe(436);
  });

  it('sizes its tables by the keys held, doubling from 16 slots up to maxKeys, and keeps every key through growth', () => {
    // Per slot: 48 bins and 8 numbers of 8 bytes, lowBin and tier of 1 byte = 458 bytes.
    const perSlot = BIN_COUNT * 8 + 8 * 8 + 2;
    const p = new Predictor(); // maxKeys 16384: a full table would be 7.5 MB
    expect(p.tableBytes()).toBe(16 * perSlot);
    for (let i = 0; i < 17; i++) p.observe(`key-${i}`, i + 1);
    expect(p.tableBytes()).toBe(32 * perSlot);
    for (let i = 17; i < 1000; i++) p.observe(`key-${i}`, i + 1);
    expect(p.tableBytes()).toBe(1024 * perSlot);
    for (let i = 0; i < 1000; i++) {
      const k = p.inspectKey(`key-${i}`)!;
      expect(k.count).toBe(1);
      expect(k.weightedSum).toBeCloseTo(i + 1, 9); // v·s / s: exact up to the last bit
    }
    const capped = new Predictor(P({ maxKeys: 64, shards: 16 }));
    for (let i = 0; i < 500; i++) capped.observe(`key-${i}`, 1);
    expect(capped.tableBytes()).toBe(64 * perSlot);
  });
});
