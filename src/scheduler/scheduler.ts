// The scheduler core with payloads: a slot table of messages of any type over SchedulerCore (the broker's queue).
import { levelOutOfRange } from '../messages.ts';
import { SchedulerCore, type SchedulerConfig } from './scheduler-core.ts';

/**
 * SchedulerCore holding opaque values of type T: each enqueue takes a free slot (slots are recycled, arrays grow),
 * and the core schedules slot indices. The caller passes `now` (ms, non-decreasing) to every call.
 *
 * Driving protocol, mirroring the engine: after each event (an enqueue, a completion or an aging tick) and the
 * dequeues it allows, call `settle(now)`, which re-anchors the aging grid when the queue is empty. The next aging
 * tick that can act is due at `nextTickAt(now)`; call `tick(due)` then.
 */
export class Scheduler<T> {
  readonly levels: number;
  /** Level the last `dequeue` took its message from. */
  lastLevel = -1;
  private readonly core: SchedulerCore;
  private payload: (T | undefined)[] = [];
  private readonly free: number[] = [];
  private used = 0;

  /** Throws RangeError on an inconsistent config (no levels, wrong number of weights, bad interval). */
  constructor(cfg: SchedulerConfig, startMs = 0) {
    this.core = new SchedulerCore(cfg, 64, startMs);
    this.levels = cfg.levels;
  }

  /** Messages waiting in all levels. */
  get size(): number {
    return this.core.size;
  }

  /** Number of promotions so far. */
  get promotions(): number {
    return this.core.promotions;
  }

  /**
   * Appends `msg` at the tail of `level` at `now`. `costMs` is the predictor's estimate (0 = none);
   * `arrivalMs` is the original arrival (for pausing), `now` by default (a re-queued delivery keeps its first
   * arrival). Throws RangeError for a level out of range.
   */
  enqueue(level: number, msg: T, now: number, costMs = 0, arrivalMs = now): void {
    if (!(level >= 0 && level < this.levels) || !Number.isInteger(level)) throw new RangeError(`scheduler: ${levelOutOfRange(level, this.levels)}`);
    let s = this.free.pop();
    if (s === undefined) {
      s = this.used++;
      this.core.ensure(this.used);
    }
    this.payload[s] = msg;
    this.core.enqueue(s, level, now, costMs, arrivalMs);
  }

  /** Takes the next message to start at `now` by the core's rule (its level in `lastLevel`); null when none waits. */
  dequeue(now: number): T | null {
    void now;
    const s = this.core.dequeue();
    if (s < 0) return null;
    this.lastLevel = this.core.queueOf(s);
    const msg = this.payload[s]!;
    this.payload[s] = undefined;
    this.free.push(s);
    return msg;
  }

  /** A message pulled from `level` completed after `durationMs` (ms): that level's cost EWMA learns it. */
  onComplete(level: number, durationMs: number): void {
    this.core.learn(level, durationMs);
  }

  /** The next aging tick at or after `now` that can promote (ticks before now are skipped); Infinity when none. */
  nextTickAt(now: number): number {
    return this.core.nextActingTick(now);
  }

  /** One aging tick at `now` (see SchedulerCore.tick); the next tick is due at now + interval. */
  tick(now: number): void {
    this.core.tick(now);
  }

  /** Ends an event at `now`: when nothing waits, the aging grid is re-anchored at now + interval. */
  settle(now: number): void {
    this.core.settle(now);
  }
}
