// Queue state sampled at N instants over the evaluation span: waiting per level, busy workers, promoted share.

/** Waiting messages per queue as an engine's scheduler exposes them (SchedulerCore satisfies it). */
export interface QueueState {
  readonly queues: number;
  lengthOf(q: number): number;
  /** Waiting messages of queue q that reached it by promotion. */
  promotedWaiting(q: number): number;
}

/**
 * Samples of one run at instants t_k = (k + 1)·span/N, k = 0 … N − 1 (ms of simulated time; span = the last
 * evaluation arrival, the first being 0), each the state after every event at or before t_k. Queue q is counted
 * in series level min(q, levels − 1), so a per-key engine (levels 1) reports its total. Arrays are preallocated:
 * a sample allocates nothing, and the engine's check per event is one comparison.
 */
export class QueueSeries {
  readonly at: Float64Array;
  /** waiting[k·levels + l]: messages waiting in series level l at t_k. */
  readonly waiting: Int32Array;
  /** promoted[k·levels + l]: of those, the ones that reached the level by promotion. */
  readonly promoted: Int32Array;
  readonly busy: Int32Array;
  /** The next instant to sample (Infinity once all are taken). */
  nextAt: number;
  private k = 0;

  /** N ≥ 1 samples of `levels` ≥ 1 series levels over [0, span]. Throws RangeError for other N or levels. */
  constructor(
    readonly n: number,
    readonly levels: number,
    span: number,
  ) {
    if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`series: ${n} samples; expected an integer ≥ 1`);
    if (!(Number.isInteger(levels) && levels >= 1)) throw new RangeError(`series: ${levels} levels; expected an integer ≥ 1`);
    this.at = new Float64Array(n);
    for (let k = 0; k < n; k++) this.at[k] = ((k + 1) * span) / n;
    this.waiting = new Int32Array(n * levels);
    this.promoted = new Int32Array(n * levels);
    this.busy = new Int32Array(n);
    this.nextAt = this.at[0]!;
  }

  /**
   * Records the state of `queues` for every instant up to `t` not yet sampled (the level engines call it as a timer
   * event at t = nextAt, after every other event at that instant; Infinity at the end of a run).
   */
  takeQueues(t: number, queues: QueueState, busy: number): void {
    const top = this.levels - 1;
    // nextAt is Infinity once every sample is taken: the count, not the time, ends the loop for t = Infinity.
    while (this.k < this.n && this.nextAt <= t) {
      const base = this.k * this.levels;
      for (let q = 0; q < queues.queues; q++) {
        const l = base + (q < top ? q : top);
        this.waiting[l]! += queues.lengthOf(q);
        this.promoted[l]! += queues.promotedWaiting(q);
      }
      this.busy[this.k] = busy;
      this.advance();
    }
  }

  /** Records `waiting` messages in series level 0 (engines with one ordered queue) for every instant before `t` (the next event's time). */
  takeCount(t: number, waiting: number, busy: number): void {
    while (this.nextAt < t) {
      this.waiting[this.k * this.levels] = waiting;
      this.busy[this.k] = busy;
      this.advance();
    }
  }

  private advance(): void {
    this.k++;
    this.nextAt = this.k < this.n ? this.at[this.k]! : Number.POSITIVE_INFINITY;
  }

  /**
   * The samples as stored in a result file: instants, busy workers, and per series level the waiting counts and
   * the promoted share (promoted / waiting, 0 when nothing waits). Call after the run.
   */
  toRecord(): SeriesRecord {
    const L = this.levels;
    const perLevel = (f: (k: number, l: number) => number): number[][] => Array.from({ length: L }, (_, l) => Array.from({ length: this.n }, (_, k) => f(k, l)));
    return {
      at_ms: Array.from(this.at),
      busy: Array.from(this.busy),
      waiting: perLevel((k, l) => this.waiting[k * L + l]!),
      promoted_share: perLevel((k, l) => {
        const w = this.waiting[k * L + l]!;
        return w > 0 ? this.promoted[k * L + l]! / w : 0;
      }),
    };
  }
}

/** A run's queue series in the result file (`series` of an arm at a load); waiting[l][k] is level l at at_ms[k]. */
export interface SeriesRecord {
  at_ms: number[];
  busy: number[];
  waiting: number[][];
  promoted_share: number[][];
}
