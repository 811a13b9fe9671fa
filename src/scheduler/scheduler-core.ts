// The scheduler core of SPEC §5 over message indices: strict or weighted queues, EWMA cost, anchored aging.
import { ShareHeap } from './share-heap.ts';

/** How the scheduler serves its queues (levels, or one queue per key). */
export interface SchedulerConfig {
  /** Number of queues: priority levels (level 0 is served first), or one per key. */
  readonly levels: number;
  /** Weighted shares with one weight per queue; null = strict priority. */
  readonly weights: ArrayLike<number> | null;
  /** Aging threshold, ms; null = no aging. */
  readonly agingMs: number | null;
  /** Aging tick interval, ms. */
  readonly agingIntervalMs: number;
  readonly pausing: boolean;
}

/**
 * Per-message arrays a caller may lend (the engine lends pooled buffers sized to its run, and never grows them).
 * Absent arrays are allocated; the ones the config never reads get one element.
 */
export interface SchedulerStorage {
  readonly next?: Int32Array;
  readonly pulled?: Int32Array;
  readonly placed?: Float64Array;
  readonly arrival?: Float64Array;
  readonly cost?: Float64Array;
  readonly promoted?: Uint8Array;
}

const EWMA_ALPHA = 0.05;

/**
 * The one implementation of SPEC §5's scheduling rules. It holds message indices (integers the caller chooses,
 * 0 … capacity−1, each waiting at most once) and their scheduling fields, never payloads; the caller passes `now`
 * (ms, non-decreasing), so the simulator's event loop and a broker's wall-clock timer drive the same rules.
 *
 * Driving protocol: after each event (an enqueue, a completion or an aging tick) and the dequeues it allows, call
 * `settle(now)`, which re-anchors the aging grid when nothing waits. `nextActingTick(now)` is the next aging tick
 * that can promote; call `tick(t)` at it. No call allocates, except `ensure` (growth).
 */
export class SchedulerCore {
  readonly queues: number;
  readonly weighted: boolean;
  /** Aging is on: a threshold is set and there are at least two levels. */
  readonly agingOn: boolean;
  /** Number of promotions so far. */
  promotions = 0;
  private total = 0;
  // The queues: FIFO intrusive linked lists over message indices (`next` links shared, O(M + Q) memory).
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly length: Int32Array;
  private next: Int32Array;
  private readonly shares: ShareHeap;
  private pulled: Int32Array;
  private placed: Float64Array;
  private arrival: Float64Array;
  private cost: Float64Array;
  private promoted: Uint8Array;
  private readonly ewma: Float64Array;
  private readonly promotedIn: Int32Array;
  private readonly weights: Float64Array;
  private readonly vclock: Float64Array;
  private floor = 0;
  private readonly threshold: number;
  private readonly interval: number;
  private readonly pausing: boolean;
  private nextTick: number;
  /** The last look-ahead's answer, −Infinity once a head, a promoted count or the grid changed since. */
  private acting = Number.NEGATIVE_INFINITY;

  /**
   * A core for message indices 0 … capacity−1 (grow with `ensure`), its aging grid anchored at `startMs`.
   * Throws RangeError on an inconsistent config (no levels, wrong number of weights, bad interval).
   */
  constructor(cfg: SchedulerConfig, capacity: number, startMs = 0, storage: SchedulerStorage = {}) {
    if (!Number.isInteger(cfg.levels) || cfg.levels < 1) throw new RangeError(`scheduler: levels ${cfg.levels}; expected an integer ≥ 1`);
    if (cfg.weights !== null && cfg.weights.length !== cfg.levels) throw new RangeError(`scheduler: ${cfg.weights.length} weights for ${cfg.levels} levels`);
    if (!(cfg.agingIntervalMs > 0)) throw new RangeError(`scheduler: aging interval ${cfg.agingIntervalMs}; expected > 0 ms`);
    const Q = cfg.levels;
    const cap = Math.max(1, capacity);
    this.queues = Q;
    this.weighted = cfg.weights !== null;
    this.agingOn = cfg.agingMs !== null && Q > 1;
    this.head = new Int32Array(Q).fill(-1);
    this.tail = new Int32Array(Q).fill(-1);
    this.length = new Int32Array(Q);
    this.next = storage.next ?? new Int32Array(cap);
    this.pulled = storage.pulled ?? new Int32Array(cap);
    this.placed = storage.placed ?? new Float64Array(this.agingOn ? cap : 1);
    this.promoted = storage.promoted ?? new Uint8Array(this.agingOn ? cap : 1);
    this.arrival = storage.arrival ?? new Float64Array(this.agingOn && cfg.pausing ? cap : 1);
    this.cost = storage.cost ?? new Float64Array(this.weighted ? cap : 1);
    this.ewma = new Float64Array(Q);
    this.promotedIn = new Int32Array(Q);
    this.weights = cfg.weights === null ? new Float64Array(0) : Float64Array.from(cfg.weights);
    this.vclock = new Float64Array(Q);
    this.shares = new ShareHeap(Q, this.vclock);
    this.threshold = cfg.agingMs ?? Number.POSITIVE_INFINITY;
    this.interval = cfg.agingIntervalMs;
    this.pausing = cfg.pausing;
    this.nextTick = startMs + cfg.agingIntervalMs;
  }

  /** Makes room for message indices 0 … cap − 1 (arrays double; lent arrays are replaced by grown copies). */
  ensure(cap: number): void {
    if (cap <= this.pulled.length) return;
    const n = Math.max(cap, 2 * this.pulled.length);
    this.next = grown(this.next, n, (k) => new Int32Array(k));
    this.pulled = grown(this.pulled, n, (k) => new Int32Array(k));
    if (this.agingOn) {
      this.placed = grown(this.placed, n, (k) => new Float64Array(k));
      this.promoted = grown(this.promoted, n, (k) => new Uint8Array(k));
      if (this.pausing) this.arrival = grown(this.arrival, n, (k) => new Float64Array(k));
    }
    if (this.weighted) this.cost = grown(this.cost, n, (k) => new Float64Array(k));
  }

  /** Messages waiting in all queues. */
  get size(): number {
    return this.total;
  }

  /** Messages waiting in queue `q`. */
  lengthOf(q: number): number {
    return this.length[q]!;
  }

  /** Messages waiting in queue `q` that reached it by promotion (0 without aging). */
  promotedWaiting(q: number): number {
    return this.agingOn ? this.promotedIn[q]! : 0;
  }

  /** The weighted-cost EWMA of queue `q` (ms; 0 before its first completion). */
  ewmaOf(q: number): number {
    return this.ewma[q]!;
  }

  /** Queue message i was last dequeued from. */
  queueOf(i: number): number {
    return this.pulled[i]!;
  }

  /**
   * Appends message i at the tail of queue q at `now` (placed = now, not promoted). `cost` is the predictor's
   * estimate in ms (0 = none); `arrival` the original arrival (pausing compares against it). A queue that receives
   * a message while empty restarts at max(its clock, floor): no banked credit. The caller checks 0 ≤ q < queues.
   */
  enqueue(i: number, q: number, now: number, cost: number, arrival: number): void {
    // The hot methods stay small (the engine's loop inlines them within V8's budget); config-dependent work is a call.
    if (this.weighted || this.agingOn) this.note(i, now, cost, arrival);
    this.push(q, i);
  }

  /**
   * Takes the message to start next: strict priority takes the head of the lowest non-empty queue; weighted shares
   * the queue with the smallest virtual clock (ties to the lower queue), raising the floor to it and charging
   * max(cost, 1)/weight, cost = the message's estimate if > 0, else the queue's EWMA if > 0, else 1 ms.
   * Returns the message index (its queue is then `queueOf(i)`), or −1 when nothing waits.
   */
  dequeue(): number {
    // Small, with shift the one nested call (V8 inlines it: same speed as the unlink written out, see the commit).
    if (this.total === 0) return -1;
    const head = this.head;
    const length = this.length;
    let q = 0;
    if (this.weighted) {
      const vclock = this.vclock;
      const shares = this.shares;
      q = shares.top();
      const c = vclock[q]!;
      if (c > this.floor) this.floor = c;
      const est = this.cost[head[q]!]!;
      const e = this.ewma[q]!;
      const charge = est > 0 ? est : e > 0 ? e : 1;
      vclock[q] = c + (charge > 1 ? charge : 1) / this.weights[q]!;
      shares.fixTop(length[q] === 1);
    } else while (length[q] === 0) q++;
    const i = this.shift(q);
    if (this.agingOn && this.promoted[i] === 1) this.promotedIn[q]!--;
    this.pulled[i] = q;
    return i;
  }

  private note(i: number, now: number, cost: number, arrival: number): void {
    if (this.weighted) this.cost[i] = cost;
    if (this.agingOn) {
      this.placed[i] = now;
      this.promoted[i] = 0;
      if (this.pausing) this.arrival[i] = arrival;
    }
  }

  /**
   * Message i (dequeued, not re-enqueued since) completed after `duration` ms: the EWMA of its queue learns it
   * (weighted shares only; see `learn`).
   */
  complete(i: number, duration: number): void {
    // Only the weighted charge reads the EWMA; a strict core skips the update (and the engine's loop its inlining).
    if (this.weighted) this.learn(this.pulled[i]!, duration);
  }

  /** The cost EWMA of queue q moves by 0.05·(d − ewma), or becomes d while it is 0. */
  learn(q: number, duration: number): void {
    const e = this.ewma[q]!;
    this.ewma[q] = e > 0 ? e + EWMA_ALPHA * (duration - e) : duration;
  }

  /**
   * The next aging tick at or after `now` that promotes something if no other event comes first; Infinity when
   * none can (aging off, nothing waits, or every head is blocked). Ticks before `now` are skipped along the grid.
   */
  nextActingTick(now: number): number {
    // Small on purpose, so the engine's loop inlines this test; the look-ahead itself is a call.
    if (!this.agingOn || this.total === 0) return Number.POSITIVE_INFINITY;
    // Until a head, a promoted count or the grid changes, the answer stands for every `now` up to it: a level skipped
    // as paused stays paused and a due level stays due as time passes, so starting later on the grid finds the same
    // point. (An arrival behind a waiting head changes nothing it reads: half the engine's events.)
    return now <= this.acting ? this.acting : this.lookAhead(now);
  }

  private lookAhead(now: number): number {
    const interval = this.interval;
    let nextTick = this.nextTick;
    while (nextTick < now) nextTick += interval;
    this.nextTick = nextTick;
    // Until another event the levels are unchanged, so a tick that promotes nothing is a pure no-op. A level l ≥ 1
    // first acts at the first grid point where its head has waited the threshold since it was placed ("due"),
    // unless by then it is paused (pausing: level l−1 holds a promoted message and its head has waited the
    // threshold since arrival). Both conditions only become true as time passes, so the next tick that acts is the
    // earliest such point over the levels. Skip to it along the same grid, with the tick's own comparisons.
    const head = this.head;
    const length = this.length;
    const placed = this.placed;
    const threshold = this.threshold;
    const pausing = this.pausing;
    let tg = Number.POSITIVE_INFINITY;
    for (let l = this.queues - 1; l >= 1; l--) {
      const h = head[l]!;
      if (h < 0) continue;
      const up = l - 1;
      const pausable = pausing && this.promotedIn[up]! > 0 && length[up]! > 0;
      const upArrival = pausable ? this.arrival[head[up]!]! : 0;
      let t = nextTick;
      while (t - placed[h]! < threshold && t < tg) t += interval;
      if (t < tg && !(pausable && t - upArrival >= threshold)) tg = t;
    }
    this.acting = tg;
    return tg;
  }

  /**
   * One aging tick at `now`: from the bottom level up to 1, move heads that waited ≥ threshold since they were
   * placed to the tail of the level above (placed = now, promoted). With pausing, skip level l while level l−1
   * holds a promoted message and its head waited ≥ threshold since its original arrival, and promote at most one
   * message per level. The next tick is due at now + interval.
   */
  tick(now: number): void {
    const head = this.head;
    const length = this.length;
    const placed = this.placed;
    const promoted = this.promoted;
    const promotedIn = this.promotedIn;
    const threshold = this.threshold;
    const pausing = this.pausing;
    for (let l = this.queues - 1; l >= 1; l--) {
      const up = l - 1;
      if (pausing && promotedIn[up]! > 0 && length[up]! > 0 && now - this.arrival[head[up]!]! >= threshold) continue;
      for (let h = head[l]!; h >= 0 && now - placed[h]! >= threshold; h = head[l]!) {
        this.shift(l);
        if (promoted[h] === 1) promotedIn[l]!--;
        if (this.weighted && length[l] === 0) this.shares.remove(l);
        promoted[h] = 1;
        promotedIn[up]!++;
        placed[h] = now;
        this.promotions++;
        this.push(up, h);
        if (pausing) break;
      }
    }
    this.nextTick = now + this.interval;
    this.acting = Number.NEGATIVE_INFINITY;
  }

  /** Ends an event at `now`: when nothing waits, the aging grid is re-anchored at now + interval. */
  settle(now: number): void {
    if (this.total === 0) {
      this.nextTick = now + this.interval;
      this.acting = Number.NEGATIVE_INFINITY;
    }
  }

  /** Appends message i at the tail of queue q; a weighted queue that was empty restarts at max(its clock, floor). */
  private push(q: number, i: number): void {
    const length = this.length;
    if (this.weighted && length[q] === 0) this.restart(q);
    const next = this.next;
    next[i] = -1;
    const t = this.tail[q]!;
    if (t < 0) {
      this.head[q] = i;
      this.acting = Number.NEGATIVE_INFINITY;
    } else next[t] = i;
    this.tail[q] = i;
    length[q]!++;
    this.total++;
  }

  /** A weighted queue receiving a message while empty restarts at max(its clock, floor) and rejoins the shares. */
  private restart(q: number): void {
    const vclock = this.vclock;
    if (vclock[q]! < this.floor) vclock[q] = this.floor;
    this.shares.push(q);
  }

  /** Removes and returns the head of queue q (which must be non-empty). */
  private shift(q: number): number {
    const i = this.head[q]!;
    const nx = this.next[i]!;
    this.head[q] = nx;
    this.acting = Number.NEGATIVE_INFINITY;
    if (nx < 0) this.tail[q] = -1;
    this.length[q]!--;
    this.total--;
    return i;
  }
}

function grown<A extends Int32Array | Float64Array | Uint8Array>(a: A, n: number, make: (k: number) => A): A {
  const b = make(n);
  b.set(a);
  return b;
}
