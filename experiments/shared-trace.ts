// Handing a trace read on the coordinator to cell threads without copying it: columns on SharedArrayBuffers travel
// by reference in a thread message, so every thread reads the same memory (traces are read-only by convention).
import type { Trace } from '../src/trace/trace.ts';
import type { LoadedTraceEntry } from './cell-task.ts';

const shared = new WeakMap<LoadedTraceEntry['trace'], LoadedTraceEntry['trace']>();

/**
 * The entry with its columns on shared memory: as is when they already are (traces read from the binary cache
 * are), else copied once (remembered per trace, so later cells reuse the copy).
 */
export function shareTraceEntry(entry: LoadedTraceEntry): LoadedTraceEntry {
  let loaded = shared.get(entry.trace);
  if (loaded === undefined) {
    loaded = { ...entry.trace, trace: sharedTrace(entry.trace.trace) };
    shared.set(entry.trace, loaded);
  }
  return { ...entry, trace: loaded };
}

function sharedTrace(t: Trace): Trace {
  const share = <A extends Float64Array | Int32Array>(a: A, make: (b: SharedArrayBuffer) => A): A => {
    if (a.buffer instanceof SharedArrayBuffer) return a;
    const out = make(new SharedArrayBuffer(a.byteLength));
    out.set(a);
    return out;
  };
  const f64 = (a: Float64Array): Float64Array => share(a, (b) => new Float64Array(b));
  const i32 = (a: Int32Array): Int32Array => share(a, (b) => new Int32Array(b));
  return {
    ...t,
    arrival: f64(t.arrival),
    duration: f64(t.duration),
    keyId: i32(t.keyId),
    classId: t.classId ? i32(t.classId) : null,
    size: t.size ? f64(t.size) : null,
  };
}
