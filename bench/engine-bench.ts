// Engine speed: customers/s of the discrete-event engine on M/M/64 at ρ 0.8 (200,000 customers), next to a bare
// hand-written JavaScript event loop on the same arrivals, measured in the same run (best of 5 seeds each, after a
// warm-up run of both, so that JIT tiers and other processes on the machine distort the ratio as little as possible).
import { createRng, exponential } from '../src/rng/seeded.ts';
import { runEngine, type EngineConfig } from '../sim/engine.ts';
import { EngineBuffers } from '../sim/engine-buffers.ts';

const N = 200_000;
const C = 64;
const MEAN = 10;
const LAMBDA = (0.8 * C) / MEAN;

function workload(seed: number): { arrival: Float64Array; duration: Float64Array } {
  const rng = createRng(seed);
  const a = rng.fork('arrivals');
  const s = rng.fork('service');
  const arrival = new Float64Array(N);
  const duration = new Float64Array(N);
  let t = 0;
  for (let i = 0; i < N; i++) {
    t += exponential(a, 1 / LAMBDA);
    arrival[i] = t;
    duration[i] = exponential(s, MEAN);
  }
  return { arrival, duration };
}

/**
 * The practical floor for an event-driven simulation in JavaScript: departures in a binary min-heap, arrivals from
 * the array, waiting customers in a ring buffer, one event per iteration, no abstraction. Returns the mean wait.
 */
function bareHeapLoop(arrival: Float64Array, duration: Float64Array): number {
  const n = arrival.length;
  const heap = new Float64Array(C);
  let size = 0;
  const ring = new Int32Array(n);
  let qHead = 0;
  let qTail = 0;
  let busy = 0;
  let next = 0;
  let sumWait = 0;
  while (next < n || size > 0) {
    const ta = next < n ? arrival[next]! : Infinity;
    const td = size > 0 ? heap[0]! : Infinity;
    let now: number;
    if (td <= ta) {
      now = td;
      // Pop the earliest departure.
      const v = heap[--size]!;
      let j = 0;
      for (;;) {
        let c = 2 * j + 1;
        if (c >= size) break;
        if (c + 1 < size && heap[c + 1]! < heap[c]!) c++;
        if (heap[c]! >= v) break;
        heap[j] = heap[c]!;
        j = c;
      }
      heap[j] = v;
      busy--;
    } else {
      now = ta;
      ring[qTail++] = next++;
    }
    while (busy < C && qHead < qTail) {
      const i = ring[qHead++]!;
      sumWait += now - arrival[i]!;
      busy++;
      // Push the departure.
      const v = now + duration[i]!;
      let j = size++;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (heap[p]! <= v) break;
        heap[j] = heap[p]!;
        j = p;
      }
      heap[j] = v;
    }
  }
  return sumWait / n;
}

const cfg: EngineConfig = { workers: C, queues: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false };
const router = { now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined };
// One buffer pool for all runs, as `simulate` shares one across its arms and loads.
const buffers = new EngineBuffers();

function best(xs: number[]): number {
  return Math.max(...xs);
}

const engineRates: number[] = [];
const bareRates: number[] = [];
{
  const warm = workload(99);
  bareHeapLoop(warm.arrival, warm.duration);
  runEngine({ arrival: warm.arrival, duration: warm.duration, first: 0, m: N, compress: 1, router, cfg, buffers });
}
for (let seed = 1; seed <= 5; seed++) {
  const { arrival, duration } = workload(seed);
  let t0 = performance.now();
  const bareWait = bareHeapLoop(arrival, duration);
  bareRates.push(N / ((performance.now() - t0) / 1000));
  t0 = performance.now();
  const run = runEngine({ arrival, duration, first: 0, m: N, compress: 1, router, cfg, buffers });
  engineRates.push(N / ((performance.now() - t0) / 1000));
  let sumWait = 0;
  for (let i = 0; i < N; i++) sumWait += run.start[i]! - run.arrival[i]!;
  // Both compute the same FCFS schedule, so their mean waits agree (a check that the comparison is fair).
  if (Math.abs(sumWait / N - bareWait) > 1e-9 * Math.max(1, bareWait)) throw new Error(`engine and bare loop disagree: ${sumWait / N} vs ${bareWait}`);
}
const e = best(engineRates);
const b = best(bareRates);
process.stdout.write(
  `engine M/M/64 ρ=0.8, ${N} customers (best of 5 seeds): engine ${(e / 1e6).toFixed(2)} M customers/s, ` +
    `bare heap loop ${(b / 1e6).toFixed(2)} M customers/s, ratio ${(e / b).toFixed(2)} (target ≥ 0.50)\n`,
);
