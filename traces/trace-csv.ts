// The common trace CSV as text (SPEC §3): pure parse (text → Trace) and format (Trace → text), no I/O.
import type { Trace } from '../src/trace/trace.ts';
import { TraceCsvParser } from './trace-csv-parser.ts';
import { quoteCsvField } from '../src/text/csv-field.ts';

/** Parses a whole common-format CSV text; `file` names it in error messages. @throws InputError (file:line). */
export function parseTraceCsv(text: string, file = '<text>'): Trace {
  const parser = new TraceCsvParser(file);
  parser.push(new TextEncoder().encode(text));
  return parser.finish();
}

/** Which optional columns a common-format trace has. */
export interface TraceColumns {
  size: boolean;
  class: boolean;
}

/** Column names in file order: `arrival_ms,duration_ms,key[,size_bytes][,class]`. */
export function columnNames(cols: TraceColumns): string[] {
  const names = ['arrival_ms', 'duration_ms', 'key'];
  if (cols.size) names.push('size_bytes');
  if (cols.class) names.push('class');
  return names;
}

/** The header columns a trace is written with: the three required ones, then size_bytes, then class when present. */
export function traceCsvColumns(trace: Trace): string[] {
  return columnNames({ size: trace.size !== null, class: trace.classId !== null });
}

export { quoteCsvField };

/**
 * Yields the CSV text of `trace` in pieces (header first, then `rowsPerChunk` rows per piece), rows in
 * `order` (default: stored order). Numbers use String(x), the shortest text that reads back to the same double;
 * a missing size is an empty field. LF line ends.
 */
export function* formatTraceCsvChunks(trace: Trace, order?: Uint32Array, rowsPerChunk = 32768): Generator<string> {
  yield traceCsvColumns(trace).join(',') + '\n';
  const keys = trace.keys.map(quoteCsvField);
  const classes = trace.classes ? trace.classes.map(quoteCsvField) : null;
  const { arrival, duration, keyId, classId, size } = trace;
  for (let start = 0; start < trace.n; start += rowsPerChunk) {
    const stop = Math.min(trace.n, start + rowsPerChunk);
    let out = '';
    for (let j = start; j < stop; j++) {
      const i = order ? order[j]! : j;
      out += `${arrival[i]!},${duration[i]!},${keys[keyId[i]!]!}`;
      if (size) {
        const s = size[i]!;
        out += Number.isNaN(s) ? ',' : `,${s}`;
      }
      if (classId) out += `,${classes![classId[i]!]!}`;
      out += '\n';
    }
    yield out;
  }
}

/** The whole CSV text of `trace` in stored order (see formatTraceCsvChunks). */
export function formatTraceCsv(trace: Trace): string {
  let s = '';
  for (const piece of formatTraceCsvChunks(trace)) s += piece;
  return s;
}
