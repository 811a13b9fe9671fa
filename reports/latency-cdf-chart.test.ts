// The latency CDF chart's data: every stored level per load and arm, zero latencies left off a log axis, or null.
import { describe, expect, it } from 'vitest';
import { fixtureReplicatedResultFile, fixtureResultFile } from './fixtures/report-fixture.ts';
import { fixtureTrace } from './golden-specs.ts';
import { cdfPoints, latencyCdfChart } from './latency-cdf-chart.ts';
import { foldReplications } from './replicated-arms.ts';

describe('cdfPoints', () => {
  it('lists each load and arm with its levels in order (fixture: 7 levels at base · factor · multiple)', () => {
    const points = cdfPoints(fixtureTrace())!;
    expect(points).toHaveLength(2 * 3 * 7);
    // Load 0.5, FIFO (base 1000, factor 1): multiples 0.05, 0.1, 0.3, 1, 3, 8, 20 (fixtures/report-fixture.ts).
    expect(points.filter((p) => p.load === '0.5' && p.arm === 'fifo').map((p) => [p.q, p.latency_ms])).toEqual([[0, 50], [0.01, 100], [0.1, 300], [0.5, 1000], [0.9, 3000], [0.99, 8000], [1, 20000]]);
    expect([...new Set(points.map((p) => p.arm))]).toEqual(['fifo', 'predictive', 'predictive+weights+pausing']);
  });

  it('leaves out zero latencies, and is null when no arm carries a CDF', () => {
    const json = fixtureResultFile(['fifo']) as { results: Record<string, { arms: Record<string, { latency_cdf?: { latency_ms: number[] } }> }> };
    json.results['0.5']!.arms['fifo']!.latency_cdf!.latency_ms[0] = 0;
    expect(cdfPoints(fixtureTrace(json))!.filter((p) => p.load === '0.5')).toHaveLength(6);
    for (const load of Object.values(json.results)) delete load.arms['fifo']!.latency_cdf;
    expect(cdfPoints(fixtureTrace(json))).toBeNull();
  });
});

describe('latencyCdfChart', () => {
  it('facets by load, puts latency on a log axis in the unit that fits and draws FIFO dashed on top', () => {
    const spec = latencyCdfChart('shop', cdfPoints(fixtureTrace())!) as unknown as { facet: { field: string }; spec: { layer: { mark: { strokeDash?: number[] }; encoding: { x: { title: string; scale: { type: string } } } }[] } };
    expect(spec.facet.field).toBe('load');
    // Latencies 35 ms … 40 s, median around 1 s: seconds.
    expect(spec.spec.layer[0]!.encoding.x).toMatchObject({ title: 'latency (s, log)', scale: { type: 'log' } });
    expect(spec.spec.layer.map((l) => l.mark.strokeDash ?? null)).toEqual([null, [6, 4]]);
  });
});

describe('latency CDF of replicated results', () => {
  it('draws one line per arm, the mean latency per level over its seeds, once the replications are folded', () => {
    const json = fixtureReplicatedResultFile() as { results: Record<string, { arms: Record<string, Record<string, unknown>> }> };
    // Seed s stores latencies s·(1, 10, 100): the means over seeds 1, 2, 3 are 2, 20, 200.
    for (const [key, arm] of Object.entries(json.results['0.8']!.arms)) {
      const s = Number(key.split('#s')[1]);
      arm['latency_cdf'] = { q: [0, 0.5, 1], latency_ms: [s, 10 * s, 100 * s] };
    }
    const points = cdfPoints(foldReplications(fixtureTrace(json)))!;
    expect(points.map((p) => [p.arm, p.q, p.latency_ms])).toEqual([
      ['fifo', 0, 2], ['fifo', 0.5, 20], ['fifo', 1, 200],
      ['predictive+weights+pausing', 0, 2], ['predictive+weights+pausing', 0.5, 20], ['predictive+weights+pausing', 1, 200],
    ]);
    expect(JSON.stringify(latencyCdfChart('shop-reps', points))).not.toContain('#s');
  });
});
