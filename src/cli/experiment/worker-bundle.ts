// The entry of cell worker threads: a one-file bundle of cell-thread.ts (starts in ~0.1 s, where loading every module
// through tsx takes ~1.5 s per thread), rebuilt when a source changes; the tsx-loading .js entry as the fallback.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gitCommit, repositoryRoot } from '../provenance.ts';
import { cachedBundle } from '../../../bin/bundle.js';
import type { LoadedTraceEntry } from './cell-task.ts';
import type { Trace } from '../../trace/trace.ts';

/** What piscina needs to start a cell thread. */
export interface WorkerEntry {
  readonly filename: string;
  readonly name: string;
  readonly workerData?: unknown;
}

/** The cell thread's bundle (bin/bundle.js: built on first use after a source change). */
function bundle(): Promise<string> {
  const root = repositoryRoot();
  return cachedBundle(root, 'cell-worker', fileURLToPath(new URL('./cell-thread.ts', import.meta.url)));
}

/**
 * The thread entry: the bundle (built on first use after a source change; HSIM_NO_BUNDLE=1 skips it), or, when
 * bundling is impossible, cell-worker.js, which registers tsx in the thread and loads cell-thread.ts. `traces`
 * (read and checked here) are shared with each thread, so threads do not read them again; so is the git commit.
 */
export async function cellWorkerEntry(loaded: readonly LoadedTraceEntry[] = []): Promise<WorkerEntry> {
  // Typed arrays on shared memory are handed to threads without a copy: every thread reads the same trace.
  const traces = loaded.map((l) => ({ ...l, trace: { ...l.trace, trace: sharedTrace(l.trace.trace) } }));
  const commit = gitCommit();
  if (process.env.HSIM_NO_BUNDLE !== '1') {
    try {
      return { filename: pathToFileURL(await bundle()).href, name: 'runCellTask', workerData: { traces, commit } };
    } catch {
      // Fall through to the loader: slower to start, same results.
    }
  }
  return { filename: new URL('./cell-worker.js', import.meta.url).href, name: 'default', workerData: { tsxApi: import.meta.resolve('tsx/esm/api'), traces, commit } };
}

/** A copy of the trace whose columns live in SharedArrayBuffers (read-only by convention, as traces are). */
function sharedTrace(t: Trace): Trace {
  const share = <A extends Float64Array | Int32Array>(a: A, make: (b: SharedArrayBuffer) => A): A => {
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
