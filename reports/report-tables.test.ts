// The page tables' number formats: signed percentages with one decimal, ratios to 4 digits, margins in pp.
import { describe, expect, it } from 'vitest';
import { formatMargin, formatValue, gateSections } from './report-tables.ts';
import { fixtureReplicatedResultFile } from './fixtures/report-fixture.ts';
import { fixtureEvaluation, fixtureTrace } from './golden-specs.ts';

describe('formatValue', () => {
  it('writes a change as a signed percentage with one decimal and a ratio to 4 significant digits', () => {
    expect(formatValue('relative_delta', -0.3)).toBe('−30.0 %');
    expect(formatValue('relative_delta', 0.0123)).toBe('+1.2 %');
    expect(formatValue('ratio', 1.00251789)).toBe('1.003');
  });
  it('never writes −0.0 %, and a dash for a missing value', () => {
    expect(formatValue('relative_delta', -0.00001)).toBe('0.0 %');
    expect(formatValue('ratio', null)).toBe('–');
  });
});

describe('formatMargin', () => {
  it('writes a change margin in percentage points and a ratio margin plainly', () => {
    expect(formatMargin('relative_delta', 0.15)).toBe('+15.0 pp');
    expect(formatMargin('ratio', 0.6772)).toBe('0.677');
  });
  it('writes a dash for a missing margin', () => {
    expect(formatMargin('relative_delta', null)).toBe('–');
  });
});

describe('gateSections of replicated results', () => {
  it('adds the replications column and a note naming each seed\'s verdict; unstable shows as UNSTABLE', () => {
    const [section] = gateSections([fixtureEvaluation(fixtureTrace(fixtureReplicatedResultFile()))]);
    const load = section!.loads[0]!;
    expect(load.table.header).toContain('replications');
    // fixtures/report-fixture.ts: seeds at −30, −20, −10 % against a −15 % bar.
    // Pooled windows: mean −20 %, its margin to the −15 % bar 5 pp; the bootstrap interval lies between −30 and −10 %.
    const row = load.table.rows[0]!;
    expect(row[3]).toMatch(/^−20\.0 % \[−(2\d|30)\.\d %, −1\d\.\d %\]$/);
    expect([...row.slice(0, 3), ...row.slice(4)]).toEqual(['mean_vs_fifo', 'primary', 'mean_latency_ms Δ ≤ -0.15 and upper < 0', '+5.0 pp', '–', '–', 'pass × 2, fail × 1', 'UNSTABLE']);
    expect(load.notes[0]).toBe('mean_vs_fifo: pair window (each seed judged on its own windows): s1 pass, s2 pass, s3 fail');
  });
  it('has no replications column for results run once', () => {
    expect(gateSections([fixtureEvaluation(fixtureTrace())])[0]!.loads[0]!.table.header).not.toContain('replications');
  });
});
