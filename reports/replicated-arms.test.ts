// Folding replicated arms (arm#sSEED) into one arm per load: means over seeds, summed outcome counts, seeds kept aside.
import { describe, expect, it } from 'vitest';
import { fixtureReplicatedResultFile, fixtureResultFile } from './fixtures/report-fixture.ts';
import { fixtureTrace } from './golden-specs.ts';
import { loadPoints } from './load-curve-chart.ts';
import { foldedArmLabel, foldReplications } from './replicated-arms.ts';

type Json = { results: Record<string, { arms: Record<string, Record<string, unknown>> }> };
const PWP = 'predictive+weights+pausing';

describe('foldReplications', () => {
  it('folds arm#s1..3 into the arm: metrics and windows averaged over seeds, outcome counts summed', () => {
    const json = fixtureReplicatedResultFile() as Json;
    // Seed s: s predicted and 1 cold key in every one of the 7 windows (and in all).
    for (const s of [1, 2, 3]) {
      const counts = { predicted: s, cold_key: 1, unready: 0, stale_key: 0, high_spread: 0, censored: 0, invalid_key: 0 };
      Object.assign(json.results['0.8']!.arms[`${PWP}#s${s}`]!, { outcomes: counts, outcome_windows: Array.from({ length: 7 }, () => counts) });
    }
    const folded = foldReplications(fixtureTrace(json));
    const arms = folded.set.loads.get('0.8')!;
    expect([...arms.keys()]).toEqual(['fifo', PWP]);
    // report-fixture.ts: seed factors 0.7, 0.8, 0.9 of FIFO's 8000 ms (all) and 2000·(w+1) ms (window w).
    expect(arms.get(PWP)!.arm.all['mean_latency_ms']).toBe(6400);
    expect(arms.get(PWP)!.arm.windows.map((w) => w['mean_latency_ms'])).toEqual([1600, 3200, 4800, 6400, 8000, 9600, 11200]);
    expect(arms.get('fifo')!.arm.all['mean_latency_ms']).toBe(8000);
    expect(folded.extras.get('0.8')!.get(PWP)!.outcomeWindows![0]).toMatchObject({ predicted: 6, cold_key: 3 });
    expect([...folded.replications!.get('0.8')!.get(PWP)!.keys()]).toEqual([1, 2, 3]);
    expect(foldedArmLabel(folded, '0.8', PWP)).toBe(`${PWP} (mean of 3 seeds)`);
  });

  it('returns a trace without replications as it is, its arms labelled plainly', () => {
    const trace = fixtureTrace(fixtureResultFile());
    expect(foldReplications(trace)).toBe(trace);
    expect(foldedArmLabel(trace, '0.8', PWP)).toBe(PWP);
  });

  it('leaves the replications of an arm unfolded where the plain arm is there too, and drops windows of unequal count', () => {
    const json = fixtureReplicatedResultFile() as Json;
    const arms = json.results['0.8']!.arms;
    arms['fifo'] = arms['fifo#s1']!;
    arms[`${PWP}#s3`]!['windows'] = (arms[`${PWP}#s3`]!['windows'] as unknown[]).slice(0, 6);
    const folded = foldReplications(fixtureTrace(json));
    expect([...folded.set.loads.get('0.8')!.keys()].sort()).toEqual(['fifo', 'fifo#s1', 'fifo#s2', 'fifo#s3', PWP]);
    expect(folded.set.loads.get('0.8')!.get(PWP)!.arm.windows).toEqual([]);
  });
});

describe('loadPoints of a folded trace', () => {
  it('gives a replicated arm the mean over seeds of its window averages and their t-interval', () => {
    const json = fixtureReplicatedResultFile() as Json;
    json.results['0.5'] = { arms: Object.fromEntries(Object.entries(json.results['0.8']!.arms)), compress: 1 } as never;
    const points = loadPoints(foldReplications(fixtureTrace(json)))!;
    const p = points.find((x) => x.load === '0.8' && x.arm === PWP)!;
    // Window averages 8000·f for f = 0.7, 0.8, 0.9: mean 6400, s = 800, t(0.975, 2) = 4.302653 → ± 1987.36.
    expect(p.seeds).toBe(3);
    expect(p.mean_ms).toBeCloseTo(6400, 9);
    expect(p.low_ms).toBeCloseTo(6400 - 4.302652729749464 * (800 / Math.sqrt(3)), 6);
    expect(p.high_ms).toBeCloseTo(6400 + 4.302652729749464 * (800 / Math.sqrt(3)), 6);
    // Unfolded, every seed is an arm of its own.
    expect(new Set(loadPoints(fixtureTrace(json))!.map((x) => x.arm)).size).toBe(6);
  });
});
