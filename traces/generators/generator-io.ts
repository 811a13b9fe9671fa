// Streams a generator's rows to a trace file through the one trace writer, in chunks, with a disk-room check first.
import { statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { atOption, InputError } from '../../src/errors.ts';
import type { TraceColumns } from '../trace-csv.ts';
import type { TraceMeta, TraceMetaInput } from '../trace-meta.ts';
import type { RowRun, RowSink } from '../row-sink.ts';
import { TraceWriter } from '../trace-writer.ts';

/** Fewest bytes a generated row takes on disk (`0.001,0.001,k0\n` is 14 bytes plain; gzip shrinks such text ≤ 6×). */
const MIN_ROW_BYTES = { csv: 14, gz: 2 };

/** What a generated trace needs beside its rows. */
export interface GeneratedWrite {
  target: string;
  columns: TraceColumns;
  /** The meta input for the rows actually written (a generator may decide its row count as it runs). */
  meta: (rows: number) => TraceMetaInput;
  /** The rows requested and the option that asked for them, for the disk-room check (absent: no check). */
  expect?: { rows: number; flag: string };
}

/**
 * Writes the rows of `produce` to `w.target` (plus its meta sidecar), flushing with back-pressure at every pause of
 * the producer: memory stays bounded whatever the row count. Returns the meta written.
 * @throws InputError naming the option when the requested rows clearly cannot fit on the target's file system, or
 * naming the path when a write fails (disk full); nothing is left behind.
 */
export async function writeGenerated(w: GeneratedWrite, produce: (sink: RowSink) => RowRun): Promise<TraceMeta> {
  if (w.expect !== undefined) checkRoom(w.target, w.expect.rows, w.expect.flag);
  const writer = new TraceWriter(w.target, w.columns);
  try {
    const run = produce(writer);
    while (run.next().done !== true) if (writer.wantsFlush) await writer.flush();
    // Generators emit rows in arrival order (cumulative gaps ≥ 0, rounding is monotone): anything else is a bug.
    if (writer.disordered) throw new Error(`generator wrote rows out of arrival order to ${w.target}`);
    return await writer.commit(w.meta(writer.rows));
  } catch (err) {
    writer.abort();
    throw err;
  }
}

/** Refuses `rows` rows when even their smallest size exceeds the free space where `target` would go. */
function checkRoom(target: string, rows: number, flag: string): void {
  let free: number;
  try {
    const st = statfsSync(existingFolder(target));
    free = st.bavail * st.bsize;
  } catch {
    return;
  }
  const need = rows * (/\.gz$/i.test(target) ? MIN_ROW_BYTES.gz : MIN_ROW_BYTES.csv);
  if (need > free) {
    const gb = (b: number): string => (b >= 1e9 ? `${(b / 1e9).toFixed(1)} GB` : `${(b / 1e6).toFixed(1)} MB`);
    throw new InputError(atOption(flag, `${rows} rows need at least ${gb(need)} for ${target}, where ${gb(free)} is free`, 'a row count whose trace fits on the disk', 'a smaller value, or an output folder on a larger disk'));
  }
}

/** The nearest folder of `target` that exists (the output folder may not be made yet). */
function existingFolder(target: string): string {
  let d = dirname(resolve(target));
  for (;;) {
    try {
      statfsSync(d);
      return d;
    } catch {
      const up = dirname(d);
      if (up === d) return d;
      d = up;
    }
  }
}
