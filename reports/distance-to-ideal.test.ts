// The distance-to-ideal table on the report fixture with hand-set SRPT and SJF means.
import { describe, expect, it } from 'vitest';
import { parseResultFile } from '../src/result/result-reader.ts';
import { fixtureResultFile } from './fixtures/report-fixture.ts';
import { distanceToIdealTable } from './distance-to-ideal.ts';
import { parseResultExtras } from '../src/result/result-reader.ts';
import { groupByTrace } from './trace-results.ts';

function traces(json: Record<string, unknown>) {
  const parsed = parseResultFile(json, 'r.json');
  if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
  return groupByTrace([{ sourced: { file: 'r.json', result: parsed.value }, extras: parseResultExtras(json, 'r.json').value }]).traces;
}

describe('distanceToIdealTable', () => {
  it('orders fifo, the arms, then the bounds, with the ratio to SRPT and the share of the FIFO→SRPT gap closed', () => {
    const json = fixtureResultFile(['fifo', 'predictive+weights+pausing', 'srpt', 'sjf']);
    // Load 0.5 of the fixture: fifo's whole-run mean is 4000 ms, predictive+weights+pausing 0.7 × 4000 = 2800 ms.
    const arms = (json['results'] as Record<string, { arms: Record<string, { all: Record<string, number> }> }>)['0.5']!.arms;
    arms['srpt']!.all['mean_latency_ms'] = 1000;
    arms['sjf']!.all['mean_latency_ms'] = 1200;
    const rows = distanceToIdealTable(traces(json)).rows.filter((r) => r[1] === '0.5');
    expect(rows).toEqual([
      ['shop', '0.5', 'fifo', '4000', '4.00×', '0.0 %'],
      ['shop', '0.5', 'predictive+weights+pausing', '2800', '2.80×', '40.0 %'], // (4000 − 2800)/(4000 − 1000)
      ['shop', '0.5', 'sjf', '1200', '1.20×', '93.3 %'],
      ['shop', '0.5', 'srpt', '1000', '1.00×', '100.0 %'],
    ]);
  });

  it('has no rows without an srpt arm', () => {
    expect(distanceToIdealTable(traces(fixtureResultFile(['fifo', 'predictive']))).rows).toEqual([]);
  });
});
