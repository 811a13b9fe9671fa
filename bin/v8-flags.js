// The V8 flags hsim runs with, set before any code is optimized: by bin/hsim.js, and by bin/run-ts.js so that the
// benchmarks and scripts run the code as the CLI does.
import { setFlagsFromString } from 'node:v8';

/**
 * Sets them, process-wide (worker threads get them too). Neither changes a result: JavaScript arithmetic is the same
 * IEEE arithmetic whether a function is inlined or called.
 */
export function setHsimFlags() {
  // The event loops inline the scheduler core, the completion heap and the router into one function; V8's default
  // budget of inlined bytecode per function (920) stops short of that, and a call per event costs 10–20 % of a cell
  // (bench/engine-bench.ts: ratio 0.58–0.60 without, 0.66–0.77 with).
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=2000');
  // src/io/full-gc.ts turns on --expose-gc before the process exits; on from the start, the V8 flags are the same
  // when the bundle's code cache is checked (start) and written (exit), or V8 would reject it as made with other flags.
  setFlagsFromString('--expose-gc');
}
