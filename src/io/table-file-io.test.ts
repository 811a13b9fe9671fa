// Table files (--by-key-out, --series-out): read back by DuckDB and flechette, each holds the result JSON's figures.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, exponential } from '../rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../trace/trace.ts';
import { parseArm } from '../../sim/arms/index.ts';
import { simulate, type SimulationConfig } from '../../sim/simulate.ts';
import { buildResultFile } from '../result/result-file.ts';
import { resultFileText } from '../result/result-file-io.ts';
import { byKeyTable, seriesTable } from '../result/probe-tables.ts';
import { numberColumn, stringColumn } from '../format/column-batch.ts';
import { InputError } from '../errors.ts';
import { tableFileFormat, writeTableFile } from './table-file-io.ts';
import { readArrowWithFlechette, readParquetWithDuckdb, type ReadTable } from './table-readers-for-tests.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-tables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function results() {
  const rng = createRng(5);
  const rows: TraceRow[] = [];
  let t = 0;
  for (let i = 0; i < 1200; i++) {
    t += exponential(rng, 3);
    const k = Math.floor(rng.next() * 6);
    rows.push({ arrival_ms: t, duration_ms: exponential(rng, 4 + 4 * k), key: k === 0 ? 'a,"b"' : `key-${k}` });
  }
  const cfg: SimulationConfig = {
    loads: [0.6, 0.9], arms: ['fifo', 'predictive+weights+pausing'].map((a) => parseArm(a, 3, [])), workers: 2, levels: 3, defaultLevel: 1,
    split: 'count', fraction: 0.5, windows: 2, windowBy: 'count', staticMap: null, seed: 1, byKey: true, series: 15,
  };
  const out = simulate(traceFromRows(rows), cfg);
  // The figures as the result JSON holds them (its text, parsed again).
  const json = JSON.parse(resultFileText(buildResultFile({ version: 't', commit: 't' }, 't.csv', 'x', out, {}))) as { results: Record<string, { arms: Record<string, { by_key: Record<string, { count: number; mean_wait_ms: number; mean_latency_ms: number }>; series: { at_ms: number[]; busy: number[]; waiting: number[][]; promoted_share: number[][] } }> }> };
  return { out, json };
}

const readers: [string, (path: string) => Promise<ReadTable> | ReadTable][] = [
  ['parquet', readParquetWithDuckdb],
  ['arrow', readArrowWithFlechette],
  ['csv', (path) => ({ types: {}, rows: parse(readFileSync(path), { columns: true, cast: (v, c) => (c.header || ['load', 'arm', 'key'].includes(String(c.column)) ? v : Number(v)) }) as Record<string, unknown>[] })],
];

describe('writeTableFile', () => {
  const { out, json } = results();

  it.each(readers)('--by-key-out .%s holds every key of every arm and load as the result JSON', async (ext, read) => {
    const path = join(dir, `k.${ext}`);
    writeTableFile(path, byKeyTable(out.results));
    const table = await read(path);
    let n = 0;
    for (const [load, lr] of Object.entries(json.results)) {
      for (const [arm, ar] of Object.entries(lr.arms)) {
        for (const [key, k] of Object.entries(ar.by_key)) {
          const row = table.rows.find((r) => r['load'] === load && r['arm'] === arm && r['key'] === key);
          expect(row, `${load} ${arm} ${key}`).toBeDefined();
          expect([row!['count'], row!['mean_wait_ms'], row!['mean_latency_ms']]).toEqual([k.count, k.mean_wait_ms, k.mean_latency_ms]);
          n++;
        }
      }
    }
    expect(table.rows.length).toBe(n);
    expect(n).toBe(2 * 2 * 6);
    if (ext === 'parquet') expect(table.types).toMatchObject({ key: 'VARCHAR', count: 'INTEGER', mean_wait_ms: 'DOUBLE' });
    if (ext === 'arrow') expect(table.types).toMatchObject({ key: 'dictionary<utf8>', count: 'int32', mean_latency_ms: 'float64' });
  });

  it.each(readers)('--series-out .%s holds every sample and level as the result JSON', async (ext, read) => {
    const path = join(dir, `s.${ext}`);
    writeTableFile(path, seriesTable(out.results));
    const table = await read(path);
    let n = 0;
    for (const [load, lr] of Object.entries(json.results)) {
      for (const [arm, ar] of Object.entries(lr.arms)) {
        const s = ar.series;
        s.at_ms.forEach((at, k) => {
          s.waiting.forEach((w, level) => {
            const row = table.rows.find((r) => r['load'] === load && r['arm'] === arm && r['sample'] === k && r['level'] === level);
            expect(row, `${load} ${arm} ${k} ${level}`).toBeDefined();
            expect([row!['at_ms'], row!['waiting'], row!['promoted_share'], row!['busy']]).toEqual([at, w[k], s.promoted_share[level]![k], s.busy[k]]);
            n++;
          });
        });
      }
    }
    expect(table.rows.length).toBe(n);
    expect(n).toBe(2 * 2 * 15 * 3);
    if (ext === 'parquet') expect(table.types).toMatchObject({ level: 'TINYINT', at_ms: 'DOUBLE', sample: 'INTEGER' });
    if (ext === 'arrow') expect(table.types).toMatchObject({ level: 'int8', at_ms: 'float64', arm: 'dictionary<utf8>' });
  });

  it('writes nulls as nulls, chooses the format by the name, creates the folder, refuses a path below a file', async () => {
    const table = {
      specs: [{ name: 's', type: 'string', nullable: true }, { name: 'x', type: 'float64', nullable: true }] as const,
      batch: { rows: 3, columns: [stringColumn(['a', null, 'a']), numberColumn('float64', [1.5, 2, null])] },
    };
    writeTableFile(join(dir, 'n.parquet'), table);
    expect((await readParquetWithDuckdb(join(dir, 'n.parquet'))).rows).toEqual([{ s: 'a', x: 1.5 }, { s: null, x: 2 }, { s: 'a', x: null }]);
    writeTableFile(join(dir, 'n.arrow'), table);
    expect(readArrowWithFlechette(join(dir, 'n.arrow')).rows).toEqual([{ s: 'a', x: 1.5 }, { s: null, x: 2 }, { s: 'a', x: null }]);
    writeTableFile(join(dir, 'n.csv'), table);
    expect(readFileSync(join(dir, 'n.csv'), 'utf8')).toBe('s,x\na,1.5\n,2\na,\n');
    expect([tableFileFormat('a.parquet'), tableFileFormat('a.arrow'), tableFileFormat('a.csv')]).toEqual(['parquet', 'arrow', null]);
    writeTableFile(join(dir, 'new', 'n.parquet'), table); // the folder is created, as for every whole-file output
    expect(readdirSync(join(dir, 'new'))).toEqual(['n.parquet']);
    // Below a file, not a folder: ENOTDIR, named.
    for (const ext of ['parquet', 'arrow', 'csv']) expect(() => writeTableFile(join(dir, 'n.csv', `t.${ext}`), table)).toThrow(InputError);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a value its column type cannot hold and a batch that does not fit the schema', () => {
    expect(() => numberColumn('int8', [128])).toThrow(RangeError);
    expect(() => numberColumn('int32', [1.5])).toThrow(RangeError);
    const bad = { specs: [{ name: 'x', type: 'int32', nullable: false }] as const, batch: { rows: 2, columns: [numberColumn('int32', [1, null])] } };
    expect(() => writeTableFile(join(dir, 'bad.parquet'), bad)).toThrow(/null in a column without nulls/);
    expect(readdirSync(dir).filter((f) => f.startsWith('.bad') || f === 'bad.parquet')).toEqual([]);
  });
});
