// The per-key and queue-series charts: their data from by_key / series, and no chart without them.
import { describe, expect, it } from 'vitest';
import { parseResultExtras, parseResultFile } from '../src/result/result-reader.ts';
import { fixtureResultFile } from './fixtures/report-fixture.ts';
import { groupByTrace } from './trace-results.ts';
import { keyWaitChart, keyWaitPoints } from './key-wait-chart.ts';
import { queueSeriesChart, queueSeriesRows } from './queue-series-chart.ts';

function traceOf(json: Record<string, unknown>) {
  const parsed = parseResultFile(json, 'r.json');
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  const extras = parseResultExtras(json, 'r.json');
  return { trace: groupByTrace([{ sourced: { file: 'r.json', result: parsed.value }, extras: extras.value }]).traces[0]!, issues: extras.issues };
}

/** The fixture with by_key and series added to fifo at load 0.8 (hand-made values). */
function withProbes(): Record<string, unknown> {
  const json = fixtureResultFile(['fifo', 'predictive']);
  const fifo = (json as any).results['0.8'].arms.fifo; // eslint-disable-line @typescript-eslint/no-explicit-any
  fifo.by_key = { b: { count: 3, mean_wait_ms: 2, mean_latency_ms: 5 }, a: { count: 1, mean_wait_ms: 0, mean_latency_ms: 1 } };
  fifo.series = { at_ms: [1000, 2000], busy: [2, 1], waiting: [[1, 0], [3, 2]], promoted_share: [[0, 0], [0.5, 0]] };
  return json;
}

describe('keyWaitPoints and queueSeriesRows', () => {
  it('read by_key (keys sorted) and series (levels, busy, shares) of the arms that carry them', () => {
    const { trace, issues } = traceOf(withProbes());
    expect(issues).toEqual([]);
    expect(keyWaitPoints(trace)).toEqual([
      { load: '0.8', arm: 'fifo', key: 'a', count: 1, mean_wait_ms: 0 },
      { load: '0.8', arm: 'fifo', key: 'b', count: 3, mean_wait_ms: 2 },
    ]);
    const q = queueSeriesRows(trace)!;
    expect(q.load).toBe('0.8');
    expect(q.rows.filter((r) => r.t_ms === 1000).map((r) => [r.metric, r.level, r.value])).toEqual([
      ['messages waiting', 'level 0', 1],
      ['messages waiting', 'level 1', 3],
      ['busy workers', 'all', 2],
      ['promoted share of waiting', 'level 0', 0],
      ['promoted share of waiting', 'level 1', 0.5],
    ]);
    expect(JSON.stringify(keyWaitChart('shop', keyWaitPoints(trace)!))).toMatch(/Mean wait by key frequency: shop/);
    expect(JSON.stringify(queueSeriesChart('shop', q.load, q.rows))).toMatch(/"text":"Queues over time: shop, load 0.8"/);
  });

  it('give null without by_key or series, and a malformed series is reported and ignored', () => {
    const { trace } = traceOf(fixtureResultFile(['fifo']));
    expect(keyWaitPoints(trace)).toBeNull();
    expect(queueSeriesRows(trace)).toBeNull();
    const bad = withProbes();
    (bad as any).results['0.8'].arms.fifo.series.busy = [1]; // eslint-disable-line @typescript-eslint/no-explicit-any
    (bad as any).results['0.8'].arms.fifo.by_key.a = { count: 'one' }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const read = traceOf(bad);
    expect(read.issues).toEqual([
      expect.stringMatching(/r\.json → results\.0\.8\.arms\.fifo\.by_key\.a: found .*expected \{count, mean_wait_ms, mean_latency_ms\}/),
      expect.stringMatching(/r\.json → results\.0\.8\.arms\.fifo\.series: busy: expected 2 numbers/),
    ]);
    expect(queueSeriesRows(read.trace)).toBeNull();
    expect(keyWaitPoints(read.trace)).toBeNull();
  });
});
