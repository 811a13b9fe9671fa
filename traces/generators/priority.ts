// Multi-class workload for priority queueing: Poisson arrivals at load ρ, a labelled class per job, exponential service.
import { atOption, InputError } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import type { Rng } from '../../src/rng/seeded.ts';
import { exponential } from '../../src/rng/seeded.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { ROW_CHUNK, type RowRun, type RowSink } from '../row-sink.ts';
import { PRIORITY_DEFAULTS as DEFAULTS } from '../../src/config/generator-defaults.ts';
import { checkNumber, collectTrace, cumulativeShares, pickIndex, toMicros } from './generator-support.ts';

/** One job class: its label (written as key and class), mean service time in ms, and share of arrivals. */
export interface PriorityClass {
  label: string;
  meanMs: number;
  share: number;
}

/** Options of the priority generator (CLI flags in brackets). */
export interface PriorityOptions {
  /** Jobs to generate [--n]. */
  n: number;
  /** Workers the load is sized for [--c]. */
  c: number;
  /** Offered load ρ = λ·E[S]/c over all classes [--rho]. */
  rho: number;
  /** The classes [--classes label:mean_ms:share,…]; shares are normalised to sum 1. */
  classes: PriorityClass[];
}

/** Defaults of every option. */
export const PRIORITY_DEFAULTS: PriorityOptions = {
  n: DEFAULTS.n,
  c: DEFAULTS.c,
  rho: DEFAULTS.rho,
  classes: parsePriorityClasses(DEFAULTS.classes),
};

/** Parses `label:mean_ms:share,…` (e.g. `short:10:0.8,long:100:0.2`). @throws InputError naming --classes. */
export function parsePriorityClasses(spec: string): PriorityClass[] {
  const out: PriorityClass[] = [];
  for (const part of spec.split(',')) {
    const [label, mean, share, extra] = part.split(':');
    const meanMs = Number(mean);
    const s = Number(share);
    if (!label || extra !== undefined || mean === undefined || share === undefined || !(meanMs > 0) || !Number.isFinite(meanMs) || !(s > 0) || !Number.isFinite(s)) {
      throw new InputError(atOption('--classes', `"${part}"`, 'label:mean_ms:share with mean_ms > 0 and share > 0, comma-separated', 'e.g. short:10:0.8,long:100:0.2'));
    }
    if (out.some((c) => c.label === label)) throw new InputError(atOption('--classes', `label "${label}" twice`, 'distinct labels'));
    out.push({ label, meanMs, share: s });
  }
  return out;
}

/** Mean service time over the class mix, ms: Σ share·mean / Σ share. */
export function priorityMeanServiceMs(classes: readonly PriorityClass[]): number {
  const total = classes.reduce((a, c) => a + c.share, 0);
  return classes.reduce((a, c) => a + c.share * c.meanMs, 0) / total;
}

/**
 * Generates `n` jobs: Poisson arrivals with rate λ = ρ·c/E[S], each job's class drawn by share, its service
 * exponential with the class mean; key = class = the label. Substreams: arrivals, classes, service.
 * @throws InputError for an out-of-range option or an empty class list.
 */
export function generatePriority(opts: PriorityOptions, rng: Rng): Trace {
  return collectTrace(true, (sink) => priorityRows(opts, rng, sink));
}

/**
 * The rows of `generatePriority`, in arrival order, written into `sink` one by one (memory O(classes), any n).
 * Options are checked on the call, before any row. @throws InputError for an out-of-range option.
 */
export function priorityRows(opts: PriorityOptions, rng: Rng, sink: RowSink): RowRun {
  checkNumber('--n', opts.n, { min: 1, integer: true });
  checkNumber('--c', opts.c, { min: 1, integer: true });
  checkNumber('--rho', opts.rho, { min: 0, exclusiveMin: true });
  if (opts.rho >= 1) throw new InputError(msg.unstableRho(opts.rho, opts.c));
  if (opts.classes.length === 0) throw new InputError(atOption('--classes', 'no classes', 'at least one label:mean_ms:share'));
  const arrivals = rng.fork('arrivals');
  const pick = rng.fork('classes');
  const service = rng.fork('service');
  const cum = cumulativeShares(opts.classes.map((c) => c.share));
  const meanGap = priorityMeanServiceMs(opts.classes) / (opts.rho * opts.c);
  return (function* run(): RowRun {
    let t = 0;
    for (let i = 0; i < opts.n; ) {
      t += exponential(arrivals, meanGap);
      const cls = opts.classes[pickIndex(cum, pick.next())]!;
      sink.write(toMicros(t), toMicros(exponential(service, cls.meanMs)), cls.label, cls.label, Number.NaN);
      if (++i % ROW_CHUNK === 0) yield;
    }
    return opts.n;
  })();
}
