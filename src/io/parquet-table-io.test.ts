// ParquetTableFile read back by DuckDB, value by value: every column type, with and without nulls, in an empty file, a
// file of one row, a row group of nulls only and files of many row groups and pages.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../rng/seeded.ts';
import { isNullAt, type ColumnBatch, type ColumnData, type ColumnSpec } from '../format/column-batch.ts';
import { ParquetTableFile } from './parquet-table-io.ts';
import { PAGE_ROWS } from './parquet-pages.ts';
import { duckdbQuery, readParquetWithDuckdb } from './table-readers-for-tests.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-parquet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every column type, without and with nulls. */
const SPECS: ColumnSpec[] = (['string', 'float64', 'int8', 'int32'] as const).flatMap((type) => [
  { name: type, type, nullable: false },
  { name: `${type}_or_null`, type, nullable: true },
]);

/** Strings a reader must give back as they are: empty, non-ASCII (2-, 3- and 4-byte UTF-8), quotes, long. */
const STRINGS = ['', 'a', 'é', 'Zürich', '日本語', '🙂 emoji', 'with,comma', '"quoted"', 'x'.repeat(300), 'tab\there', 'line\nbreak', 'ß'.repeat(40)];
/** Doubles a reader must give back bit for bit. */
const DOUBLES = [0, -0, 1.5, -2.25, 0.1, 1 / 3, Math.PI * 1e6, 5e-324, -5e-324, 2.2250738585072014e-308, Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN, 1e21, 123456789.123456];

type Nulls = 'none' | 'some' | 'all';
type Ints = 'small' | 'wide' | 'many';

/**
 * A batch of `rows` rows. Strings index a dictionary shared across the file that grows at its end (as the message
 * writer's); `nulls` sets the nullable columns' nulls (`some`: runs and scattered ones); `ints` the integers:
 * `small` a few values (dictionary-encoded), `wide` spanning all of int32 (PLAIN), `many` distinct within a small
 * span (PLAIN: the dictionary would not be smaller).
 */
function batch(seed: number, rows: number, dictionary: string[], nulls: Nulls, ints: Ints): ColumnBatch {
  const rng = createRng(seed);
  const pick = (n: number): number => Math.floor(rng.next() * n);
  // A new entry now and then, so that later batches use ids earlier ones never did.
  if (dictionary.length < STRINGS.length || rng.next() < 0.5) dictionary.push(dictionary.length < STRINGS.length ? STRINGS[dictionary.length]! : `entry ${dictionary.length} ✓`);
  const isNull = (i: number): boolean => nulls === 'all' || (nulls === 'some' && (i % 97 < 20 || rng.next() < 0.25));
  const columns: ColumnData[] = SPECS.map((spec) => {
    const nullable = spec.nullable && nulls !== 'none';
    const present = Array.from({ length: rows }, (_, i) => !(nullable && isNull(i)));
    if (spec.type === 'string') {
      // Runs of one entry and entries at random.
      const indices = Int32Array.from({ length: rows }, (_, i) => (!present[i] ? -1 : i % 50 < 15 ? dictionary.length - 1 : pick(dictionary.length)));
      return { kind: 'string', indices, dictionary };
    }
    const values = spec.type === 'float64' ? new Float64Array(rows) : spec.type === 'int8' ? new Int8Array(rows) : new Int32Array(rows);
    for (let i = 0; i < rows; i++) {
      if (spec.type === 'float64') values[i] = i % 3 === 0 ? DOUBLES[pick(DOUBLES.length)]! : (rng.next() - 0.5) * 10 ** pick(12);
      else if (spec.type === 'int8') values[i] = ints === 'small' ? pick(3) - 1 : pick(256) - 128;
      else values[i] = ints === 'small' ? (i % 40 < 20 ? 7 : -pick(4)) : ints === 'wide' ? (i % 5 === 0 ? [-(2 ** 31), 2 ** 31 - 1][pick(2)]! : Math.floor((rng.next() - 0.5) * 2 ** 32)) : 1000 + i;
    }
    const valid = nullable ? Uint8Array.from(present, (p) => (p ? 1 : 0)) : null;
    return { kind: 'number', values, valid };
  });
  return { rows, columns };
}

/** Writes the batches, reads the file back with DuckDB and compares every value (doubles with Object.is). */
async function roundTrip(name: string, batches: ColumnBatch[]): Promise<string> {
  const path = join(dir, name);
  const file = new ParquetTableFile(path, SPECS);
  for (const b of batches) file.write(b);
  file.commit();
  const read = await readParquetWithDuckdb(path);
  expect(read.types).toEqual({
    string: 'VARCHAR', string_or_null: 'VARCHAR', float64: 'DOUBLE', float64_or_null: 'DOUBLE',
    int8: 'TINYINT', int8_or_null: 'TINYINT', int32: 'INTEGER', int32_or_null: 'INTEGER',
  });
  const expected = batches.flatMap((b) =>
    Array.from({ length: b.rows }, (_, i) =>
      Object.fromEntries(SPECS.map((s, c) => {
        const col = b.columns[c]!;
        return [s.name, isNullAt(col, i) ? null : col.kind === 'string' ? col.dictionary[col.indices[i]!]! : col.values[i]!];
      })),
    ),
  );
  expect(read.rows.length).toBe(expected.length);
  let mismatches = 0;
  read.rows.forEach((row, r) => {
    for (const s of SPECS) {
      const want = expected[r]![s.name];
      if (!Object.is(row[s.name], want) && mismatches++ < 5) expect(row[s.name], `row ${r} ${s.name}`).toBe(want);
    }
  });
  expect(mismatches).toBe(0);
  return path;
}

/** Per row group: its row count and each column's encodings, as DuckDB reports them. */
async function layout(path: string): Promise<{ rows: number[]; encodings: Record<string, string>[] }> {
  const meta = await duckdbQuery(`SELECT row_group_id, row_group_num_rows, path_in_schema, encodings FROM parquet_metadata('${path}') ORDER BY row_group_id, column_id`);
  const rows: number[] = [];
  const encodings: Record<string, string>[] = [];
  for (const m of meta) {
    const g = Number(m['row_group_id']);
    rows[g] = Number(m['row_group_num_rows']);
    (encodings[g] ??= {})[String(m['path_in_schema'])] = String(m['encodings']);
  }
  return { rows, encodings };
}

describe('ParquetTableFile, read back by DuckDB', () => {
  it('an empty file: the columns typed, no rows (a batch of 0 rows adds no row group)', async () => {
    const path = await roundTrip('empty.parquet', [{ rows: 0, columns: batch(1, 0, [], 'some', 'small').columns }]);
    expect((await layout(path)).rows).toEqual([]);
  });

  it.each<[Nulls]>([['none'], ['some'], ['all']])('one row (nulls: %s)', async (nulls) => {
    await roundTrip(`one-${nulls}.parquet`, [batch(2, 1, [], nulls, 'small')]);
  });

  it('a row group of nulls only: every nullable column null, strings an empty dictionary', async () => {
    const path = await roundTrip('all-null.parquet', [batch(3, 300, [], 'all', 'small')]);
    const { encodings } = await layout(path);
    expect(encodings[0]!['string_or_null']).toContain('RLE_DICTIONARY');
  });

  it('many row groups: nulls or none, int columns dictionary-encoded or PLAIN by their values, a shared dictionary growing', async () => {
    const dictionary: string[] = [];
    const plan: [number, Nulls, Ints][] = [[1000, 'some', 'small'], [50, 'all', 'wide'], [1, 'some', 'many'], [777, 'none', 'wide'], [2000, 'some', 'many'], [9, 'none', 'small'], [1500, 'some', 'wide']];
    const path = await roundTrip('groups.parquet', plan.map(([rows, nulls, ints], k) => batch(10 + k, rows, dictionary, nulls, ints)));
    const { rows, encodings } = await layout(path);
    expect(rows).toEqual(plan.map(([n]) => n));
    expect(encodings[0]).toMatchObject({ string: 'PLAIN, RLE_DICTIONARY', string_or_null: 'PLAIN, RLE, RLE_DICTIONARY', float64: 'PLAIN', float64_or_null: 'PLAIN, RLE', int8: 'PLAIN, RLE_DICTIONARY', int32: 'PLAIN, RLE_DICTIONARY' });
    expect(encodings[3]).toMatchObject({ int32: 'PLAIN', int32_or_null: 'PLAIN, RLE' }); // wide: PLAIN
    expect(encodings[4]).toMatchObject({ int32: 'PLAIN' }); // distinct values: a dictionary would be larger
  });

  it('a row group of several pages, nulls across the page boundaries', async () => {
    const rows = 2 * PAGE_ROWS + 12_345;
    const path = await roundTrip('pages.parquet', [batch(30, rows, [], 'some', 'small'), batch(31, 3, [], 'none', 'small')]);
    const pages = await duckdbQuery(`SELECT count(*) AS n FROM parquet_metadata('${path}')`);
    expect(Number(pages[0]!['n'])).toBe(2 * SPECS.length);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('refuses a dictionary index past the dictionary and leaves nothing', () => {
    const path = join(dir, 'bad.parquet');
    const file = new ParquetTableFile(path, [{ name: 's', type: 'string', nullable: false }]);
    expect(() => file.write({ rows: 2, columns: [{ kind: 'string', indices: Int32Array.from([0, 2]), dictionary: ['a', 'b'] }] })).toThrow(/dictionary index 2 of a dictionary of 2/);
    expect(readdirSync(dir).filter((f) => f.includes('bad'))).toEqual([]);
  });
});
