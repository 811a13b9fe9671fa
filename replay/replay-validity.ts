// Validity of a replay run (SPEC §11): every message completed, none dead-lettered or lost, producer on time.
import * as msg from './messages.ts';
import { nearestRank } from '../src/stats/nearest-rank.ts';

/** Producer lateness summary, wall ms (submit time − scheduled time). */
export interface Lateness {
  readonly p50_ms: number;
  readonly p99_ms: number;
  readonly max_ms: number;
}

/** What a replay run observed, for the validity rules. */
export interface RunObservation {
  readonly expected: number;
  readonly completed: number;
  readonly deadLettered: number;
  /** Lateness of every submit, wall ms (negative when early). */
  readonly lateness: Float64Array;
  /** Broker failures seen during the run (connection lost, consumer cancelled, …), in order. */
  readonly failures: readonly string[];
}

/** Nearest-rank p50/p99/max of the lateness values (0 for an empty run). Cost O(n log n). */
export function summariseLateness(lateness: Float64Array): Lateness {
  if (lateness.length === 0) return { p50_ms: 0, p99_ms: 0, max_ms: 0 };
  const s = Float64Array.from(lateness).sort();
  return { p50_ms: nearestRank(s, 0.5), p99_ms: nearestRank(s, 0.99), max_ms: s[s.length - 1]! };
}

/**
 * The reasons a run is invalid (empty when valid): broker failures; messages not completed (lost); dead letters;
 * producer lateness p99 above `boundMs`. Each reason is one sentence with the numbers.
 */
export function invalidReasons(obs: RunObservation, boundMs: number): string[] {
  const reasons: string[] = [];
  for (const f of obs.failures) reasons.push(msg.replayBrokerFailure(f));
  const lost = obs.expected - obs.completed - obs.deadLettered;
  if (lost > 0) reasons.push(msg.replayLost(lost, obs.expected));
  if (obs.deadLettered > 0) reasons.push(msg.replayDeadLettered(obs.deadLettered));
  const late = summariseLateness(obs.lateness);
  if (late.p99_ms > boundMs) reasons.push(msg.replayLate(late.p99_ms, boundMs));
  return reasons;
}
