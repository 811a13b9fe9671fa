// Readers independent of hsim's writers, for tests only: DuckDB for Parquet, flechette for Arrow IPC files.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from '@uwdata/flechette';

/** A table as read back: column name → type as the reader names it, and rows as objects (null = no value). */
export interface ReadTable {
  readonly types: Readonly<Record<string, string>>;
  readonly rows: readonly Record<string, unknown>[];
}

/** SQL string literal. */
const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Runs `sql` on an in-memory DuckDB; rows as JS objects (BIGINT as bigint). */
export async function duckdbQuery(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** A Parquet file as DuckDB reads it: column types (`TINYINT`, `DOUBLE`, `VARCHAR`…) and rows in file order. */
export async function readParquetWithDuckdb(path: string): Promise<ReadTable> {
  const described = await duckdbQuery(`DESCRIBE SELECT * FROM read_parquet(${lit(path)})`);
  const rows = await duckdbQuery(`SELECT * FROM read_parquet(${lit(path)})`);
  return { types: Object.fromEntries(described.map((d) => [String(d['column_name']), String(d['column_type'])])), rows };
}

/** The encodings of each column of a Parquet file's first row group, as DuckDB reports them. */
export async function parquetEncodings(path: string): Promise<Record<string, string>> {
  const rows = await duckdbQuery(`SELECT path_in_schema, encodings FROM parquet_metadata(${lit(path)}) WHERE row_group_id = 0`);
  return Object.fromEntries(rows.map((r) => [String(r['path_in_schema']), String(r['encodings'])]));
}

/** flechette's type ids (its constants `Type`): the ones hsim writes. */
const TYPE_NAMES: Record<number, string> = { [-1]: 'dictionary', 2: 'int', 3: 'float', 5: 'utf8' };

/**
 * An Arrow IPC file as flechette reads it: types as `dictionary<utf8>`, `int8`, `int32`, `float64`, `utf8`, and
 * rows in file order.
 */
export function readArrowWithFlechette(path: string): ReadTable {
  const table = tableFromIPC(readFileSync(path), { useBigInt: false });
  const name = (t: { typeId: number; bitWidth?: number; precision?: number; dictionary?: { typeId: number } }): string => {
    const base = TYPE_NAMES[t.typeId] ?? `type ${t.typeId}`;
    if (base === 'dictionary') return `dictionary<${TYPE_NAMES[t.dictionary!.typeId] ?? t.dictionary!.typeId}>`;
    if (base === 'int') return `int${t.bitWidth}`;
    if (base === 'float') return t.precision === 2 ? 'float64' : `float precision ${t.precision}`;
    return base;
  };
  const types = Object.fromEntries(table.schema.fields.map((f) => [f.name, name(f.type as never)]));
  return { types, rows: table.toArray() as Record<string, unknown>[] };
}
