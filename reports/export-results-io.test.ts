// `hsim export`: a folder of plain and replicated results as one long table; DuckDB and flechette read the JSON's values.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, exponential } from '../src/rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { parseArm } from '../sim/arms/index.ts';
import { simulate, type SimulationConfig } from '../sim/simulate.ts';
import { buildResultFile, type LoadResult } from '../src/result/result-file.ts';
import { writeResultFile } from '../src/result/result-file-io.ts';
import { METRIC_NAMES } from '../src/result/metric-names.ts';
import { InputError } from '../src/errors.ts';
import { readArrowWithFlechette, readParquetWithDuckdb, type ReadTable } from '../src/io/table-readers-for-tests.ts';
import { exportResults } from './export-results-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const results = join(dir, 'results');
mkdirSync(results);

function run(seed: number, arms: string[]) {
  const rng = createRng(seed);
  const rows: TraceRow[] = [];
  let t = 0;
  for (let i = 0; i < 800; i++) {
    t += exponential(rng, 3);
    rows.push({ arrival_ms: t, duration_ms: exponential(rng, 5), key: `k${i % 4}` });
  }
  const cfg: SimulationConfig = {
    loads: [0.5, 0.8], arms: arms.map((a) => parseArm(a, 3, [])), workers: 2, levels: 3, defaultLevel: 1, split: 'count', fraction: 0.5,
    windows: 3, windowBy: 'count', staticMap: null, seed: 1,
  };
  return simulate(traceFromRows(rows), cfg);
}

// Trace A: plain arms, one metric non-finite (written as null). Trace B: fifo replicated over seeds 3 and 7.
const a = run(1, ['fifo', 'predictive']);
a.results['0.5']!.arms['fifo']!.windows[1]!.slowdown_p99 = Number.NaN;
writeResultFile(join(results, 'a.json'), buildResultFile({ version: 't', commit: 't' }, 'traces/alpha.csv', 'a'.repeat(64), a, {}));
const b = run(2, ['fifo']);
const replicated: Record<string, LoadResult> = {};
for (const [load, lr] of Object.entries(b.results)) replicated[load] = { ...lr, arms: { 'fifo#s3': lr.arms['fifo']!, 'fifo#s7': lr.arms['fifo']! } };
writeResultFile(join(results, 'b.json'), buildResultFile({ version: 't', commit: 't' }, 'traces/beta.csv.gz', 'b'.repeat(64), { ...b, results: replicated }, {}));
writeFileSync(join(results, 'gate.json'), '{"criteria": {}}'); // not a result: skipped silently, as the report does

type Json = { results: Record<string, { arms: Record<string, { all: Record<string, number | null>; windows: Record<string, number | null>[] }> }> };
const json = (name: string): Json => JSON.parse(readFileSync(join(results, name), 'utf8')) as Json;

/** Every metric of every window of every arm of both files, as the JSON holds it, against the table's rows. */
function expectJsonValues(table: ReadTable): void {
  const rows = new Map(table.rows.map((r) => [`${String(r['trace'])}|${String(r['load'])}|${String(r['arm'])}|${String(r['seed'])}|${String(r['window'])}|${String(r['metric'])}`, r['value']]));
  let n = 0;
  for (const [file, trace] of [['a.json', 'alpha'], ['b.json', 'beta']] as const) {
    for (const [load, lr] of Object.entries(json(file).results)) {
      for (const [key, arm] of Object.entries(lr.arms)) {
        const [name, seed] = key.includes('#s') ? [key.split('#s')[0]!, key.split('#s')[1]!] : [key, 'null'];
        for (const [w, metrics] of [['all', arm.all], ...arm.windows.map((m, i) => [String(i), m] as const)] as const) {
          for (const metric of METRIC_NAMES) {
            const k = `${trace}|${load}|${name}|${seed}|${w}|${metric}`;
            expect(rows.has(k), k).toBe(true);
            expect(rows.get(k), k).toBe(metrics[metric]);
            n++;
          }
        }
      }
    }
  }
  expect(table.rows.length).toBe(n);
  expect(n).toBe((2 * 2 + 2 * 2) * 4 * METRIC_NAMES.length);
}

describe('exportResults', () => {
  it('Parquet: DuckDB reads one row per trace, load, arm, seed, window and metric with the JSON value (null kept)', async () => {
    expect(exportResults(results, join(dir, 'r.parquet')).warnings).toEqual([]);
    const table = await readParquetWithDuckdb(join(dir, 'r.parquet'));
    expect(table.types).toEqual({ trace: 'VARCHAR', load: 'VARCHAR', arm: 'VARCHAR', seed: 'INTEGER', window: 'VARCHAR', metric: 'VARCHAR', value: 'DOUBLE' });
    expectJsonValues(table);
    expect(table.rows.some((r) => r['value'] === null)).toBe(true);
  });

  it('Arrow and CSV hold the same rows', () => {
    exportResults(results, join(dir, 'r.arrow'));
    expectJsonValues(readArrowWithFlechette(join(dir, 'r.arrow')));
    exportResults(results, join(dir, 'r.csv'));
    const csv = parse(readFileSync(join(dir, 'r.csv')), { columns: true, cast: (v, c) => (c.header ? v : ['seed', 'value'].includes(String(c.column)) ? (v === '' ? null : Number(v)) : v) }) as Record<string, unknown>[];
    expectJsonValues({ types: {}, rows: csv });
  });

  it('one result file alone; refuses an output of another kind and an input without results, naming them', () => {
    expect(exportResults(join(results, 'a.json'), join(dir, 'a.parquet')).rows).toBe(2 * 2 * 4 * METRIC_NAMES.length);
    expect(() => exportResults(results, join(dir, 'r.json'))).toThrow(/r\.json.*\.parquet, \.arrow or \.csv/);
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(() => exportResults(empty, join(dir, 'e.parquet'))).toThrow(InputError);
    expect(() => exportResults(join(dir, 'missing'), join(dir, 'e.parquet'))).toThrow(/missing/);
  });
});
