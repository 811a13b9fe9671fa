// Where rows go one at a time without a per-row object: the trace writer (to disk) or a row buffer (in memory).

/** Takes one row per call: arrival and duration in ms, key, class ('' without a class column), size (NaN = none). */
export interface RowSink {
  write(arrival: number, duration: number, key: string, cls: string, size: number): void;
}

/**
 * A row producer: a generator that writes its rows into a sink and pauses (yields) every `ROW_CHUNK` rows or so,
 * so a caller writing to disk can flush with back-pressure; it returns the number of rows written.
 */
export type RowRun = Generator<undefined, number, undefined>;

/** Rows between pauses of a row producer (about 2 MB of CSV text). */
export const ROW_CHUNK = 1 << 16;
