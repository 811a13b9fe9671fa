// An online shop's background jobs over 300 s for 4 workers: steady load, a ramp, a flash sale, recovery, a cost change.
//
// Phases (offered load = arrival rate × mean cost of the baseline mix / workers):
//   steady      0–100 s   60 %
//   ramp      100–130 s   60 % → 125 % (linear)
//   flash-sale 130–170 s  125 %
//   recovery  170–190 s   125 % → 60 % (linear)
//   after     190–300 s   60 % of the baseline costs; from 220 s the e-mail provider slows down
//                         (send-email median ×2), which lifts the true offered load to ≈ 73 %.
// With the default 4 workers the mean baseline cost is ≈ 24.6 ms and a run has ≈ 36k jobs; the rare long
// report exports (≈ 4 per run, 15 s median) make the load of a single phase vary by several percent between seeds.
import type { Rng } from '../../src/rng/seeded.ts';
import { exponential, lognormal } from '../../src/rng/seeded.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ROW_CHUNK, type RowRun, type RowSink } from '../row-sink.ts';
import { PRODFLOW_DEFAULTS as DEFAULTS } from '../../src/config/generator-defaults.ts';
import { checkNumber, collectTrace, cumulativeShares, lognormalMean, pickIndex, toMicros } from './generator-support.ts';
import { sizeFollowingCost, unrelatedSize, type SizeOptions } from './job-sizes.ts';

/**
 * A job type: the service that runs it (the key), its label (the class), lognormal cost and share of arrivals; with
 * `--sizes`, its median payload and whether its cost follows the payload (an invoice's cost ∝ its lines).
 */
export interface ProdflowJob {
  service: string;
  type: string;
  medianMs: number;
  sigma: number;
  share: number;
  sizeBytes: number;
  costFollowsSize: boolean;
}

/** A phase of the run: load moves linearly from `loadFrom` to `loadTo` between `startS` and `endS` (seconds). */
export interface ProdflowPhase {
  name: string;
  startS: number;
  endS: number;
  loadFrom: number;
  loadTo: number;
}

/** The nine job types of the five services (shares sum to 1). */
export const PRODFLOW_JOBS: readonly ProdflowJob[] = [
  { service: 'checkout', type: 'reserve-stock', medianMs: 2, sigma: 0.4, share: 0.3554, sizeBytes: 600, costFollowsSize: false },
  { service: 'checkout', type: 'confirm-order', medianMs: 8, sigma: 0.5, share: 0.16, sizeBytes: 2000, costFollowsSize: false },
  { service: 'billing', type: 'create-invoice', medianMs: 10, sigma: 0.5, share: 0.14, sizeBytes: 20000, costFollowsSize: true },
  { service: 'billing', type: 'refund', medianMs: 20, sigma: 0.6, share: 0.02, sizeBytes: 4000, costFollowsSize: true },
  { service: 'notifications', type: 'send-sms', medianMs: 15, sigma: 0.6, share: 0.12, sizeBytes: 300, costFollowsSize: false },
  { service: 'notifications', type: 'send-email', medianMs: 35, sigma: 0.7, share: 0.12, sizeBytes: 30000, costFollowsSize: false },
  { service: 'webhooks', type: 'deliver-webhook', medianMs: 45, sigma: 1.0, share: 0.08, sizeBytes: 8000, costFollowsSize: true },
  { service: 'reporting', type: 'daily-summary', medianMs: 1000, sigma: 0.5, share: 0.0045, sizeBytes: 500000, costFollowsSize: true },
  { service: 'reporting', type: 'export-report', medianMs: 15000, sigma: 0.6, share: 0.0001, sizeBytes: 20000000, costFollowsSize: true },
];

/** The phases, in order, covering 0–300 s. */
export const PRODFLOW_PHASES: readonly ProdflowPhase[] = [
  { name: 'steady', startS: 0, endS: 100, loadFrom: 0.6, loadTo: 0.6 },
  { name: 'ramp', startS: 100, endS: 130, loadFrom: 0.6, loadTo: 1.25 },
  { name: 'flash-sale', startS: 130, endS: 170, loadFrom: 1.25, loadTo: 1.25 },
  { name: 'recovery', startS: 170, endS: 190, loadFrom: 1.25, loadTo: 0.6 },
  { name: 'after', startS: 190, endS: 300, loadFrom: 0.6, loadTo: 0.6 },
];

/** The mid-run cost change: from `atS` on, job type `type` has its median multiplied by `factor`. */
export const PRODFLOW_COST_CHANGE = { atS: 220, type: 'send-email', factor: 2 } as const;

/** Options of the prodflow generator (CLI flags in brackets). */
export interface ProdflowOptions {
  /** Workers the load is sized for; arrival rates scale with it [--workers]. */
  workers: number;
  /** Adds `size_bytes` (absent: no size column) [--sizes, --size-noise]. */
  sizes?: SizeOptions;
}

/** Defaults of every option. */
export const PRODFLOW_DEFAULTS: ProdflowOptions = DEFAULTS;

/** Mean cost of the baseline job mix, ms (Σ share·median·exp(σ²/2)). */
export function prodflowMeanCostMs(): number {
  return PRODFLOW_JOBS.reduce((a, j) => a + j.share * lognormalMean(j.medianMs, j.sigma), 0);
}

/** Offered load of the baseline mix at time t (seconds): the phase's linear profile. */
export function prodflowLoadAt(tS: number): number {
  for (const p of PRODFLOW_PHASES) {
    if (tS < p.endS) return p.loadFrom + ((p.loadTo - p.loadFrom) * (tS - p.startS)) / (p.endS - p.startS);
  }
  return 0;
}

/**
 * Generates the run: a Poisson process of rate λ(t) = load(t)·workers / E[cost] (thinning from the peak rate),
 * each job's type drawn by share, its cost lognormal (with the cost change applied from 220 s);
 * key = service, class = job type. With `sizes`, each job's `size_bytes`: for types whose cost follows size, derived
 * from the drawn cost with the noise (see sizeFollowingCost), else lognormal around the type's median with its σ;
 * the durations are those of the run without sizes. Substreams: arrivals, thinning, jobs, service, sizes.
 * @throws InputError for bad workers or size noise.
 */
export function generateProdflow(opts: ProdflowOptions, rng: Rng): Trace {
  return collectTrace(true, (sink) => prodflowRows(opts, rng, sink), opts.sizes !== undefined);
}

/**
 * The rows of `generateProdflow`, in arrival order, written into `sink` one by one (memory O(1)).
 * Options are checked on the call, before any row. @throws InputError for bad workers.
 */
export function prodflowRows(opts: ProdflowOptions, rng: Rng, sink: RowSink): RowRun {
  checkNumber('--workers', opts.workers, { min: 1, integer: true });
  if (opts.sizes !== undefined) checkNumber('--size-noise', opts.sizes.noise, { min: 0, max: 10 });
  const sizes = opts.sizes === undefined ? null : { rng: rng.fork('sizes'), noise: opts.sizes.noise };
  const arrivals = rng.fork('arrivals');
  const thinning = rng.fork('thinning');
  const pick = rng.fork('jobs');
  const service = rng.fork('service');
  const cum = cumulativeShares(PRODFLOW_JOBS.map((j) => j.share));
  const ratePerLoad = opts.workers / prodflowMeanCostMs();
  const peakLoad = Math.max(...PRODFLOW_PHASES.map((p) => Math.max(p.loadFrom, p.loadTo)));
  const maxRate = peakLoad * ratePerLoad;
  const endMs = PRODFLOW_PHASES[PRODFLOW_PHASES.length - 1]!.endS * 1000;
  return (function* run(): RowRun {
    let n = 0;
    for (let t = exponential(arrivals, 1 / maxRate); t < endMs; t += exponential(arrivals, 1 / maxRate)) {
      if (thinning.next() * maxRate >= prodflowLoadAt(t / 1000) * ratePerLoad) continue;
      const job = PRODFLOW_JOBS[pickIndex(cum, pick.next())]!;
      const slowed = job.type === PRODFLOW_COST_CHANGE.type && t >= PRODFLOW_COST_CHANGE.atS * 1000;
      const median = slowed ? job.medianMs * PRODFLOW_COST_CHANGE.factor : job.medianMs;
      const cost = lognormal(service, median, job.sigma);
      const size = sizes === null ? Number.NaN
        : job.costFollowsSize ? sizeFollowingCost(sizes.rng, cost, median, job.sizeBytes, sizes.noise) : unrelatedSize(sizes.rng, job.sizeBytes, job.sigma);
      sink.write(toMicros(t), toMicros(cost), job.service, job.type, size);
      if (++n % ROW_CHUNK === 0) yield;
    }
    return n;
  })();
}
