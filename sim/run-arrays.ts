// The per-message output arrays of an engine run, from the buffer pool, with the compressed arrival times filled in.
import type { EngineBuffers } from './engine-buffers.ts';

/**
 * Views `arrival`, `start`, `end` and `outcome` of length m from `buffers` (names shared by every engine, so one
 * pool serves them all), with arrival[i] = (arrivalIn[first + i] − arrivalIn[first]) / compress (SPEC §5).
 */
export function runArrays(buffers: EngineBuffers, arrivalIn: Float64Array, first: number, m: number, compress: number): { arrival: Float64Array; start: Float64Array; end: Float64Array; outcome: Int8Array } {
  const arrival = buffers.f64('arrival', m);
  const origin = m > 0 ? arrivalIn[first]! : 0;
  for (let i = 0; i < m; i++) arrival[i] = (arrivalIn[first + i]! - origin) / compress;
  return { arrival, start: buffers.f64('start', m), end: buffers.f64('end', m), outcome: buffers.i8('outcome', m) };
}
