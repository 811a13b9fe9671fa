// Paper tables as typed columns: numeric columns read back as DOUBLE by DuckDB (− as minus, – as null), the rest text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTableFile } from '../src/io/table-file-io.ts';
import { readArrowWithFlechette, readParquetWithDuckdb } from '../src/io/table-readers-for-tests.ts';
import type { PaperTable } from './paper-tables.ts';
import { paperTableColumns } from './table-columns.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-paper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const table: PaperTable = {
  id: 'metrics-t',
  caption: 'c',
  section: 'metrics',
  header: ['arm', 'load', 'Δ mean %', 'p99 (ms)', 'verdict'],
  keys: ['arm', 'load', 'change_pct', 'p99_latency_ms', 'verdict'],
  align: ['l', 'r', 'r', 'r', 'l'],
  rows: [
    ['fifo', '0.8', '–', '1200', 'pass'],
    ['predictive+weights+pausing', '0.8', '−12.5', '3.4e2', '–'],
    ['oracle', 'as-is', '4', '980.25', 'fail (not in gate)'],
  ],
  note: 'n',
};

describe('paperTableColumns', () => {
  it('types a column float64 when every cell is a number or missing, text otherwise; – is null', () => {
    const t = paperTableColumns(table);
    expect(t.specs.map((s) => `${s.name}:${s.type}`)).toEqual(['arm:string', 'load:string', 'change_pct:float64', 'p99_latency_ms:float64', 'verdict:string']);
  });

  it('DuckDB and flechette read the cells back as numbers and text', async () => {
    const expected = [
      { arm: 'fifo', load: '0.8', change_pct: null, p99_latency_ms: 1200, verdict: 'pass' },
      { arm: 'predictive+weights+pausing', load: '0.8', change_pct: -12.5, p99_latency_ms: 340, verdict: null },
      { arm: 'oracle', load: 'as-is', change_pct: 4, p99_latency_ms: 980.25, verdict: 'fail (not in gate)' },
    ];
    writeTableFile(join(dir, 't.parquet'), paperTableColumns(table));
    const read = await readParquetWithDuckdb(join(dir, 't.parquet'));
    expect(read.types['p99_latency_ms']).toBe('DOUBLE');
    expect(read.rows).toEqual(expected);
    writeTableFile(join(dir, 't.arrow'), paperTableColumns(table));
    expect(readArrowWithFlechette(join(dir, 't.arrow')).rows).toEqual(expected);
  });
});
