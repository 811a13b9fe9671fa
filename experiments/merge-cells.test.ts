// mergeTraceCells and cell files: the cells of one trace merged into one result, mismatches reported.
import { describe, expect, it } from 'vitest';
import { METRIC_NAMES, type MetricObject } from '../src/result/metric-names.ts';
import { parseCellFile, type CellFile } from './cell-file.ts';
import { mergeTraceCells, sameCellResult, type MergeBase } from './merge-cells.ts';

const base: MergeBase = { experiment: 'e', experiment_hash: 'h', levels: 3, workers: 64, seed: 1 };

/** A metric object with every metric 0 but the mean latency. */
function meanOnly(mean: number): MetricObject {
  const m = Object.fromEntries(METRIC_NAMES.map((n) => [n, 0])) as MetricObject;
  m.mean_latency_ms = mean;
  return m;
}

/** A minimal cell: one load, one arm with a mean latency, run with the given levels and workers. */
function cell(index: number, load: string, key: string, mean: number, opts: { levels?: number; workers?: number; compress?: number; sha?: string } = {}): CellFile {
  const levels = opts.levels ?? 3;
  return {
    tool: 'hsim', version: '0', commit: 'c', config_hash: `hash-${index}`, seed: 1,
    trace: { path: 't.csv', sha256: opts.sha ?? 'a'.repeat(64), rows: 10, history_rows: 5, evaluation_rows: 5, boundaries_ms: levels === 3 ? [1, 2] : [1.5] },
    options: { levels, workers: opts.workers ?? 64, seed: 1, arms: [key], loads: [load] },
    results: { [load]: { compress: opts.compress ?? 2, arms: { [key]: { all: meanOnly(mean), windows: [], sim_seconds: index } } } },
    cell: {
      id: `c${index}`, index, experiment: 'e', experiment_hash: 'h', cells_total: 4, trace_name: 't', load, arm: key.split('@')[0]!, overrides: {}, repeat: 0, key,
      base: { levels: 3, workers: 64, seed: 1 },
    },
  };
}

describe('mergeTraceCells', () => {
  it('merges loads and arms; arms with other options are listed with their boundaries and compress', () => {
    const { merged, issues } = mergeTraceCells([
      cell(0, '0.5', 'fifo', 10), cell(1, '0.5', 'fifo@levels=2', 11, { levels: 2 }), cell(2, '0.8', 'fifo', 20), cell(3, '0.8', 'fifo@workers=8', 30, { workers: 8, compress: 0.25 }),
    ], base);
    expect(issues).toEqual([]);
    expect(merged!.results['0.5']!.arms['fifo@levels=2']).toEqual({ all: meanOnly(11), windows: [], sim_seconds: 1 });
    expect(merged!.results['0.8']!.compress).toBe(2);
    expect(merged!.results['0.8']!.arms['fifo@workers=8']!['compress']).toBe(0.25);
    expect(merged!.options['arms']).toEqual(['fifo', 'fifo@levels=2', 'fifo@workers=8']);
    expect(merged!.options['loads']).toEqual(['0.5', '0.8']);
    expect(merged!.options['arm_options']).toEqual({
      'fifo@levels=2': { levels: 2, workers: 64, seed: 1, boundaries_ms: [1.5] },
      'fifo@workers=8': { levels: 3, workers: 8, seed: 1, boundaries_ms: [1, 2] },
    });
    expect(merged!.trace.boundaries_ms).toEqual([1, 2]);
  });

  it('reports two cells for one load and arm, and cells of another trace', () => {
    const { issues } = mergeTraceCells([cell(0, '0.5', 'fifo', 10), cell(1, '0.5', 'fifo', 12), cell(2, '0.8', 'fifo', 1, { sha: 'b'.repeat(64) })], base);
    expect(issues).toHaveLength(2);
    expect(issues[0]).toContain('load 0.5, arm fifo: two cells');
    expect(issues[1]).toContain(`trace sha256 ${'b'.repeat(64)}`);
  });

  it('renames arms with keyOf (a sweep judges each variant under the plain arm names)', () => {
    const { merged } = mergeTraceCells([cell(0, '0.5', 'fifo@aging=1000', 10)], base, (c) => c.cell.arm);
    expect(Object.keys(merged!.results['0.5']!.arms)).toEqual(['fifo']);
  });
});

describe('cell files', () => {
  it('treats cells equal apart from sim_seconds as the same result, others as conflicting', () => {
    const a = cell(0, '0.5', 'fifo', 10);
    const b = { ...cell(0, '0.5', 'fifo', 10), commit: 'other' };
    (b.results['0.5']!.arms['fifo'] as Record<string, unknown>)['sim_seconds'] = 99;
    expect(sameCellResult(a, b)).toBe(true);
    expect(sameCellResult(a, cell(0, '0.5', 'fifo', 10.5))).toBe(false);
  });

  it('parses a cell file and refuses one without its cell block or with another arm', () => {
    const c = cell(0, '0.5', 'fifo', 10);
    expect(parseCellFile(JSON.parse(JSON.stringify(c)), 'c.json').ok).toBe(true);
    const { cell: _c, ...noBlock } = c;
    const r = parseCellFile(noBlock, 'c.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.join('\n')).toContain('c.json → cell: nothing');
    const other = parseCellFile({ ...c, cell: { ...c.cell, key: 'oracle' } }, 'c.json');
    expect(!other.ok && other.issues.join('\n')).toContain('expected exactly the arm "oracle"');
  });
});
