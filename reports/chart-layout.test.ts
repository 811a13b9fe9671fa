// What a reviewer checks on the report's charts: panel sizes that fit the page, log ticks that reach past the data,
// loads on a linear axis, one y scale where panels compare like with like, headers without redundant titles.
import { describe, expect, it } from 'vitest';
import { CHART_MAX_WIDTH, panelWidth } from './chart-theme.ts';
import { fixtureTrace } from './golden-specs.ts';
import { fixtureSweepFile } from './fixtures/report-fixture.ts';
import { cdfPoints, latencyCdfChart, type CdfPoint } from './latency-cdf-chart.ts';
import { loadCurveChart, type LoadPoint } from './load-curve-chart.ts';
import { queueSeriesChart, type QueueSeriesRow } from './queue-series-chart.ts';
import { effectPoints, sensitivityEffectChart } from './sensitivity-effect-chart.ts';
import { gateName, sensitivityChart, sensitivityCells } from './sensitivity-chart.ts';
import { parseSweepFile } from '../src/config/sweep-output.ts';
import { windowSeriesChart, windowSeriesData } from './window-series-chart.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('panelWidth', () => {
  it('gives three panels with one y axis 400 px or more and keeps the chart within the page', () => {
    expect(panelWidth(3)).toBeGreaterThanOrEqual(400);
    expect(16 + 72 + 3 * panelWidth(3) + 2 * 12).toBeLessThanOrEqual(CHART_MAX_WIDTH);
    expect(panelWidth(1)).toBe(560);
  });
});

describe('latency CDF chart', () => {
  // LPC-EGEE-like spread at three loads: 0.7 s to 7 days.
  const points: CdfPoint[] = ['0.5', '0.8', '0.95'].flatMap((load) =>
    ['fifo', 'sept'].flatMap((arm) => [0, 0.5, 1].map((q, i) => ({ load, arm, q, latency_ms: [700, 3_600_000, 596_160_000][i]! }))),
  );
  const spec = latencyCdfChart('lpc', points) as Json;

  it('puts decade ticks on a domain that reaches past both ends of every curve', () => {
    const x = spec['spec'].layer[0].encoding.x;
    expect(x.title).toBe('latency (h, log)');
    // 0.7 s = 0.000194 h, 596 160 000 ms = 165.6 h.
    expect(x.scale).toEqual({ type: 'log', domain: [0.0001, 1000], nice: false });
    expect(x.axis.values).toEqual([0.0001, 0.001, 0.01, 0.1, 1, 10, 100, 1000]);
  });
  it('heads each panel "load X" with no separate "load" title, three panels of 400 px or more', () => {
    expect(spec['facet'].title).toBeNull();
    expect(spec['facet'].header.labelExpr).toBe("'load ' + (datum.label)");
    expect(spec['columns']).toBe(3);
    expect(spec['spec'].width).toBeGreaterThanOrEqual(400);
  });
  it('reads the fixture CDFs into a chart of two panels no wider than 560 px each', () => {
    const s = latencyCdfChart('shop', cdfPoints(fixtureTrace())!) as Json;
    expect(s['columns']).toBe(2);
    expect(s['spec'].width).toBe(560);
  });
});

describe('per-window chart', () => {
  it('shares one latency axis across the loads (no independent y scales)', () => {
    const s = windowSeriesChart(windowSeriesData(fixtureTrace())!) as Json;
    expect(s['resolve']).toBeUndefined();
    expect(s['spec'].layer[1].encoding.y.scale.type).toBe('log');
    expect(s['spec'].layer[1].encoding.y.axis.values.length).toBeGreaterThan(1);
  });
});

describe('latency against load', () => {
  const point = (load: string, arm: string, mean: number): LoadPoint => ({ load, arm, mean_ms: mean, low_ms: mean / 2, high_ms: mean * 2, windows: 7 });
  const points = ['0.5', '0.8', '0.95'].flatMap((l, i) => [point(l, 'fifo', 1000 * (i + 1)), point(l, 'sept', 500 * (i + 1))]);

  it('places numeric loads on a linear axis, at their values, with a tick at each load', () => {
    const s = loadCurveChart('lpc', points) as Json;
    const x = s['layer'][1].encoding.x;
    expect(x.type).toBe('quantitative');
    expect(x.axis.values).toEqual([0.5, 0.8, 0.95]);
    const xs = (s['data'].values as Json[]).filter((v) => v['arm'] === 'fifo').map((v) => v['x'] as number);
    // Spacing follows the loads: 0.5 → 0.8 is twice 0.8 → 0.95.
    expect((xs[1]! - xs[0]!) / (xs[2]! - xs[1]!)).toBeCloseTo(2, 6);
    expect(s['width']).toBeGreaterThanOrEqual(400);
  });
  it('falls back to categories when a load is not a number', () => {
    const s = loadCurveChart('pf', [point('as-is', 'fifo', 10), point('0.8', 'fifo', 20)]) as Json;
    expect(s['layer'][0].encoding.x.type).toBe('ordinal');
  });
});

describe('queues over time', () => {
  const rows: QueueSeriesRow[] = ['fifo', 'predictive+weights+pausing', 'sept', 'a', 'b', 'c', 'd', 'e'].flatMap((arm) => [
    { arm, metric: 'messages waiting', level: 'level 0', t_ms: 0, value: 1 },
    { arm, metric: 'messages waiting', level: 'level 0', t_ms: 1_800_000, value: 700 },
    { arm, metric: 'busy workers', level: 'all', t_ms: 0, value: 4 },
    { arm, metric: 'promoted share of waiting', level: 'level 0', t_ms: 0, value: 0.5 },
  ]);
  const spec = queueSeriesChart('prodflow', 'as-is', rows) as Json;

  it('draws one column per metric, arms down, each metric on one y scale for every arm', () => {
    expect(spec['hconcat']).toHaveLength(3);
    for (const col of spec['hconcat'] as Json[]) {
      expect(col['facet'].row.field).toBe('arm');
      expect(col['resolve']).toBeUndefined();
    }
    expect(spec['resolve']).toEqual({ scale: { y: 'independent', color: 'shared' } });
  });
  it('fits the page width however many arms there are, in minutes for a 30 min span', () => {
    const width = (spec['hconcat'] as Json[])[0]!['spec'].width as number;
    expect(3 * width + 180 + 2 * 12).toBeLessThanOrEqual(CHART_MAX_WIDTH);
    expect((spec['hconcat'] as Json[])[0]!['spec'].encoding.x.title).toBe('simulated time (min)');
  });
});

describe('sensitivity charts', () => {
  const sweep = parseSweepFile(fixtureSweepFile(), 'sweep.json');
  if (!sweep.ok) throw new Error(sweep.issues.join('\n'));

  it('draws effects as % changes when the criterion kinds are known (a ratio r as r − 1)', () => {
    const points = effectPoints(sweep.value);
    const kinds = new Map(points.map((p) => [p.criterion, p.criterion.includes('ratio') ? ('ratio' as const) : ('relative_delta' as const)]));
    const s = sensitivityEffectChart(sweep.value, points, false, kinds) as Json;
    const x = s['spec'].layer[2].encoding.x;
    expect(x.title).toBe('change vs baseline');
    expect(x.axis.format).toBe('+.1~%');
    const drawn = s['data'].values as Json[];
    points.forEach((p, i) => expect(drawn[i]!['point']).toBeCloseTo(kinds.get(p.criterion) === 'ratio' ? p.point - 1 : p.point, 5));
  });
  it('keeps the criterion units when a kind is unknown', () => {
    const s = sensitivityEffectChart(sweep.value, effectPoints(sweep.value)) as Json;
    expect(s['spec'].layer[2].encoding.x.title).toBe('estimate (criterion units)');
  });
  it('names the gate by its file name in the title and gives the path below', () => {
    expect(gateName('/work/x/experiments/gates/a.sim.json')).toBe('a.sim.json');
    const s = sensitivityChart({ ...sweep.value, gate: '/work/x/experiments/gates/a.sim.json' }, sensitivityCells(sweep.value)) as Json;
    expect(s['title'].text).toContain('(gate a.sim.json');
    expect(s['title'].subtitle).toContain('gate file /work/x/experiments/gates/a.sim.json');
  });
});
