// M/M/c-style workload: Poisson arrivals at load ρ for c workers, exponential or lognormal service times.
import type { Rng } from '../../src/rng/seeded.ts';
import { exponential, lognormal } from '../../src/rng/seeded.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ROW_CHUNK, type RowRun, type RowSink } from '../row-sink.ts';
import { MMC_DEFAULTS as DEFAULTS } from '../../src/config/generator-defaults.ts';
import { checkNumber, collectTrace, toMicros } from './generator-support.ts';
import { InputError } from '../../src/errors.ts';
import * as msg from '../messages.ts';

/** Options of the mmc generator (CLI flags in brackets). */
export interface MmcOptions {
  /** Jobs to generate [--n]. */
  n: number;
  /** Workers the load is sized for [--c]. */
  c: number;
  /** Offered load ρ = λ·E[S]/c [--rho]. */
  rho: number;
  /** Mean service time E[S], ms [--mean-service-ms]. */
  meanServiceMs: number;
  /** Service distribution [--service]. */
  service: 'exp' | 'lognormal';
  /** Log-space sigma of the lognormal service [--sigma]. */
  sigma: number;
  /** Number of keys, each job's key uniform among them [--keys]. */
  keys: number;
}

/** Defaults of every option. */
export const MMC_DEFAULTS: MmcOptions = DEFAULTS;

/** Arrival rate λ = ρ·c/E[S], jobs per ms. */
export function mmcArrivalRate(opts: MmcOptions): number {
  return (opts.rho * opts.c) / opts.meanServiceMs;
}

/**
 * Generates `n` jobs: exponential inter-arrival times with rate λ = ρ·c/E[S] (first arrival one gap after 0),
 * service exponential with mean E[S] or lognormal with mean E[S] (median E[S]·exp(−σ²/2)); keys `k0`…`k{K−1}`.
 * Substreams: arrivals, service, keys. Times rounded to µs. @throws InputError for an out-of-range option.
 */
export function generateMmc(opts: MmcOptions, rng: Rng): Trace {
  return collectTrace(false, (sink) => mmcRows(opts, rng, sink));
}

/**
 * The rows of `generateMmc`, in arrival order, written into `sink` one by one (memory O(keys), any n).
 * Options are checked on the call, before any row. @throws InputError for an out-of-range option.
 */
export function mmcRows(opts: MmcOptions, rng: Rng, sink: RowSink): RowRun {
  checkNumber('--n', opts.n, { min: 1, integer: true });
  checkNumber('--c', opts.c, { min: 1, integer: true });
  checkNumber('--rho', opts.rho, { min: 0, exclusiveMin: true });
  // ρ ≥ 1 offers at least as much work as the c servers do: the queue has no steady state, so no M/M/c formula holds.
  if (opts.rho >= 1) throw new InputError(msg.unstableRho(opts.rho, opts.c));
  checkNumber('--mean-service-ms', opts.meanServiceMs, { min: 0, exclusiveMin: true });
  checkNumber('--sigma', opts.sigma, { min: 0 });
  checkNumber('--keys', opts.keys, { min: 1, integer: true });
  const arrivals = rng.fork('arrivals');
  const service = rng.fork('service');
  const keys = rng.fork('keys');
  const meanGap = 1 / mmcArrivalRate(opts);
  const median = opts.meanServiceMs * Math.exp(-(opts.sigma * opts.sigma) / 2);
  const names = Array.from({ length: opts.keys }, (_, k) => `k${k}`);
  return (function* run(): RowRun {
    let t = 0;
    for (let i = 0; i < opts.n; ) {
      t += exponential(arrivals, meanGap);
      const d = opts.service === 'exp' ? exponential(service, opts.meanServiceMs) : lognormal(service, median, opts.sigma);
      const k = opts.keys === 1 ? 0 : Math.floor(keys.next() * opts.keys);
      sink.write(toMicros(t), toMicros(d), names[k]!, '', Number.NaN);
      if (++i % ROW_CHUNK === 0) yield;
    }
    return opts.n;
  })();
}
