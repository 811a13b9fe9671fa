// The predictive routings on a generated trace: warm vs cold, shadow = FIFO, outcomes account for every message,
// per-arm overrides, and the warm start = observing the history at compressed times.
import { describe, expect, it } from 'vitest';
import { createRng, lognormal } from '../src/rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { Predictor } from '../src/predictor/predictor.ts';
import { decodePredictorSnapshot, encodePredictorSnapshot } from '../src/predictor/snapshot.ts';
import { DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';
import { simulate, type SimulationConfig } from './simulate.ts';
import { parseArm } from './arms/index.ts';
import { compressFactor, splitTrace } from './split.ts';
import { warmPredictor, warmStart } from './arms/predictive.ts';
import { applyPredictorOverrides } from '../src/predictor/params.ts';
import { rowKeysFor } from './row-keys.ts';
import type { WarmIdentity, WarmStateStore } from '../src/predictor/warm-store.ts';

/** 40 keys with medians from 1 ms to 2 s, Poisson-ish arrivals; seeded. */
function keyedTrace(n: number) {
  const rng = createRng('predictive-test');
  const a = rng.fork('arrivals');
  const d = rng.fork('durations');
  const k = rng.fork('keys');
  const rows: TraceRow[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += -Math.log(1 - a.next()) * 20;
    const key = Math.floor(k.next() ** 2 * 40);
    rows.push({ arrival_ms: t, duration_ms: lognormal(d, 2000 ** (key / 39), 0.3), key: `k${key}` });
  }
  return traceFromRows(rows);
}

const trace = keyedTrace(12_000);
const cfg = (arms: string[], extra: Partial<SimulationConfig> = {}): SimulationConfig => ({
  loads: [0.9], arms: arms.map((x) => parseArm(x, 3)), workers: 8, levels: 3, defaultLevel: 1, split: 'time', fraction: 0.5,
  windows: 5, windowBy: 'time', staticMap: null, seed: 1, ...extra,
});

describe('predictive routings', () => {
  const out = simulate(trace, cfg(['fifo', 'predictive', 'predictive-cold', 'shadow', 'predictive+weights+pausing']));
  const arms = out.results['0.9']!.arms;
  const m = out.trace.evaluation_rows;

  it('account for every evaluation message in the outcome counts, per window and in total', () => {
    for (const arm of ['predictive', 'predictive-cold', 'shadow', 'predictive+weights+pausing']) {
      const o = arms[arm]!.outcomes as Record<string, number>;
      expect(Object.values(o).reduce((s, x) => s + x, 0)).toBe(m);
      const w = arms[arm]!.outcome_windows as Record<string, number>[];
      expect(w.reduce((s, x) => s + Object.values(x).reduce((a, b) => a + b, 0), 0)).toBe(m);
      expect(w.reduce((s, x) => s + x.predicted!, 0)).toBe(o.predicted);
    }
    expect(arms.fifo!.outcomes).toBeUndefined();
  });

  it('warm start predicts from the first message; cold start is unready or cold first', () => {
    const warm = arms.predictive!.outcome_windows as Record<string, number>[];
    const cold = arms['predictive-cold']!.outcome_windows as Record<string, number>[];
    expect(warm[0]!.unready).toBe(0);
    expect(cold[0]!.unready! + cold[0]!.cold_key!).toBeGreaterThan(warm[0]!.unready! + warm[0]!.cold_key!);
    expect((arms.predictive!.predictor as { observations: number }).observations).toBe(trace.n);
    expect((arms['predictive-cold']!.predictor as { observations: number }).observations).toBe(m);
  });

  it('shadow learns but routes every message to the default level: same latencies as FIFO', () => {
    expect(arms.shadow!.all).toEqual(arms.fifo!.all);
    expect((arms.shadow!.outcomes as Record<string, number>).predicted).toBeGreaterThan(m / 2);
  });

  it('routing short keys first lowers the mean latency against FIFO on this trace', () => {
    expect(arms['predictive+weights+pausing']!.all.mean_latency_ms).toBeLessThan(arms.fifo!.all.mean_latency_ms);
    expect(arms.predictive!.all.short_mean_ms).toBeLessThan(arms.fifo!.all.short_mean_ms);
  });

  it('per-arm overrides change only that arm', () => {
    const o2 = simulate(trace, cfg(['predictive', 'predictive@predictor.minSamples=5000']));
    const a2 = o2.results['0.9']!.arms;
    expect(a2.predictive!.all).toEqual(arms.predictive!.all);
    // With n_min above every key's count, no key is ever predicted.
    expect((a2['predictive@predictor.minSamples=5000']!.outcomes as Record<string, number>).predicted).toBe(0);
  });

  it('a snapshot of the warm-started predictor gives the same results as the warm start', () => {
    const split = splitTrace(trace, 'time', 0.5);
    const p = new Predictor({ ...DEFAULT_PREDICTOR_PARAMS });
    warmStart(p, { trace, first: split.cut, compress: compressFactor(trace, split, 0.9, 8) }, rowKeysFor(trace, false, false));
    const fromSnap = simulate(trace, cfg(['predictive'], { predictorSnapshot: { bytes: encodePredictorSnapshot(p), source: 'mem' } }));
    expect(fromSnap.results['0.9']!.arms.predictive!.all).toEqual(arms.predictive!.all);
  });
});

describe('warmPredictor', () => {
  const split = splitTrace(trace, 'time', 0.5);
  const keys = rowKeysFor(trace, false, false);
  const at = (load: number) => ({ trace, first: split.cut, compress: compressFactor(trace, split, load, 8) });
  const fresh = (params: typeof DEFAULT_PREDICTOR_PARAMS, load: number) => {
    const p = new Predictor(params);
    warmStart(p, at(load), keys);
    return p.exportState();
  };

  it('gives the state of a fresh warm start, also when it copies the last one (and the copies are independent)', () => {
    const first = warmPredictor(DEFAULT_PREDICTOR_PARAMS, at(0.9), keys);
    expect(first.exportState()).toEqual(fresh(DEFAULT_PREDICTOR_PARAMS, 0.9));
    first.setClock(1e9);
    first.observe('k1', 5);
    const copy = warmPredictor(DEFAULT_PREDICTOR_PARAMS, at(0.9), keys);
    expect(copy).not.toBe(first);
    expect(copy.exportState()).toEqual(fresh(DEFAULT_PREDICTOR_PARAMS, 0.9));
  });

  it('warms again for another compress factor or other parameters (a copy of the last one would be wrong)', () => {
    warmPredictor(DEFAULT_PREDICTOR_PARAMS, at(0.9), keys);
    expect(fresh(DEFAULT_PREDICTOR_PARAMS, 0.5)).not.toEqual(fresh(DEFAULT_PREDICTOR_PARAMS, 0.9));
    expect(warmPredictor(DEFAULT_PREDICTOR_PARAMS, at(0.5), keys).exportState()).toEqual(fresh(DEFAULT_PREDICTOR_PARAMS, 0.5));
    const other = applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { decay: '0.98' });
    expect(fresh(other, 0.5)).not.toEqual(fresh(DEFAULT_PREDICTOR_PARAMS, 0.5));
    expect(warmPredictor(other, at(0.5), keys).exportState()).toEqual(fresh(other, 0.5));
  });

  it('restores from a store what it warmed and saved there (keyed by every input), and simulates the same bytes', () => {
    const saved = new Map<string, Uint8Array>();
    let loads = 0;
    const idText = (id: WarmIdentity): string => JSON.stringify({ ...id, params: { ...id.params } });
    const store: WarmStateStore = {
      load: (_t, id) => {
        loads++;
        const bytes = saved.get(idText(id));
        return bytes === undefined ? null : decodePredictorSnapshot(bytes, 'store', { params: id.params });
      },
      save: (_t, id, p) => void saved.set(idText(id), encodePredictorSnapshot(p)),
    };
    // A copy of the trace: the in-process copy of the last warm start is per trace object, so only the store can hit.
    const persist = { store, keysProducer: false, sizebins: false };
    const first = warmPredictor(DEFAULT_PREDICTOR_PARAMS, at(0.7), keys, persist);
    expect(saved.size).toBe(1);
    const twin = { ...trace };
    const restored = warmPredictor(DEFAULT_PREDICTOR_PARAMS, { ...at(0.7), trace: twin }, keys, persist);
    expect(loads).toBe(2);
    expect(saved.size).toBe(1);
    expect(restored.exportState()).toEqual(first.exportState());
    expect(restored.exportState()).toEqual(fresh(DEFAULT_PREDICTOR_PARAMS, 0.7));
    // Another key mapping is another identity: a miss, warmed and saved beside the first.
    warmPredictor(DEFAULT_PREDICTOR_PARAMS, { ...at(0.7), trace: { ...trace } }, keys, { ...persist, keysProducer: true });
    expect(saved.size).toBe(2);
    const run = cfg(['predictive+weights+pausing', 'sept'], { loads: [0.7] });
    const plain = simulate(trace, run);
    // The same trace, split, load and workers as `at(0.7)`: both warm arms start from the stored state, none is saved.
    const [before, loadsBefore] = [saved.size, loads];
    const viaStore = simulate({ ...trace }, run, undefined, undefined, null, store);
    const again = simulate({ ...trace }, run, undefined, undefined, null, store);
    expect([saved.size, loads]).toEqual([before, loadsBefore + 2]);
    const strip = (o: typeof plain): string => JSON.stringify(o, (k, v: unknown) => (k === 'sim_seconds' ? 0 : v));
    expect(strip(viaStore)).toBe(strip(plain));
    expect(strip(again)).toBe(strip(plain));
  });
});
