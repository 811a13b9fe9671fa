// A full garbage collection on demand, to keep Node 20 from hanging when a thread's event loop ends.
//
// The hang: V8 (11.3, in Node 20) compiles hot functions on background threads. Such a compile job may allocate on
// the JS heap, and when the old generation is at its allocation limit it waits for its isolate's thread to collect
// garbage. When the event loop of that thread ends (the process is about to exit, or a worker thread stops), Node
// blocks the thread until all background jobs are done (NodePlatform::DrainTasks) without collecting garbage for
// them: each waits for the other, forever. gdb on a hung `hsim predictor warm` showed exactly this: the main
// thread in DrainTasks, a TurboFan job in CollectionBarrier::AwaitCollectionBackground. It hit ~2 % of short runs
// under load: 8 of 360 processes in 4 parallel shell loops on 2 cores, each running `hsim predictor warm`, `simulate`
// and `simulate --predictor-snapshot` on a 3,000-row trace under `timeout`. It most likely failed a CI run too (a
// test's child killed after 180 s).
//
// A full collection right before a thread goes idle for good leaves the old generation far below its limit, so the
// few compile jobs still in flight finish without asking for one: 0 hangs in 1,680 runs of the same loops (~8 ms
// per collection on a 2M-row simulate). main.ts collects once at the end; a cell pool asks each thread to collect
// before stopping it (cell-thread.ts, ThreadSettle). Collecting after every cell instead cost ~0.5 s of a 12-cell
// run with --jobs 2: the collection gives memory back, which the next cell faults in again.
// `node --no-concurrent-recompilation` avoids the hang too, but costs 5–10 % of a simulation's time, and V8 reads
// it only at start-up.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

/** Runs a full garbage collection now (exposing V8's `gc` function on first use). */
export function fullGc(): void {
  if (gc === null) {
    const global = (globalThis as { gc?: () => void }).gc;
    if (typeof global === 'function') {
      gc = global;
    } else {
      // --expose-gc installs `gc` in contexts created afterwards: a new context hands it over.
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    }
  }
  gc();
}
