// A typed table in batches of rows, as the Arrow and Parquet writers take it: a fixed schema, then columns per batch.

/** Column types: `string` is dictionary-encoded text; numbers as float64 (ms), int8 (levels, tiers) or int32. */
export type ColumnType = 'string' | 'float64' | 'int8' | 'int32';

/** One column of a table's schema. */
export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  /** Whether a row may have no value (an empty CSV field). */
  readonly nullable: boolean;
}

/**
 * A string column of one batch: per row an index into `dictionary`, −1 = null. A table's batches of one column
 * share one dictionary that only grows at its end (earlier indices keep their strings), so a writer can add the
 * new entries as an Arrow delta dictionary.
 */
export interface StringColumn {
  readonly kind: 'string';
  readonly indices: Int32Array;
  readonly dictionary: readonly string[];
}

/** A numeric column of one batch; `valid` (1 = a value, 0 = null) is null when every row has a value. */
export interface NumberColumn {
  readonly kind: 'number';
  readonly values: Float64Array | Int32Array | Int8Array;
  readonly valid: Uint8Array | null;
}

export type ColumnData = StringColumn | NumberColumn;

/** Rows of a table: one ColumnData per ColumnSpec, in schema order, each of `rows` entries. */
export interface ColumnBatch {
  readonly rows: number;
  readonly columns: readonly ColumnData[];
}

/** A whole small table in one batch (per-key summaries, series, exports, paper tables). */
export interface ColumnTable {
  readonly specs: readonly ColumnSpec[];
  readonly batch: ColumnBatch;
}

/** The typed array a numeric column of `type` holds. */
export function numberArray(type: Exclude<ColumnType, 'string'>, n: number): Float64Array | Int32Array | Int8Array {
  return type === 'float64' ? new Float64Array(n) : type === 'int32' ? new Int32Array(n) : new Int8Array(n);
}

/**
 * A string column of `values` (null = no value) with its own dictionary in first-seen order. Cost O(n) with one
 * Map lookup per row: for small tables; the message writer keeps its dictionaries across batches instead.
 */
export function stringColumn(values: readonly (string | null)[]): StringColumn {
  const ids = new Map<string, number>();
  const dictionary: string[] = [];
  const indices = new Int32Array(values.length);
  values.forEach((v, i) => {
    if (v === null) {
      indices[i] = -1;
      return;
    }
    let id = ids.get(v);
    if (id === undefined) {
      id = dictionary.length;
      ids.set(v, id);
      dictionary.push(v);
    }
    indices[i] = id;
  });
  return { kind: 'string', indices, dictionary };
}

/** A numeric column of `values` (null = no value) as `type`. Throws RangeError for a value the type cannot hold. */
export function numberColumn(type: Exclude<ColumnType, 'string'>, values: readonly (number | null)[]): NumberColumn {
  const out = numberArray(type, values.length);
  const hasNull = values.some((v) => v === null);
  const valid = hasNull ? new Uint8Array(values.length) : null;
  values.forEach((v, i) => {
    if (v === null) return;
    if (type !== 'float64' && !fitsInteger(type, v)) throw new RangeError(`column value ${v} is not an ${type}`);
    out[i] = v;
    if (valid !== null) valid[i] = 1;
  });
  return { kind: 'number', values: out, valid };
}

function fitsInteger(type: 'int8' | 'int32', v: number): boolean {
  const limit = type === 'int8' ? 128 : 2 ** 31;
  return Number.isInteger(v) && v >= -limit && v < limit;
}

/**
 * Checks that a batch matches its schema (one column per spec, of its kind, `rows` long, nulls only where allowed).
 * Returns the first problem, or null. Writers call it once per batch: O(rows) for nullable columns only.
 */
export function batchProblem(specs: readonly ColumnSpec[], batch: ColumnBatch): string | null {
  if (batch.columns.length !== specs.length) return `${batch.columns.length} columns for a schema of ${specs.length}`;
  for (let c = 0; c < specs.length; c++) {
    const spec = specs[c]!;
    const col = batch.columns[c]!;
    if ((spec.type === 'string') !== (col.kind === 'string')) return `column ${spec.name}: ${col.kind} data for a ${spec.type} column`;
    const n = col.kind === 'string' ? col.indices.length : col.values.length;
    if (n !== batch.rows) return `column ${spec.name}: ${n} rows, expected ${batch.rows}`;
    if (!spec.nullable && hasNull(col)) return `column ${spec.name}: a null in a column without nulls`;
  }
  return null;
}

/** Whether row i of a column is null. */
export function isNullAt(col: ColumnData, i: number): boolean {
  return col.kind === 'string' ? col.indices[i]! < 0 : col.valid !== null && col.valid[i] === 0;
}

function hasNull(col: ColumnData): boolean {
  if (col.kind === 'number') return col.valid !== null && col.valid.includes(0);
  return col.indices.some((v) => v < 0);
}

/** A table file being written batch by batch: nothing is at `path` until `commit`; `abort` leaves nothing. */
export interface TableWriter {
  readonly path: string;
  write(batch: ColumnBatch): void;
  commit(): void;
  abort(): void;
}
