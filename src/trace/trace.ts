// The in-memory trace: columnar typed arrays sorted by arrival, with interned keys and classes (SPEC §3).

/**
 * A trace held in memory. Rows are sorted by `arrival` (stable: file order within ties).
 * Keys and classes are interned: `keyId[i]` indexes `keys`, `classId[i]` indexes `classes`.
 */
export interface Trace {
  readonly n: number;
  /** Arrival time, ms from the trace's own origin. */
  readonly arrival: Float64Array;
  /** Handler service time, ms, ≥ 0. */
  readonly duration: Float64Array;
  readonly keyId: Int32Array;
  readonly keys: readonly string[];
  /** Present when the trace has a `class` column. */
  readonly classId: Int32Array | null;
  readonly classes: readonly string[] | null;
  /** Present when the trace has a `size_bytes` column; NaN where a row has none. */
  readonly size: Float64Array | null;
}

/** Row-wise input for building a trace (generators, tests, converters). */
export interface TraceRow {
  arrival_ms: number;
  duration_ms: number;
  key: string;
  class?: string;
  size_bytes?: number;
}

/** Builds a trace from rows, stable-sorting by arrival. Cost O(n log n). */
export function traceFromRows(rows: readonly TraceRow[], withClass?: boolean, withSize?: boolean): Trace {
  const n = rows.length;
  const hasClass = withClass ?? rows.some((r) => r.class !== undefined);
  const hasSize = withSize ?? rows.some((r) => r.size_bytes !== undefined);
  const order = stableOrderBy(Float64Array.from(rows, (r) => r.arrival_ms));
  const arrival = new Float64Array(n);
  const duration = new Float64Array(n);
  const keyId = new Int32Array(n);
  const classId = hasClass ? new Int32Array(n) : null;
  const size = hasSize ? new Float64Array(n) : null;
  const keys: string[] = [];
  const keyIndex = new Map<string, number>();
  const classes: string[] = [];
  const classIndex = new Map<string, number>();
  for (let j = 0; j < n; j++) {
    const r = rows[order[j]!]!;
    arrival[j] = r.arrival_ms;
    duration[j] = r.duration_ms;
    keyId[j] = intern(r.key, keys, keyIndex);
    if (classId) classId[j] = intern(r.class ?? '', classes, classIndex);
    if (size) size[j] = r.size_bytes ?? Number.NaN;
  }
  return { n, arrival, duration, keyId, keys, classId, classes: hasClass ? classes : null, size };
}

/** Returns row indices ordered by value, ties kept in index order (stable). */
export function stableOrderBy(values: Float64Array): Uint32Array {
  const n = values.length;
  const order = new Uint32Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    order[i] = i;
    if (i > 0 && values[i]! < values[i - 1]!) sorted = false;
  }
  if (sorted) return order;
  order.sort((a, b) => values[a]! - values[b]! || a - b);
  return order;
}

/** The id of `s` in `list`, appending it (and indexing it) when new. */
export function intern(s: string, list: string[], index: Map<string, number>): number {
  let id = index.get(s);
  if (id === undefined) {
    id = list.length;
    list.push(s);
    index.set(s, id);
  }
  return id;
}
