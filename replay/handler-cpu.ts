// How much CPU computing handlers really used: the ratio of each handler's CPU time to its requested duration.
import { nearestRank } from '../src/stats/nearest-rank.ts';

/** Mean and nearest-rank p50/p99 of CPU time ÷ requested duration over the handlers that ran (null when none did). */
export interface HandlerCpuSummary {
  readonly handler_cpu_ratio_mean: number;
  readonly handler_cpu_ratio_p50: number;
  readonly handler_cpu_ratio_p99: number;
  /** Handlers counted: completed ones with a requested duration > 0. */
  readonly handler_cpu_count: number;
}

/**
 * Summarises `cpu[i] / requested[i]` (both ms) over the messages whose CPU time is known (not NaN) and whose
 * requested duration is > 0. Returns null when there is no such message. Cost O(n log n).
 */
export function summariseHandlerCpu(cpu: Float64Array, requested: Float64Array): HandlerCpuSummary | null {
  const ratios: number[] = [];
  for (let i = 0; i < cpu.length; i++) {
    const c = cpu[i]!;
    const d = requested[i]!;
    if (c === c && d > 0) ratios.push(c / d);
  }
  if (ratios.length === 0) return null;
  const s = Float64Array.from(ratios).sort();
  let sum = 0;
  for (const r of ratios) sum += r;
  return { handler_cpu_ratio_mean: sum / ratios.length, handler_cpu_ratio_p50: nearestRank(s, 0.5), handler_cpu_ratio_p99: nearestRank(s, 0.99), handler_cpu_count: ratios.length };
}
