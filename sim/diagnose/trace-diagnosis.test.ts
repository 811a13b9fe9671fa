// Tests of `diagnoseTrace`: the median rows against a plain recomputation, coverage against simulate, LPC-EGEE.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { traceFromRows, type Trace } from '../../src/trace/trace.ts';
import { createRng } from '../../src/rng/seeded.ts';
import { hasShared, sharedFile } from '../../src/io/shared-io.ts';
import { generateServerless, SERVERLESS_DEFAULTS } from '../../traces/generators/serverless.ts';
import { parseArm } from '../arms/index.ts';
import { simulate } from '../simulate.ts';
import { splitTrace, type Load, type SplitBy } from '../split.ts';
import { diagnoseTrace } from './trace-diagnosis.ts';
import type { EstimateRun } from './predictor-estimates.ts';

function runFor(armText: string, load: Load, split: SplitBy = 'count'): EstimateRun {
  return { arm: parseArm(armText, 3), load, workers: 4, levels: 3, defaultLevel: 1, split, fraction: 0.5 };
}

/** The definitions computed a second, plain way: arrays of numbers, a Map of keys, sort and index. */
function plainTable(trace: Trace, cut: number): Record<string, { n: number; median: number | null; within: number | null; tier: number | null }> {
  const median = (xs: number[]): number | null => {
    const s = [...xs].sort((a, b) => a - b);
    if (s.length === 0) return null;
    return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const keyOf = (r: number): string => trace.keys[trace.keyId[r]!]! + (trace.classId ? `/${trace.classes![trace.classId[r]!]!}` : '');
  const hist: number[] = [];
  const byKey = new Map<string, number[]>();
  for (let r = 0; r < cut; r++) {
    hist.push(trace.duration[r]!);
    const list = byKey.get(keyOf(r)) ?? [];
    list.push(trace.duration[r]!);
    byKey.set(keyOf(r), list);
  }
  const sorted = [...hist].sort((a, b) => a - b);
  const bounds = [1 / 3, 2 / 3].map((q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!);
  const tier = (x: number): number => bounds.filter((b) => b <= x).length;
  const g = median(hist)!;
  const table: Record<string, { n: number; median: number | null; within: number | null; tier: number | null }> = {};
  const keyMedian = new Map([...byKey].map(([k, xs]) => [k, median(xs)!]));
  for (const [name, predict] of [['global', () => g], ['per_key', (r: number) => keyMedian.get(keyOf(r)) ?? g]] as const) {
    const errors: number[] = [];
    let hits = 0;
    for (let r = cut; r < trace.n; r++) {
      const p = predict(r);
      const d = trace.duration[r]!;
      if (tier(p) === tier(d)) hits++;
      if (p > 0 && d > 0) errors.push(Math.abs(Math.log2(p / d)));
    }
    table[name] = {
      n: errors.length,
      median: median(errors),
      within: errors.length > 0 ? errors.filter((e) => e <= 1).length / errors.length : null,
      tier: hits / (trace.n - cut),
    };
  }
  return table;
}

function expectTablesAgree(trace: Trace, armText: string, load: Load): ReturnType<typeof diagnoseTrace> {
  const d = diagnoseTrace(trace, runFor(armText, load));
  const plain = plainTable(trace, d.trace.history_rows);
  for (const [name, row] of [['global', d.predictability.global_median], ['per_key', d.predictability.per_key_median]] as const) {
    expect(row.n, name).toBe(plain[name]!.n);
    expect(row.median_abs_log2_error, name).toBeCloseTo(plain[name]!.median!, 12);
    expect(row.within_2x, name).toBeCloseTo(plain[name]!.within!, 12);
    expect(row.tier_accuracy, name).toBeCloseTo(plain[name]!.tier!, 12);
    expect(row.tier_rows, name).toBe(trace.n - d.trace.history_rows);
  }
  return d;
}

// A hand-made trace: 8 history rows (a: 100, 200, 300, 600; b: 400, 1000, 50, 800), 8 evaluation rows, key c unseen.
// Global median (350), a's (250), b's (600), boundaries [200, 600] and the table below were worked out on paper.
const hand = traceFromRows([
  [100, 'a'], [200, 'a'], [400, 'b'], [1000, 'b'], [300, 'a'], [50, 'b'], [800, 'b'], [600, 'a'],
  [250, 'a'], [700, 'a'], [600, 'b'], [0, 'b'], [175, 'c'], [1400, 'b'], [350, 'a'], [90, 'c'],
].map(([d, k], i) => ({ arrival_ms: i * 1000, duration_ms: d as number, key: k as string })));

describe('diagnoseTrace', () => {
  it('gives the hand-computed median rows on a small trace', () => {
    const d = expectTablesAgree(hand, 'predictive', 'as-is');
    expect(d.trace.boundaries_ms).toEqual([200, 600]);
    // Global: errors 0.485, 1, 0.778, (0 duration), 1, 2, 0, 1.959 → median 1, 5 of 7 within 2×; tier 1 right twice in 8.
    expect(d.predictability.global_median).toMatchObject({ n: 7, median_abs_log2_error: 1, within_2x: 5 / 7, tier_accuracy: 0.25 });
    // Per key: 0, 1.485, 0, (0 duration), 1 (c unseen → 350), 1.222, 0.485, 1.959 → median 1, 4 of 7; tiers 4 of 8.
    expect(d.predictability.per_key_median).toMatchObject({ n: 7, median_abs_log2_error: 1, within_2x: 4 / 7, tier_accuracy: 0.5 });
    // 16 observations never reach the 100 that publish boundaries: every message is `unready`.
    expect(d.predictability.predictor).toMatchObject({ n: 0, coverage: 0, median_abs_log2_error: null, outcomes: { unready: 8 } });
    expect(d.keys).toMatchObject({ count: 3, history_count: 2, in_history_share: 6 / 8, first_arrival_share: 1 / 8 });
    expect(d.warnings.map((w) => w.parameter)).toContain('predictor.minSamples');
  });

  it("has the predictor's coverage equal to the arm's predicted share in simulate, and the table agrees on a generated trace", () => {
    const trace = generateServerless({ ...SERVERLESS_DEFAULTS, n: 6000, keys: 30 }, createRng(3));
    const armText = 'predictive+weights+pausing';
    const d = expectTablesAgree(trace, armText, 0.8);
    const sim = simulate(trace, {
      loads: [0.8], arms: [parseArm(armText, 3)], workers: 4, levels: 3, defaultLevel: 1, split: 'count', fraction: 0.5,
      windows: 1, windowBy: 'count', staticMap: null, seed: 1,
    });
    const outcomes = sim.results['0.8']!.arms[armText]!.outcomes as Record<string, number>;
    expect(d.predictability.predictor.outcomes).toEqual(outcomes);
    expect(outcomes.predicted).toBeGreaterThan(0);
    expect(d.predictability.predictor.coverage).toBe(outcomes.predicted! / sim.trace.evaluation_rows);
    expect(d.predictability.predictor.tier_rows).toBe(outcomes.predicted);
    expect(d.compress).toBe(sim.results['0.8']!.compress);
  });

  it('refuses a split without history and an arm without a warm predictor', () => {
    expect(() => diagnoseTrace(hand, { ...runFor('predictive', 'as-is'), fraction: 0.01 })).toThrow(/option --split: count 0.01; expected a split that leaves both history and evaluation rows/);
    expect(() => diagnoseTrace(hand, runFor('fifo', 'as-is'))).toThrow(/option --arm: fifo; expected a warm predictive arm/);
    expect(() => diagnoseTrace(hand, runFor('predictive-cold', 'as-is'))).toThrow(/option --arm/);
    expect(splitTrace(hand, 'count', 0.5).cut).toBe(8);
  });
});

/**
 * 4000 rows one second apart, durations lognormal (seeded) around the median of the row's key; keys take turns in
 * runs of `run` rows (1: round robin).
 */
function keyedTrace(medianOf: (key: number) => number, keys: number, seed: number, run = 1): Trace {
  const rng = createRng(seed);
  const rows = [];
  for (let i = 0; i < 4000; i++) {
    const k = Math.floor(i / run) % keys;
    const u1 = rng.next() || 1e-12;
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * rng.next());
    rows.push({ arrival_ms: i * 1000, duration_ms: medianOf(k) * Math.exp(0.4 * z), key: `k${k}` });
  }
  return traceFromRows(rows);
}

describe('diagnoseTrace: the verdict and the keys-carry-no-information warning', () => {
  it('warns and says "not learnable" for one key, and for keys whose durations are identically distributed', () => {
    for (const trace of [keyedTrace(() => 500, 1, 5), keyedTrace(() => 500, 8, 6)]) {
      const d = diagnoseTrace(trace, runFor('predictive', 0.5));
      const w = d.warnings.find((x) => x.parameter === 'trace key');
      expect(w?.text).toMatch(/^keys carry no information about durations: the per-key history median \(median \|log2 error\| [\d.]+\) and the online per-key predictor/);
      expect(d.verdict).toMatchObject({ learnable: false, obstacle: 'keys_uninformative' });
      expect(d.verdict.text).toMatch(/^Bottom line: not learnable — /);
    }
  });

  it('has no such warning, and says "learnable", when each key has its own duration scale', () => {
    const d = diagnoseTrace(keyedTrace((k) => 50 * 2 ** k, 8, 7), runFor('predictive', 0.5));
    expect(d.warnings.map((w) => w.parameter)).not.toContain('trace key');
    expect(d.verdict.learnable).toBe(true);
    expect(d.verdict.key_gain!).toBeGreaterThan(0.5);
    expect(d.verdict.text).toMatch(/^Bottom line: learnable — (per-key history medians|the online per-key predictor) explain(s)? \d+ % of the error a global median leaves.*; main obstacle: /);
    // Without queueing every key is predicted once it has n_min observations: the online row covers most jobs.
    expect(d.predictability.online_per_key.coverage).toBeGreaterThan(0.9);
  });

  it('explains why a backlog makes more arrivals stale than the gaps between arrivals do', () => {
    // Eight keys in runs of 50 arrivals, so each key pauses for 350 arrivals (over 20 s at any load here) and its
    // first arrival after a pause is stale: 2 % of arrivals. At load 2 on 4 workers the queue grows and completions
    // lag arrivals by ever more; a stale key stays stale until one of its jobs completes, so most of its run is.
    const trace = keyedTrace((k) => 500 * (k + 1), 8, 8, 50);
    const d = diagnoseTrace(trace, runFor('predictive@predictor.staleAfterMs=20000', 2));
    expect(d.stale_fallback.online_share).toBe(d.keys.stale_share);
    expect(d.stale_fallback.simulated_share).toBeGreaterThan(d.keys.stale_share + 0.05);
    expect(d.stale_fallback.note).toMatch(/a stale key is revived only when one of its jobs completes — under backlog/);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hsim-diagnose-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasShared())('diagnoseTrace on LPC-EGEE (shared/traces-raw/pwa-swf)', () => {
  it('agrees with the plain computation and warns that stale keys go to the default level', async () => {
    const { convertFile } = await import('../../converters/convert-file.ts');
    const { resolveConverterSpec } = await import('../../converters/convert-options.ts');
    const { readTrace } = await import('../../traces/trace-io.ts');
    const input = sharedFile('traces-raw', 'pwa-swf', 'LPC-EGEE-2004-1.2-cln.swf.gz')!;
    const out = join(dir, 'lpc.csv');
    await convertFile({ input, output: out, spec: resolveConverterSpec('swf', { preset: 'lpc-egee' }), strict: false });
    const { trace } = await readTrace(out, { cache: false });
    const d = expectTablesAgree(trace, 'predictive', 0.8);
    expect(d.trace.evaluation_rows).toBe(107161); // 214322 kept rows (converters/real-swf.test.ts), split by count
    const stale = d.warnings.find((w) => w.parameter === 'predictor.staleAfterMs');
    expect(stale?.text).toMatch(/^\d+ % of evaluation jobs arrive more than 30 min after their key's previous job \(load 0\.8\): the staleness rule will send them to the default level$/);
    expect(d.predictability.predictor.outcomes.stale_key! / d.trace.evaluation_rows).toBeGreaterThan(0.4);
    // Without queueing the stale fallbacks are exactly the arrivals more than τ after their key's previous one.
    expect(d.stale_fallback.online_share).toBe(d.keys.stale_share);
    expect(d.stale_fallback.note).toMatch(/revived only when one of its jobs completes/);
    expect(d.verdict).toMatchObject({ learnable: true, obstacle: 'stale_key' });
  }, 120_000);
});
