// `--messages FILE.parquet|.arrow`: read back by DuckDB and flechette, every row and value equals the CSV's, typed.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, exponential } from '../src/rng/seeded.ts';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { parseArm } from './arms/index.ts';
import { simulate, type SimulationConfig } from './simulate.ts';
import { InputError } from '../src/errors.ts';
import { MESSAGE_COLUMN_SPECS, MessageTableFile } from './message-table-io.ts';
import { MessageCsvFile } from './message-csv-io.ts';
import { openMessageFile } from './message-file-io.ts';
import { parquetEncodings, readArrowWithFlechette, readParquetWithDuckdb, type ReadTable } from '../src/io/table-readers-for-tests.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-msgtable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 1,500 seeded rows over keys with a comma, a quote and Cyrillic, two classes; split none evaluates all. */
function trace() {
  const rng = createRng(11);
  const keys = ['plain', 'with,comma', 'say "hi"', 'ключ', ...Array.from({ length: 8 }, (_, i) => `k${i}`)];
  const rows: TraceRow[] = [];
  let t = 0;
  for (let i = 0; i < 1500; i++) {
    t += exponential(rng, 2);
    const key = keys[Math.floor(rng.next() * keys.length)]!;
    rows.push({ arrival_ms: t, duration_ms: exponential(rng, 9 + key.length), key, class: i % 3 === 0 ? 'a' : 'b' });
  }
  return traceFromRows(rows);
}

const levels = 3;
// fifo and predictive use levels; per-key has one queue per key; sjf has no queues (empty levels in the CSV).
const arms = ['fifo', 'per-key', 'predictive+weights+pausing', 'sjf'];
const cfg: SimulationConfig = {
  loads: [0.7, 0.9], arms: arms.map((a) => parseArm(a, levels, [])), workers: 4, levels, defaultLevel: 1, split: 'count', fraction: 0.5,
  windows: 3, windowBy: 'count', staticMap: null, seed: 1,
};

/** The CSV's records, and each typed file's rows, keyed `arm|load|row`. */
function byRow(rows: readonly Record<string, unknown>[]): Map<string, Record<string, unknown>> {
  return new Map(rows.map((r) => [`${String(r['arm'])}|${String(r['load'])}|${String(r['row'])}`, r]));
}

/** Every CSV field against the typed value: '' ↔ null, names equal, integers equal, times within the CSV's µs rounding. */
function expectSameAsCsv(csv: readonly Record<string, string>[], read: ReadTable): void {
  expect(read.rows.length).toBe(csv.length);
  const typed = byRow(read.rows);
  let compared = 0;
  for (const rec of csv) {
    const row = typed.get(`${rec['arm']}|${rec['load']}|${rec['row']}`);
    expect(row, `row ${rec['arm']} ${rec['load']} ${rec['row']}`).toBeDefined();
    for (const spec of MESSAGE_COLUMN_SPECS) {
      const text = rec[spec.name]!;
      const v = row![spec.name];
      if (text === '') {
        expect(v, `${spec.name} of ${rec['row']}`).toBeNull();
        continue;
      }
      if (spec.type === 'string') expect(v).toBe(text);
      else if (spec.type === 'float64') expect(Math.abs((v as number) - Number(text))).toBeLessThanOrEqual(5e-4 + 1e-12 * Math.abs(Number(text)));
      else expect(v).toBe(Number(text));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(csv.length * 10);
}

describe('MessageTableFile', () => {
  const tr = trace();
  const csvPath = join(dir, 'm.csv');
  const csvSink = new MessageCsvFile(csvPath);
  // Batches of 500 rows: every cell spans several, and the arm and load dictionaries grow between them.
  const parquet = new MessageTableFile(join(dir, 'm.parquet'), 'parquet', 500);
  const arrow = new MessageTableFile(join(dir, 'm.arrow'), 'arrow', 500);
  simulate(tr, cfg, undefined, undefined, { cell: (c) => [csvSink, parquet, arrow].forEach((s) => s.cell(c)) });
  expect(existsSync(join(dir, 'm.parquet'))).toBe(false); // only the temporary file until commit
  for (const s of [csvSink, parquet, arrow]) s.commit();
  const csv = parse(readFileSync(csvPath), { columns: true }) as Record<string, string>[];

  it('the CSV covers every arm, load, key and the empty fields the typed files must turn into nulls', () => {
    expect(csv.length).toBe(arms.length * 2 * 750);
    expect(new Set(csv.map((r) => r['key']))).toContain('with,comma');
    expect(csv.some((r) => r['level_placed'] === '')).toBe(true); // sjf
    expect(csv.some((r) => Number(r['level_placed']) > 127)).toBe(false);
    expect(csv.some((r) => r['outcome'] !== '') && csv.some((r) => r['estimate_ms'] === '')).toBe(true);
  });

  it('Parquet: DuckDB reads the CSV values, typed (TINYINT tier, DOUBLE ms), names dictionary-encoded', async () => {
    const read = await readParquetWithDuckdb(join(dir, 'm.parquet'));
    expect(read.types).toMatchObject({ arm: 'VARCHAR', key: 'VARCHAR', row: 'INTEGER', tier: 'TINYINT', arrival_ms: 'DOUBLE', wait_ms: 'DOUBLE', level_placed: 'INTEGER', estimate_ms: 'DOUBLE' });
    expectSameAsCsv(csv, read);
    const enc = await parquetEncodings(join(dir, 'm.parquet'));
    for (const col of ['arm', 'load', 'key', 'class', 'outcome']) expect(enc[col]).toContain('RLE_DICTIONARY');
  });

  it('Arrow: flechette reads the CSV values, typed (int8 tier, float64 ms), names as dictionaries', () => {
    const read = readArrowWithFlechette(join(dir, 'm.arrow'));
    expect(read.types).toMatchObject({ arm: 'dictionary<utf8>', load: 'dictionary<utf8>', key: 'dictionary<utf8>', row: 'int32', tier: 'int8', arrival_ms: 'float64', level_served: 'int32', outcome: 'dictionary<utf8>' });
    expectSameAsCsv(csv, read);
  });

  it('openMessageFile picks the writer by the name; abort leaves nothing; a missing folder is an InputError naming the file', () => {
    expect(openMessageFile(join(dir, 'x.csv'))).toBeInstanceOf(MessageCsvFile);
    for (const name of ['gone.parquet', 'gone.arrow']) {
      const f = openMessageFile(join(dir, name));
      expect(f).toBeInstanceOf(MessageTableFile);
      f.abort();
    }
    expect(readdirSync(dir).filter((n) => n.includes('gone'))).toEqual([]);
    expect(() => openMessageFile(join(dir, 'no', 'such', 'm.parquet'))).toThrow(InputError);
    expect(() => openMessageFile(join(dir, 'no', 'such', 'm.arrow'))).toThrow(/m\.arrow/);
  });
});
