// The charts added for papers on the hand-made fixture: load curve, who-pays tiers, frozen-only bars, arm colours, time units.
import { describe, expect, it } from 'vitest';
import { parseResultFile } from '../src/result/result-reader.ts';
import { ARM_COLOURS, armColors, armScale, FIFO_COLOUR } from './chart-theme.ts';
import { fixtureResultFile } from './fixtures/report-fixture.ts';
import { forestChart, forestRows } from './forest-chart.ts';
import { fixtureEvaluation, fixtureTrace } from './golden-specs.ts';
import { labelChart, labelRows } from './label-chart.ts';
import { buildReportModel } from './report-model.ts';
import { loadPoints } from './load-curve-chart.ts';
import { parseResultExtras } from '../src/result/result-reader.ts';
import { tierRows } from './tier-chart.ts';
import { groupByTrace } from './trace-results.ts';
import { windowSeriesChart, windowSeriesData } from './window-series-chart.ts';

function traceOf(json: Record<string, unknown>, file = 'r.json') {
  const parsed = parseResultFile(json, file);
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  return groupByTrace([{ sourced: { file, result: parsed.value }, extras: parseResultExtras(json, file).value }]).traces[0]!;
}

describe('loadPoints', () => {
  it('averages the window means per arm and load, with an interval around the mean', () => {
    // FIFO's window means are 1000·(w+1) ms at load 0.5 (w = 0..6): their mean is 4000 ms (fixtures/report-fixture.ts).
    const points = loadPoints(fixtureTrace())!;
    const fifo = points.filter((p) => p.arm === 'fifo');
    expect(fifo.map((p) => [p.load, p.mean_ms, p.windows])).toEqual([['0.5', 4000, 7], ['0.8', 8000, 7]]);
    for (const p of points) expect(p.low_ms <= p.mean_ms && p.mean_ms <= p.high_ms).toBe(true);
  });
  it('returns null with a single load (no curve)', () => {
    const json = fixtureResultFile(['fifo']) as { results: Record<string, unknown>; options: { loads: string[] } };
    delete json.results['0.8'];
    json.options.loads = ['0.5'];
    expect(loadPoints(traceOf(json))).toBeNull();
  });
});

describe('tierRows', () => {
  it('reads each tier p50 and mean of the whole run', () => {
    // The fixture's whole-run mean is 4000·f ms at 0.5; short p50 = 0.4 × mean, long mean = 2 × mean.
    const rows = tierRows(fixtureTrace())!;
    const fifo05 = rows.filter((r) => r.arm === 'fifo' && r.load === '0.5');
    expect(fifo05.map((r) => [r.tier, r.p50_ms, r.mean_ms])).toEqual([['short', 1600, 2000], ['medium', 3200, 4000], ['long', 6000, 8000]]);
  });
  it('returns null when no arm records tier metrics', () => {
    const json = fixtureResultFile(['fifo']) as { results: Record<string, { arms: Record<string, { all: Record<string, number> }> }> };
    for (const lr of Object.values(json.results)) for (const k of Object.keys(lr.arms['fifo']!.all)) if (/^(short|medium|long)_/.test(k)) (lr.arms['fifo']!.all as Record<string, number | null>)[k] = null; // written as not available
    expect(tierRows(traceOf(json))).toBeNull();
  });
});

describe('forest bars', () => {
  const layers = (spec: object): string => JSON.stringify(spec);
  it('draws no bar for a gate evaluated unfrozen, and says so', () => {
    const trace = fixtureTrace();
    const spec = forestChart(forestRows([trace], [fixtureEvaluation(trace)]).rows);
    expect(layers(spec)).not.toContain('"field":"bar"');
    expect(layers(spec)).toContain('bars of unfrozen gates not drawn');
  });
  it('draws the pre-registered bar for a frozen gate', () => {
    const trace = fixtureTrace();
    const rows = forestRows([trace], [fixtureEvaluation(trace)]).rows.map((r) => ({ ...r, preRegistered: r.bar !== null }));
    expect(layers(forestChart(rows))).toContain('"field":"bar"');
    expect(layers(forestChart(rows))).toContain('dashed = pre-registered bar');
  });
});

describe('one colour per arm across the report', () => {
  it('takes each arm colour from the report palette, whatever arms a chart has', () => {
    const palette = armColors(['fifo', 'oracle', 'predictive', 'predictive+weights+pausing']);
    expect(armScale(['fifo', 'predictive'], palette)).toEqual({ domain: ['fifo', 'predictive'], range: ['#7f7f7f', '#f28e2b'] });
    // Without the palette, the chart's own order would give predictive the first colour instead.
    expect(armScale(['fifo', 'predictive']).range).toEqual(['#7f7f7f', '#4e79a7']);
  });
  it('gives an arm the palette lacks a colour no arm of the palette has', () => {
    const palette = armColors(['fifo', 'y', 'z']);
    const scale = armScale(['fifo', 'x', 'y'], palette);
    expect(scale.domain).toEqual(['fifo', 'x', 'y']);
    expect(scale.range[2]).toBe(palette.range[1]);
    expect(palette.range).not.toContain(scale.range[1]);
    expect(scale.range[1]).toBe(ARM_COLOURS[2]);
  });
  it('has a distinct colour for each of 16 arms besides FIFO (sept and predictive+weights+pausing among them)', () => {
    const arms = ['fifo', 'oracle', 'oracle+weights+pausing', 'per-key', 'predictive', 'predictive+weights+pausing', 'sept', 'sjf', 'srpt', 'static-history', 'shadow', 'static-random', 'predictive-cold', 'a', 'b', 'c', 'd'];
    const { range } = armColors(arms);
    expect(new Set(range).size).toBe(arms.length);
    expect(range[0]).toBe(FIFO_COLOUR);
  });
});

/** Every arm colour scale in a spec (a colour channel on `arm` or `design` with a domain and range). */
function armColourScales(node: unknown, out: { domain: string[]; range: string[] }[] = []): { domain: string[]; range: string[] }[] {
  if (Array.isArray(node)) node.forEach((n) => armColourScales(n, out));
  else if (typeof node === 'object' && node !== null) {
    const o = node as Record<string, unknown>;
    const scale = o['scale'] as { domain?: unknown; range?: unknown } | undefined;
    if ((o['field'] === 'arm' || o['field'] === 'design') && Array.isArray(scale?.domain) && Array.isArray(scale?.range)) out.push(scale as { domain: string[]; range: string[] });
    Object.values(o).forEach((v) => armColourScales(v, out));
  }
  return out;
}

describe('one colour per arm in every chart of a report', () => {
  it('draws each of eleven arms in one colour of its own, the same in every chart', () => {
    const arms = ['fifo', 'oracle', 'oracle+weights+pausing', 'per-key', 'predictive', 'predictive+weights+pausing', 'sept', 'sjf', 'srpt', 'static-history', 'shadow'];
    const model = buildReportModel({ title: 't', traces: [fixtureTrace(fixtureResultFile(arms))], evaluations: [], gateNotes: [], sweeps: [], warnings: [] });
    const colour = new Map<string, string>();
    let scales = 0;
    for (const c of model.charts) {
      for (const s of armColourScales(c.spec)) {
        scales++;
        s.domain.forEach((arm, i) => {
          expect(colour.get(arm) ?? s.range[i], `${c.id}: ${arm}`).toBe(s.range[i]);
          colour.set(arm, s.range[i]!);
        });
      }
    }
    expect(scales).toBeGreaterThan(5);
    expect([...colour.keys()].sort()).toEqual([...arms].sort());
    expect(new Set(colour.values()).size).toBe(arms.length);
    expect(colour.get('sept')).not.toBe(colour.get('predictive+weights+pausing'));
  });
});

describe('time axes in the unit that fits', () => {
  it('uses seconds for the fixture window means (1 … 14 s) and keeps ms for the class latencies of ms size', () => {
    const trace = fixtureTrace();
    const ws = JSON.stringify(windowSeriesChart(windowSeriesData(trace)!));
    expect(ws).toContain('mean latency (s, log)');
    expect(ws).toContain('"latency":1'); // FIFO window 0 at load 0.5: 1000 ms = 1 s
    const rows = labelRows(trace)!.map((r) => ({ ...r, p50_latency_ms: r.p50_latency_ms / 1000, p99_latency_ms: r.p99_latency_ms / 1000 }));
    expect(JSON.stringify(labelChart(trace.name, rows))).toContain('latency (ms, log)');
  });
});
