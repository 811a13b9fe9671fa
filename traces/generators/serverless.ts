// Serverless-like workload: many keys with Zipf popularity, per-key lognormal durations, diurnal arrivals.
import type { Rng } from '../../src/rng/seeded.ts';
import { exponential, lognormal } from '../../src/rng/seeded.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ROW_CHUNK, type RowRun, type RowSink } from '../row-sink.ts';
import { SERVERLESS_DEFAULTS as DEFAULTS } from '../../src/config/generator-defaults.ts';
import { checkNumber, collectTrace, cumulativeShares, pickIndex, toMicros } from './generator-support.ts';
import { sizeFollowingCost, unrelatedSize, type SizeOptions } from './job-sizes.ts';

/** Options of the serverless generator (CLI flags in brackets). */
export interface ServerlessOptions {
  /** Jobs to generate [--n]. */
  n: number;
  /** Number of keys (functions) [--keys]. */
  keys: number;
  /** Zipf exponent s: the key of popularity rank r has weight r^−s [--zipf]. */
  zipf: number;
  /** Log-space sigma of every key's lognormal durations [--sigma]. */
  sigma: number;
  /** Smallest and largest per-key median duration, ms; medians are log-uniform between them [--min-median-ms, --max-median-ms]. */
  minMedianMs: number;
  maxMedianMs: number;
  /** Intended arrival span, ms: the mean arrival rate is n/span [--span-ms]. */
  spanMs: number;
  /** Period of the diurnal cycle, ms [--period-ms]. */
  periodMs: number;
  /** Relative amplitude A of the rate λ(t) = λ̄·(1 + A·sin(2πt/period)), 0 ≤ A ≤ 1 [--amplitude]. */
  amplitude: number;
  /** Adds `size_bytes`: the request body, followed by the cost of odd-ranked keys only (absent: no size column) [--sizes, --size-noise]. */
  sizes?: SizeOptions;
}

/** Median request body of every key with `sizes`, bytes. */
export const SERVERLESS_MEDIAN_BYTES = 10_000;

/** Defaults of every option. */
export const SERVERLESS_DEFAULTS: ServerlessOptions = DEFAULTS;

/** Key name of popularity rank r (1 = most popular), zero-padded so names sort by rank: `fn001`. */
export function serverlessKeyName(rank: number, keys: number): string {
  return `fn${String(rank).padStart(Math.max(3, String(keys).length), '0')}`;
}

/** Share of jobs expected on the most popular key: 1 / Σ_{r=1..K} r^−s. */
export function zipfTopShare(keys: number, s: number): number {
  let h = 0;
  for (let r = 1; r <= keys; r++) h += r ** -s;
  return 1 / h;
}

/**
 * Generates `n` jobs. Arrivals: a Poisson process of rate λ(t) = λ̄·(1 + A·sin(2πt/period)) with λ̄ = n/span,
 * drawn by thinning (Lewis–Shedler) from rate λ̄·(1 + A). Key: Zipf rank. Duration: lognormal with the key's
 * median (log-uniform in [min, max], drawn once per key) and `sigma`.
 * With `sizes`, each job's `size_bytes` around SERVERLESS_MEDIAN_BYTES: keys of odd popularity rank (fn001,
 * fn003, …) have a cost that follows it (see sizeFollowingCost), the others a size unrelated to the cost (σ 1); the
 * durations are those of the run without sizes.
 * Substreams: arrivals, thinning, keys, medians, service, sizes. @throws InputError for an out-of-range option.
 */
export function generateServerless(opts: ServerlessOptions, rng: Rng): Trace {
  return collectTrace(false, (sink) => serverlessRows(opts, rng, sink), opts.sizes !== undefined);
}

/**
 * The rows of `generateServerless`, in arrival order, written into `sink` one by one (memory O(keys), any n).
 * Options are checked on the call, before any row. @throws InputError for an out-of-range option.
 */
export function serverlessRows(opts: ServerlessOptions, rng: Rng, sink: RowSink): RowRun {
  checkNumber('--n', opts.n, { min: 1, integer: true });
  checkNumber('--keys', opts.keys, { min: 1, integer: true });
  checkNumber('--zipf', opts.zipf, { min: 0 });
  checkNumber('--sigma', opts.sigma, { min: 0 });
  checkNumber('--min-median-ms', opts.minMedianMs, { min: 0, exclusiveMin: true });
  checkNumber('--max-median-ms', opts.maxMedianMs, { min: opts.minMedianMs });
  checkNumber('--span-ms', opts.spanMs, { min: 0, exclusiveMin: true });
  checkNumber('--period-ms', opts.periodMs, { min: 0, exclusiveMin: true });
  checkNumber('--amplitude', opts.amplitude, { min: 0, max: 1 });
  if (opts.sizes !== undefined) checkNumber('--size-noise', opts.sizes.noise, { min: 0, max: 10 });
  const sizes = opts.sizes === undefined ? null : { rng: rng.fork('sizes'), noise: opts.sizes.noise };
  const arrivals = rng.fork('arrivals');
  const thinning = rng.fork('thinning');
  const pick = rng.fork('keys');
  const medianRng = rng.fork('medians');
  const service = rng.fork('service');
  const cum = cumulativeShares(Array.from({ length: opts.keys }, (_, r) => (r + 1) ** -opts.zipf));
  const logMin = Math.log(opts.minMedianMs);
  const logMax = Math.log(opts.maxMedianMs);
  const medians = Float64Array.from({ length: opts.keys }, () => Math.exp(logMin + (logMax - logMin) * medianRng.next()));
  const names = Array.from({ length: opts.keys }, (_, r) => serverlessKeyName(r + 1, opts.keys));
  const meanRate = opts.n / opts.spanMs;
  const maxRate = meanRate * (1 + opts.amplitude);
  const omega = (2 * Math.PI) / opts.periodMs;
  return (function* run(): RowRun {
    let t = 0;
    for (let i = 0; i < opts.n; ) {
      t += exponential(arrivals, 1 / maxRate);
      const rate = meanRate * (1 + opts.amplitude * Math.sin(omega * t));
      if (thinning.next() * maxRate >= rate) continue;
      const k = pickIndex(cum, pick.next());
      const cost = lognormal(service, medians[k]!, opts.sigma);
      // k is rank − 1: even k is an odd rank.
      const size = sizes === null ? Number.NaN
        : k % 2 === 0 ? sizeFollowingCost(sizes.rng, cost, medians[k]!, SERVERLESS_MEDIAN_BYTES, sizes.noise) : unrelatedSize(sizes.rng, SERVERLESS_MEDIAN_BYTES, 1);
      sink.write(toMicros(t), toMicros(cost), names[k]!, '', size);
      if (++i % ROW_CHUNK === 0) yield;
    }
    return opts.n;
  })();
}
