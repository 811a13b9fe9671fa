// A plain reference of SPEC §5's scheduling rules (arrays, linear scans, a tick at every grid point) to test SchedulerCore against.
import type { SchedulerConfig } from './scheduler-core.ts';

interface Waiting {
  readonly i: number;
  placed: number;
  readonly arrival: number;
  readonly cost: number;
  promoted: boolean;
}

/**
 * SPEC §5 read literally: each level an array of waiting messages, strict priority or a scan for the smallest
 * virtual clock, "contains a promoted message" as a scan, and the aging tick due at every grid point (no skipping
 * of no-op ticks). Slow and obviously right; the same driving protocol as SchedulerCore.
 */
export class ReferenceScheduler {
  promotions = 0;
  private readonly levels: Waiting[][];
  private readonly clock: number[];
  private readonly ewma: number[];
  private floor = 0;
  private nextTick: number;

  constructor(
    private readonly cfg: SchedulerConfig,
    startMs = 0,
  ) {
    this.levels = Array.from({ length: cfg.levels }, () => []);
    this.clock = new Array<number>(cfg.levels).fill(0);
    this.ewma = new Array<number>(cfg.levels).fill(0);
    this.nextTick = startMs + cfg.agingIntervalMs;
  }

  get size(): number {
    return this.levels.reduce((n, l) => n + l.length, 0);
  }

  /** Appends message i at the tail of level q; a level that was empty restarts at max(its clock, floor). */
  enqueue(i: number, q: number, now: number, cost: number, arrival: number): void {
    this.place(q, { i, placed: now, arrival, cost, promoted: false });
  }

  /** The message to start next and the level it leaves, or null when none waits. */
  dequeue(): { i: number; q: number } | null {
    let q = -1;
    if (this.cfg.weights === null) {
      q = this.levels.findIndex((l) => l.length > 0);
    } else {
      for (let k = 0; k < this.levels.length; k++) {
        if (this.levels[k]!.length > 0 && (q < 0 || this.clock[k]! < this.clock[q]!)) q = k;
      }
    }
    if (q < 0) return null;
    const m = this.levels[q]!.shift()!;
    if (this.cfg.weights !== null) {
      this.floor = Math.max(this.floor, this.clock[q]!);
      const cost = m.cost > 0 ? m.cost : this.ewma[q]! > 0 ? this.ewma[q]! : 1;
      this.clock[q] = this.clock[q]! + Math.max(cost, 1) / this.cfg.weights[q]!;
    }
    return { i: m.i, q };
  }

  /** A message pulled from level q completed after d ms. */
  learn(q: number, d: number): void {
    const e = this.ewma[q]!;
    this.ewma[q] = e > 0 ? e + 0.05 * (d - e) : d;
  }

  /** The next grid point at or after `now` while aging is on and something waits; Infinity otherwise. */
  nextGridTick(now: number): number {
    if (this.cfg.agingMs === null || this.cfg.levels < 2 || this.size === 0) return Number.POSITIVE_INFINITY;
    while (this.nextTick < now) this.nextTick += this.cfg.agingIntervalMs;
    return this.nextTick;
  }

  tick(now: number): void {
    const threshold = this.cfg.agingMs ?? Number.POSITIVE_INFINITY;
    for (let l = this.levels.length - 1; l >= 1; l--) {
      const above = this.levels[l - 1]!;
      if (this.cfg.pausing && above.some((m) => m.promoted) && above.length > 0 && now - above[0]!.arrival >= threshold) continue;
      while (this.levels[l]!.length > 0 && now - this.levels[l]![0]!.placed >= threshold) {
        const m = this.levels[l]!.shift()!;
        m.placed = now;
        m.promoted = true;
        this.promotions++;
        this.place(l - 1, m);
        if (this.cfg.pausing) break;
      }
    }
    this.nextTick = now + this.cfg.agingIntervalMs;
  }

  settle(now: number): void {
    if (this.size === 0) this.nextTick = now + this.cfg.agingIntervalMs;
  }

  private place(q: number, m: Waiting): void {
    if (this.cfg.weights !== null && this.levels[q]!.length === 0) this.clock[q] = Math.max(this.clock[q]!, this.floor);
    this.levels[q]!.push(m);
  }
}
