// The one result-file reader: loads, arms, windows and metrics read with every problem located by its JSON path.
import { describe, expect, it } from 'vitest';
import { resultFileObject } from '../../analysis/fixtures/result-file-fixture.ts';
import { METRIC_NAMES } from './metric-names.ts';
import { looksLikeResultFile, parseResultFile } from './result-reader.ts';
import { mergeResults } from '../../analysis/result-set.ts';

describe('parseResultFile', () => {
  it('reads loads, arms and windows; a metric written as null is absent, not an error', () => {
    const obj = resultFileObject({ fifo: { mean_latency_ms: [1, 2] } });
    const arms = (obj['results'] as Record<string, { arms: Record<string, { windows: Record<string, unknown>[] }> }>)['0.5']!.arms;
    arms['fifo']!.windows[1]!['p99_latency_ms'] = null;
    const parsed = parseResultFile(obj, 'r.json');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const fifo = parsed.value.results['0.5']!.arms['fifo']!;
    expect(fifo.windows.map((w) => w['mean_latency_ms'])).toEqual([1, 2]);
    expect('p99_latency_ms' in fifo.windows[1]!).toBe(false);
    expect(parsed.value.traceSha256).toBe('a'.repeat(64));
    expect(looksLikeResultFile(obj)).toBe(true);
    expect(looksLikeResultFile({ id: 'gate' })).toBe(false);
  });

  it('refuses a metric object that lacks a metric, naming its JSON path', () => {
    const obj = resultFileObject({ fifo: { mean_latency_ms: [1, 2] } });
    const arms = (obj['results'] as Record<string, { arms: Record<string, { windows: Record<string, unknown>[] }> }>)['0.5']!.arms;
    delete arms['fifo']!.windows[1]!['slowdown_p99'];
    const parsed = parseResultFile(obj, 'r.json');
    expect(parsed.ok ? [] : parsed.issues).toEqual(['r.json → results.0.5.arms.fifo.windows[1].slowdown_p99: nothing; expected a finite number or null (every metric of docs/result-file.md)']);
  });

  it('reports every malformed part with its JSON path', () => {
    const full = Object.fromEntries(METRIC_NAMES.map((n) => [n, 0]));
    const parsed = parseResultFile({ results: { '0.5': { arms: { fifo: { all: full, windows: [{ ...full, mean_latency_ms: 'x' }] }, b: 3 } }, '0.8': 1 } }, 'r.json');
    expect(parsed.ok ? [] : parsed.issues).toEqual([
      'r.json → results.0.5.arms.fifo.windows[0].mean_latency_ms: "x"; expected a finite number or null',
      'r.json → results.0.5.arms.b: 3; expected an object with all and windows',
      'r.json → results.0.8: 1; expected an object with compress and arms',
    ]);
  });
});

describe('mergeResults', () => {
  const parse = (o: unknown, f: string) => {
    const p = parseResultFile(o, f);
    if (!p.ok) throw new Error(p.issues.join('\n'));
    return { file: f, result: p.value };
  };

  it('merges arms of one load from two files', () => {
    const { set, issues } = mergeResults([parse(resultFileObject({ fifo: { count: [1] } }), 'a.json'), parse(resultFileObject({ predictive: { count: [1] } }), 'b.json')]);
    expect(issues).toEqual([]);
    expect([...set.loads.get('0.5')!.keys()]).toEqual(['fifo', 'predictive']);
    expect(set.loads.get('0.5')!.get('predictive')!.file).toBe('b.json');
  });

  it('refuses a duplicate load+arm (naming both files), another trace and an invalid replay', () => {
    const { issues } = mergeResults([
      parse(resultFileObject({ fifo: { count: [1] } }), 'a.json'),
      parse(resultFileObject({ fifo: { count: [1] } }), 'b.json'),
      parse(resultFileObject({ x: { count: [1] } }, { traceSha256: 'b'.repeat(64) }), 'c.json'),
      parse(resultFileObject({ y: { count: [1] } }, { replayValid: false }), 'd.json'),
    ]);
    expect(issues).toHaveLength(3);
    expect(issues[0]).toContain('found in both a.json and b.json');
    expect(issues[1]).toContain(`c.json → trace.sha256: found ${'b'.repeat(64)}`);
    expect(issues[2]).toContain('d.json → replay.valid: false');
  });
});
