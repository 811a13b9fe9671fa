// Stable ordering of an in-memory trace by arrival (SPEC §3: file order within ties).
import { stableOrderBy, type Trace } from '../src/trace/trace.ts';

/** Whether `arrival` is non-decreasing (the trace needs no reordering). O(n). */
export function isSortedByArrival(arrival: Float64Array): boolean {
  for (let i = 1; i < arrival.length; i++) if (arrival[i]! < arrival[i - 1]!) return false;
  return true;
}

/** Returns `trace` itself when already sorted, else a copy stably sorted by arrival. O(n log n) when unsorted. */
export function sortTraceByArrival(trace: Trace): Trace {
  if (isSortedByArrival(trace.arrival)) return trace;
  const order = stableOrderBy(trace.arrival);
  const n = trace.n;
  const arrival = new Float64Array(n);
  const duration = new Float64Array(n);
  const keyId = new Int32Array(n);
  const classId = trace.classId ? new Int32Array(n) : null;
  const size = trace.size ? new Float64Array(n) : null;
  for (let j = 0; j < n; j++) {
    const i = order[j]!;
    arrival[j] = trace.arrival[i]!;
    duration[j] = trace.duration[i]!;
    keyId[j] = trace.keyId[i]!;
    if (classId) classId[j] = trace.classId![i]!;
    if (size) size[j] = trace.size![i]!;
  }
  return { n, arrival, duration, keyId, keys: trace.keys, classId, classes: trace.classes, size };
}
