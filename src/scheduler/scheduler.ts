// The broker's scheduler core (SPEC §5): levels, aging with pausing, weighted shares with the floor rule, EWMA cost.
import { SlotQueues } from './slot-queues.ts';

/** How the scheduler serves its levels; the same fields as the simulator's engine config. */
export interface SchedulerConfig {
  /** Number of levels (level 0 is served first). */
  readonly levels: number;
  /** Weighted shares with one weight per level; null = strict priority. */
  readonly weights: readonly number[] | null;
  /** Aging threshold, ms; null = no aging. */
  readonly agingMs: number | null;
  /** Aging tick interval, ms. */
  readonly agingIntervalMs: number;
  readonly pausing: boolean;
}

const EWMA_ALPHA = 0.05;

/**
 * A clock-agnostic scheduler: the caller passes `now` (ms, non-decreasing) to every call, so the simulator's
 * event loop and a broker's wall-clock timer drive the same rules. Messages are opaque values of type T held
 * in reusable slots (allocation-tolerant: arrays grow, slots are recycled).
 *
 * Driving protocol, mirroring the engine: after each event (an enqueue, a completion or an aging tick) and the
 * dequeues it allows, call `settle(now)`, which re-anchors the aging grid when the queue is empty. Aging ticks are
 * due at `nextTickAt(now)`; call `tick(due)` for each one.
 */
export class Scheduler<T> {
  readonly levels: number;
  /** Level the last `dequeue` took its message from. */
  lastLevel = -1;
  /** Original arrival (ms) of the last dequeued message. */
  lastArrival = 0;
  /** Cost estimate (ms, 0 = none) attached to the last dequeued message. */
  lastCost = 0;
  /** Number of promotions so far. */
  promotions = 0;
  private readonly q: SlotQueues;
  private payload: (T | undefined)[] = [];
  private placed = new Float64Array(64);
  private arrival = new Float64Array(64);
  private cost = new Float64Array(64);
  private promoted = new Uint8Array(64);
  private free: number[] = [];
  private used = 0;
  private readonly ewma: Float64Array;
  private readonly promotedIn: Int32Array;
  private readonly weights: Float64Array | null;
  private readonly vclock: Float64Array;
  private floor = 0;
  private readonly agingOn: boolean;
  private readonly threshold: number;
  private readonly interval: number;
  private readonly pausing: boolean;
  private nextTick: number;

  /** Throws RangeError on an inconsistent config (no levels, wrong number of weights, bad interval). */
  constructor(cfg: SchedulerConfig, startMs = 0) {
    if (!Number.isInteger(cfg.levels) || cfg.levels < 1) throw new RangeError(`scheduler: levels ${cfg.levels}; expected an integer ≥ 1`);
    if (cfg.weights !== null && cfg.weights.length !== cfg.levels) throw new RangeError(`scheduler: ${cfg.weights.length} weights for ${cfg.levels} levels`);
    if (!(cfg.agingIntervalMs > 0)) throw new RangeError(`scheduler: aging interval ${cfg.agingIntervalMs}; expected > 0 ms`);
    this.levels = cfg.levels;
    this.q = new SlotQueues(cfg.levels);
    this.ewma = new Float64Array(cfg.levels);
    this.promotedIn = new Int32Array(cfg.levels);
    this.weights = cfg.weights === null ? null : Float64Array.from(cfg.weights);
    this.vclock = new Float64Array(cfg.levels);
    this.agingOn = cfg.agingMs !== null && cfg.levels > 1;
    this.threshold = cfg.agingMs ?? Number.POSITIVE_INFINITY;
    this.interval = cfg.agingIntervalMs;
    this.pausing = cfg.pausing;
    this.nextTick = startMs + cfg.agingIntervalMs;
  }

  /** Messages waiting in all levels. */
  get size(): number {
    return this.q.total;
  }

  /** Messages waiting in `level`. */
  lengthOf(level: number): number {
    return this.q.length[level]!;
  }

  /** The weighted-cost EWMA of `level` (ms; 0 before its first completion). */
  ewmaOf(level: number): number {
    return this.ewma[level]!;
  }

  /**
   * Appends `msg` at the tail of `level` at `now`. `costMs` is the predictor's estimate (0 = none);
   * `arrivalMs` is the original arrival (for pausing and latency), `now` by default (a re-queued delivery keeps
   * its first arrival). Throws RangeError for a level out of range.
   */
  enqueue(level: number, msg: T, now: number, costMs = 0, arrivalMs = now): void {
    if (!(level >= 0 && level < this.levels) || !Number.isInteger(level)) throw new RangeError(`scheduler: level ${level}; expected 0 … ${this.levels - 1}`);
    const s = this.allocate();
    this.payload[s] = msg;
    this.placed[s] = now;
    this.arrival[s] = arrivalMs;
    this.cost[s] = costMs;
    this.promoted[s] = 0;
    this.push(level, s);
  }

  /**
   * Takes the next message to start at `now`: strict priority takes the head of the lowest non-empty level;
   * weighted shares the level with the smallest virtual clock (ties to the lower level), raising the floor and
   * charging max(cost, 1)/weight. Returns null when nothing waits.
   */
  dequeue(now: number): T | null {
    void now;
    const q = this.q;
    if (q.total === 0) return null;
    let l: number;
    const w = this.weights;
    if (w !== null) {
      l = -1;
      let best = Number.POSITIVE_INFINITY;
      for (let k = 0; k < this.levels; k++) {
        if (q.length[k]! > 0 && this.vclock[k]! < best) {
          best = this.vclock[k]!;
          l = k;
        }
      }
      if (best > this.floor) this.floor = best;
      const est = this.cost[q.head[l]!]!;
      const e = this.ewma[l]!;
      const charge = est > 0 ? est : e > 0 ? e : 1;
      this.vclock[l] = best + (charge > 1 ? charge : 1) / w[l]!;
    } else {
      l = 0;
      while (q.length[l] === 0) l++;
    }
    const s = q.shift(l);
    if (this.promoted[s] === 1) this.promotedIn[l]!--;
    const msg = this.payload[s]!;
    this.lastLevel = l;
    this.lastArrival = this.arrival[s]!;
    this.lastCost = this.cost[s]!;
    this.release(s);
    return msg;
  }

  /**
   * Removes the first waiting message for which `pred` is true (e.g. a cancelled or expired one), without
   * charging any share. Returns it, or null. Cost O(waiting messages).
   */
  remove(pred: (msg: T) => boolean): T | null {
    const q = this.q;
    for (let l = 0; l < this.levels; l++) {
      for (let s = q.head[l]!, prev = -1; s >= 0; prev = s, s = q.nextOf(s)) {
        const msg = this.payload[s]!;
        if (!pred(msg)) continue;
        q.unlink(l, s, prev);
        if (this.promoted[s] === 1) this.promotedIn[l]!--;
        this.release(s);
        return msg;
      }
    }
    return null;
  }

  /** Updates the cost EWMA of `level` with a completed duration (ms): += 0.05·(d − ewma), or d when ewma is 0. */
  onComplete(level: number, durationMs: number): void {
    const e = this.ewma[level]!;
    this.ewma[level] = e > 0 ? e + EWMA_ALPHA * (durationMs - e) : durationMs;
  }

  /** Time of the next aging tick at or after `now` (ticks before now are skipped); Infinity when none is due. */
  nextTickAt(now: number): number {
    if (!this.agingOn || this.q.total === 0) return Number.POSITIVE_INFINITY;
    while (this.nextTick < now) this.nextTick += this.interval;
    return this.nextTick;
  }

  /**
   * One aging tick at `now`: from the bottom level up to 1, promote heads that waited ≥ threshold since they were
   * placed (with pausing: skip a level while the level above holds a promoted message and its head waited ≥
   * threshold since arrival; at most one promotion per level). The next tick is due at now + interval.
   */
  tick(now: number): void {
    const q = this.q;
    for (let l = this.levels - 1; l >= 1; l--) {
      const up = l - 1;
      if (this.pausing && this.promotedIn[up]! > 0 && q.length[up]! > 0 && now - this.arrival[q.head[up]!]! >= this.threshold) continue;
      for (let h = q.head[l]!; h >= 0 && now - this.placed[h]! >= this.threshold; h = q.head[l]!) {
        q.shift(l);
        if (this.promoted[h] === 1) this.promotedIn[l]!--;
        this.promoted[h] = 1;
        this.placed[h] = now;
        this.promotions++;
        this.push(up, h);
        if (this.pausing) break;
      }
    }
    this.nextTick = now + this.interval;
  }

  /** Ends an event at `now`: when nothing waits, the aging grid is re-anchored at now + interval. */
  settle(now: number): void {
    if (this.q.total === 0) this.nextTick = now + this.interval;
  }

  private push(level: number, s: number): void {
    // A level that receives a message while empty restarts at max(its clock, floor): no banked credit.
    if (this.weights !== null && this.q.length[level] === 0 && this.vclock[level]! < this.floor) this.vclock[level] = this.floor;
    if (this.promoted[s] === 1) this.promotedIn[level]!++;
    this.q.push(level, s);
  }

  private allocate(): number {
    const f = this.free.pop();
    if (f !== undefined) return f;
    const s = this.used++;
    if (s >= this.placed.length) this.grow(this.placed.length * 2);
    return s;
  }

  private release(s: number): void {
    this.payload[s] = undefined;
    this.free.push(s);
  }

  private grow(cap: number): void {
    const g = <A extends Float64Array | Uint8Array>(a: A, make: (n: number) => A): A => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.placed = g(this.placed, (n) => new Float64Array(n));
    this.arrival = g(this.arrival, (n) => new Float64Array(n));
    this.cost = g(this.cost, (n) => new Float64Array(n));
    this.promoted = g(this.promoted, (n) => new Uint8Array(n));
    this.q.ensure(cap);
  }
}
