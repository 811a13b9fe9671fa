// Where a computing replay's time goes: per-message stages (queue, hand-off, handler, return, idle gap) and CPU per process.
import { nearestRank } from '../src/stats/nearest-rank.ts';

/** Mean and nearest-rank p50/p99 of one stage over the messages where it is known, wall ms (null when none). */
export interface StageSummary {
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly count: number;
}

/**
 * The `timing` block of a computing replay's arm record. Stages are wall ms of each message, in order:
 * `wait` (delivery − submit: queued in the broker), `handoff` (handler start − delivery: the job's trip to its
 * handler process until its loop runs), `handler` (handler end − handler start), `return` (the driver's end, when it
 * acknowledges, − handler end), `idle_gap` (delivery − the same consumer's previous acknowledgement, for messages
 * submitted before that acknowledgement: a consumer's time between two handlers while work waits).
 */
export interface ReplayTiming {
  readonly wait_ms: StageSummary | null;
  readonly handoff_ms: StageSummary | null;
  readonly handler_ms: StageSummary | null;
  readonly return_ms: StageSummary | null;
  readonly idle_gap_ms: StageSummary | null;
  /** Σ handler wall time ÷ Σ requested duration over the completed handlers: > 1 when handlers shared cores. */
  readonly handler_stretch: number | null;
  /**
   * Mean handoff + mean return + mean idle gap: how long a consumer is held per message outside its handler while
   * work waits (the replay's measured counterpart of the simulator's per-message `--overhead`), wall ms.
   */
  readonly consumer_overhead_ms: number | null;
  /** The run's wall time, ms (origin to the last completion or the stop). */
  readonly wall_ms: number;
  /** CPU ms over the run of this process (driver, producer, broker client) and of the handler processes, and of their loops alone. */
  readonly driver_cpu_ms: number;
  readonly handler_processes_cpu_ms: number;
  readonly handler_loops_cpu_ms: number;
  /**
   * CPU per completed message outside the handlers' loops, ms: (driver + handler processes − loops) ÷ completed.
   * The broker's own CPU is not in it (another process; the contention bench measures it).
   */
  readonly non_handler_cpu_per_message_ms: number | null;
}

/** What a computing replay measured, per message (wall ms after the origin, NaN when unknown) and per process. */
export interface TimingInput {
  readonly submit: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly handlerStart: Float64Array;
  readonly handlerEnd: Float64Array;
  readonly idleGap: Float64Array;
  /** Requested duration of each handler, wall ms. */
  readonly requested: Float64Array;
  /** CPU ms of each handler's loop (NaN when it did not complete). */
  readonly cpu: Float64Array;
  readonly completed: number;
  readonly wallMs: number;
  readonly driverCpuMs: number;
  readonly handlerProcessCpuMs: number;
}

/** Summary of the values that are not NaN; null when there are none. Cost O(n log n). */
export function summariseStage(values: Float64Array): StageSummary | null {
  const known: number[] = [];
  for (const v of values) if (v === v) known.push(v);
  if (known.length === 0) return null;
  const s = Float64Array.from(known).sort();
  let sum = 0;
  for (const v of known) sum += v;
  return { mean: sum / known.length, p50: nearestRank(s, 0.5), p99: nearestRank(s, 0.99), count: known.length };
}

/** b[i] − a[i] for every message (NaN where either is). */
function diff(b: Float64Array, a: Float64Array): Float64Array {
  const out = new Float64Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b[i]! - a[i]!;
  return out;
}

/** The timing block of a computing replay (see ReplayTiming). Cost O(n log n). */
export function summariseTiming(t: TimingInput): ReplayTiming {
  const handoff = summariseStage(diff(t.handlerStart, t.start));
  const back = summariseStage(diff(t.end, t.handlerEnd));
  const idle = summariseStage(t.idleGap);
  let wall = 0;
  let requested = 0;
  let loops = 0;
  for (let i = 0; i < t.cpu.length; i++) {
    const c = t.cpu[i]!;
    if (c !== c) continue;
    loops += c;
    const w = t.handlerEnd[i]! - t.handlerStart[i]!;
    if (w === w) {
      wall += w;
      requested += t.requested[i]!;
    }
  }
  return {
    wait_ms: summariseStage(diff(t.start, t.submit)),
    handoff_ms: handoff,
    handler_ms: summariseStage(diff(t.handlerEnd, t.handlerStart)),
    return_ms: back,
    idle_gap_ms: idle,
    handler_stretch: requested > 0 ? wall / requested : null,
    consumer_overhead_ms: handoff === null || back === null ? null : handoff.mean + back.mean + (idle?.mean ?? 0),
    wall_ms: t.wallMs,
    driver_cpu_ms: t.driverCpuMs,
    handler_processes_cpu_ms: t.handlerProcessCpuMs,
    handler_loops_cpu_ms: loops,
    non_handler_cpu_per_message_ms: t.completed > 0 ? (t.driverCpuMs + t.handlerProcessCpuMs - loops) / t.completed : null,
  };
}
