// Tests of the workload generators: determinism per seed, and statistical sanity against their defining formulas.
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.ts';
import { createRng } from '../../src/rng/seeded.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { formatTraceCsv } from '../trace-csv.ts';
import { generateMmc, MMC_DEFAULTS, mmcArrivalRate } from './mmc.ts';
import { generatePriority, parsePriorityClasses, PRIORITY_DEFAULTS, priorityMeanServiceMs } from './priority.ts';
import { generateProdflow, PRODFLOW_COST_CHANGE, PRODFLOW_DEFAULTS, PRODFLOW_PHASES, prodflowLoadAt, prodflowMeanCostMs } from './prodflow.ts';
import { generateServerless, SERVERLESS_DEFAULTS, serverlessKeyName, zipfTopShare } from './serverless.ts';

const mean = (a: ArrayLike<number>): number => Array.from(a).reduce((s, x) => s + x, 0) / a.length;
const median = (a: number[]): number => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
};
/** Total duration of the jobs arriving in [fromMs, toMs) divided by ((toMs − fromMs) × workers). */
function offeredLoad(t: Trace, fromMs: number, toMs: number, workers: number): number {
  let work = 0;
  for (let i = 0; i < t.n; i++) if (t.arrival[i]! >= fromMs && t.arrival[i]! < toMs) work += t.duration[i]!;
  return work / ((toMs - fromMs) * workers);
}
const small = { ...SERVERLESS_DEFAULTS, n: 20000 };

describe.each([
  ['mmc', (seed: number) => generateMmc({ ...MMC_DEFAULTS, n: 2000, keys: 3 }, createRng(seed))],
  ['priority', (seed: number) => generatePriority({ ...PRIORITY_DEFAULTS, n: 2000 }, createRng(seed))],
  ['serverless', (seed: number) => generateServerless({ ...small, n: 2000 }, createRng(seed))],
  ['prodflow', (seed: number) => generateProdflow(PRODFLOW_DEFAULTS, createRng(seed))],
])('%s determinism', (_name, gen) => {
  it('gives identical bytes for the same seed and different bytes for another', () => {
    const a = formatTraceCsv(gen(5));
    expect(formatTraceCsv(gen(5))).toBe(a);
    expect(formatTraceCsv(gen(6))).not.toBe(a);
  });
});

describe('generateMmc', () => {
  it('has the exponential service mean and the arrival rate λ = ρ·c/E[S] (20k rows)', () => {
    const opts = { ...MMC_DEFAULTS, c: 4, rho: 0.9, meanServiceMs: 50 };
    const t = generateMmc(opts, createRng(1));
    expect(t.n).toBe(20000);
    expect(t.keys).toEqual(['k0']);
    // Standard error of the mean is 1/√20000 ≈ 0.7 % for both; 3 % is over 4 standard errors.
    expect(mean(t.duration) / 50).toBeCloseTo(1, 1);
    expect(Math.abs(mean(t.duration) / 50 - 1)).toBeLessThan(0.03);
    const rate = t.n / t.arrival[t.n - 1]!;
    expect(Math.abs(rate / mmcArrivalRate(opts) - 1)).toBeLessThan(0.03);
    expect(mmcArrivalRate(opts)).toBeCloseTo((0.9 * 4) / 50, 12);
  });

  it('has the lognormal mean E[S] and uses all keys about evenly', () => {
    const t = generateMmc({ ...MMC_DEFAULTS, service: 'lognormal', sigma: 1, keys: 4 }, createRng(2));
    // cv of a lognormal with σ = 1 is √(e − 1) ≈ 1.31, so the standard error is ≈ 0.93 %.
    expect(Math.abs(mean(t.duration) / 100 - 1)).toBeLessThan(0.05);
    expect(t.keys.length).toBe(4);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < t.n; i++) counts[t.keyId[i]!]!++;
    for (const c of counts) expect(Math.abs(c / t.n - 0.25)).toBeLessThan(0.02);
  });

  it('refuses out-of-range options naming the flag', () => {
    expect(() => generateMmc({ ...MMC_DEFAULTS, rho: 0 }, createRng(1))).toThrow(/option --rho: 0; expected a number > 0/);
    expect(() => generateMmc({ ...MMC_DEFAULTS, n: 1.5 }, createRng(1))).toThrow(InputError);
  });

  it('refuses ρ ≥ 1 as an unstable queue, with the fix, and takes ρ just below 1', () => {
    for (const rho of [1, 1.2]) {
      expect(() => generateMmc({ ...MMC_DEFAULTS, rho }, createRng(1))).toThrow(new RegExp(`^option --rho: ${rho}, an unstable queue: .*; expected a load 0 < ρ < 1 \\(e\\.g\\. --rho 0\\.95; to study overload, .* --load 1\\.2\\)$`));
      expect(() => generatePriority({ ...PRIORITY_DEFAULTS, rho }, createRng(1))).toThrow(/option --rho: .*an unstable queue/);
    }
    expect(generateMmc({ ...MMC_DEFAULTS, n: 100, rho: 0.99 }, createRng(1)).n).toBe(100);
  });
});

describe('generatePriority', () => {
  it('draws classes by share with their exponential means, at the stated load', () => {
    const classes = parsePriorityClasses('short:10:0.8,long:100:0.2');
    const t = generatePriority({ n: 20000, c: 2, rho: 0.7, classes }, createRng(3));
    expect([...t.classes!].sort()).toEqual(['long', 'short']);
    const byClass = new Map<string, number[]>([['short', []], ['long', []]]);
    for (let i = 0; i < t.n; i++) {
      const label = t.classes![t.classId![i]!]!;
      expect(t.keys[t.keyId[i]!]).toBe(label);
      byClass.get(label)!.push(t.duration[i]!);
    }
    expect(Math.abs(byClass.get('short')!.length / t.n - 0.8)).toBeLessThan(0.015);
    expect(Math.abs(mean(byClass.get('short')!) / 10 - 1)).toBeLessThan(0.04);
    expect(Math.abs(mean(byClass.get('long')!) / 100 - 1)).toBeLessThan(0.06);
    expect(priorityMeanServiceMs(classes)).toBeCloseTo(28, 12);
    expect(Math.abs(offeredLoad(t, 0, t.arrival[t.n - 1]!, 2) / 0.7 - 1)).toBeLessThan(0.05);
  });

  it('parses class lists and refuses malformed ones', () => {
    expect(parsePriorityClasses('a:1:1')).toEqual([{ label: 'a', meanMs: 1, share: 1 }]);
    for (const bad of ['a:1', 'a:x:1', 'a:1:0', ':1:1', 'a:1:1:1', 'a:1:1,a:2:1']) {
      expect(() => parsePriorityClasses(bad)).toThrow(/option --classes/);
    }
  });
});

describe('generateServerless', () => {
  const t = generateServerless({ ...small, n: 60000 }, createRng(4));

  it('has Zipf popularity: the top key takes 1/H(K, s) of the jobs', () => {
    const top = serverlessKeyName(1, 400);
    expect(top).toBe('fn001');
    let count = 0;
    const id = t.keys.indexOf(top);
    for (let i = 0; i < t.n; i++) if (t.keyId[i] === id) count++;
    // 1/H(400, 1) ≈ 0.152; the standard error on 60k rows is ≈ 0.0015.
    expect(zipfTopShare(400, 1)).toBeCloseTo(0.1522, 3);
    expect(Math.abs(count / t.n - zipfTopShare(400, 1))).toBeLessThan(0.008);
    expect(t.keys.length).toBeGreaterThan(350);
  });

  it('has diurnal arrivals: the rising half-period gets (1 + 2A/π)/(1 − 2A/π) times the jobs of the falling one', () => {
    let first = 0;
    let second = 0;
    for (let i = 0; i < t.n; i++) {
      if (t.arrival[i]! < small.periodMs / 2) first++;
      else if (t.arrival[i]! < small.periodMs) second++;
    }
    const a = small.amplitude;
    const expected = (1 + (2 * a) / Math.PI) / (1 - (2 * a) / Math.PI);
    expect(Math.abs(first / second / expected - 1)).toBeLessThan(0.05);
  });

  it('gives each key lognormal durations around its own median within the median range', () => {
    const byKey = new Map<number, number[]>();
    for (let i = 0; i < t.n; i++) {
      const k = t.keyId[i]!;
      if (!byKey.has(k)) byKey.set(k, []);
      byKey.get(k)!.push(t.duration[i]!);
    }
    const medians = [...byKey.values()].filter((d) => d.length >= 200).map(median);
    expect(medians.length).toBeGreaterThan(10);
    for (const m of medians) expect(m >= 0.4 && m <= 70000).toBe(true);
    expect(Math.max(...medians) / Math.min(...medians)).toBeGreaterThan(100);
  });
});

describe('generateProdflow', () => {
  const runs = [1, 2, 3, 4].map((seed) => generateProdflow(PRODFLOW_DEFAULTS, createRng(seed)));

  it('has ~35k jobs, 5 services as keys and 9 job types as classes', () => {
    for (const t of runs) {
      expect(t.n).toBeGreaterThan(33000);
      expect(t.n).toBeLessThan(39000);
      expect([...t.keys].sort()).toEqual(['billing', 'checkout', 'notifications', 'reporting', 'webhooks']);
      expect(t.classes!.length).toBeGreaterThanOrEqual(8);
    }
    expect(prodflowMeanCostMs()).toBeGreaterThan(20);
    expect(prodflowMeanCostMs()).toBeLessThan(30);
  });

  it('runs the steady phase near 60 % and the flash sale near 125 % of 4 workers (mean of 4 seeds)', () => {
    const steady = PRODFLOW_PHASES.find((p) => p.name === 'steady')!;
    const flash = PRODFLOW_PHASES.find((p) => p.name === 'flash-sale')!;
    expect([steady.loadFrom, flash.loadFrom]).toEqual([0.6, 1.25]);
    const avg = (p: { startS: number; endS: number }): number => mean(runs.map((t) => offeredLoad(t, p.startS * 1000, p.endS * 1000, 4)));
    // The rare report exports (≈ 18 s each) make one phase of one seed vary by several percent.
    expect(Math.abs(avg(steady) / 0.6 - 1)).toBeLessThan(0.12);
    expect(Math.abs(avg(flash) / 1.25 - 1)).toBeLessThan(0.12);
    expect(prodflowLoadAt(115)).toBeCloseTo(0.925, 12);
    expect(prodflowLoadAt(180)).toBeCloseTo(0.925, 12);
  });

  it('slows the e-mail jobs down from 220 s', () => {
    const before: number[] = [];
    const after: number[] = [];
    for (const t of runs) {
      const email = t.classes!.indexOf('send-email');
      for (let i = 0; i < t.n; i++) {
        if (t.classId![i] !== email) continue;
        (t.arrival[i]! < PRODFLOW_COST_CHANGE.atS * 1000 ? before : after).push(t.duration[i]!);
      }
    }
    expect(Math.abs(median(after) / median(before) / PRODFLOW_COST_CHANGE.factor - 1)).toBeLessThan(0.1);
  });
});
