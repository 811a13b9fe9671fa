// One queue of the Harbinger broker: the shared scheduler and predictor on a wall clock, leases, retries, dead letters.
import { Scheduler } from '../src/scheduler/scheduler.ts';
import type { SchedulerConfig } from '../src/scheduler/scheduler-core.ts';
import type { Predictor } from '../src/predictor/predictor.ts';
import * as msg from './messages.ts';
import * as coreMsg from '../src/messages.ts';
import { randomBytes } from 'node:crypto';
import {
  checkRange, checkTextBytes, DEAD_LETTERS_KEPT, DEFAULT_CAPACITY, FieldRangeError, MAX_ID_BYTES, MAX_KEY_BYTES, MAX_PAYLOAD_BYTES, QueueFullError, type QueueCapacity,
} from './broker-limits.ts';
import { DEAD_LETTER_REASON_CHARS, deadLetterCharge, MemoryBudget, MESSAGE_OVERHEAD_BYTES, utf8Bytes } from './broker-memory.ts';

/** Queue settings, wall-clock ms. */
export interface HarbingerQueueConfig extends SchedulerConfig {
  /** A delivery not settled within this time is re-queued (or dead-lettered) and censored. */
  readonly leaseMs: number;
  /** Failed deliveries allowed before dead-lettering: a message gets at most 1 + maxRetries deliveries. */
  readonly maxRetries: number;
  /** A message that waited longer than this since its arrival is dead-lettered when reached (0 = no TTL). */
  readonly ttlMs: number;
  /** Level for a message routed by a predictor fallback (the middle level). */
  readonly defaultLevel: number;
  /**
   * The predictor runs in trace time: its clock is (wall ms since the queue was created) × timeScale, it observes
   * acknowledged durations × timeScale, and its estimates are divided by timeScale before they become costs.
   * This is the same as dividing its staleness and forgetting constants by the time scale (SPEC §11).
   */
  readonly timeScale: number;
  /** Shadow routing: the predictor predicts and learns, but every message takes the default level. */
  readonly routeDefault: boolean;
  /** Messages and bytes (payloads, ids, keys) the queue may hold (waiting + in flight); DEFAULT_CAPACITY when absent. */
  readonly capacity?: QueueCapacity;
  /** The broker's memory account, charged for everything the queue holds; absent = an unlimited one of its own. */
  readonly budget?: MemoryBudget;
  /** Bytes already charged to `budget` for the queue itself (overhead, name, predictor); released on close. */
  readonly baseBytes?: number;
}

interface Message {
  readonly id: string;
  readonly key: string;
  readonly payload: Uint8Array;
  /** UTF-8 bytes of id and key. */
  readonly idBytes: number;
  readonly keyBytes: number;
  readonly level: number;
  readonly cost: number;
  readonly arrival: number;
  readonly outcome: number;
  attempts: number;
  token: string | null;
  lease: ReturnType<typeof setTimeout> | null;
}

/** A delivered message with the token that settles this attempt. */
export interface Delivery {
  readonly id: string;
  readonly key: string;
  readonly payload: Uint8Array;
  readonly token: string;
  readonly attempt: number;
  readonly level: number;
  readonly outcome: number;
  readonly leaseMs: number;
}

export interface DeadLetter {
  readonly id: string;
  readonly key: string;
  readonly reason: string;
  readonly attempts: number;
}

/** A kept dead letter and the bytes it is charged. */
interface KeptDeadLetter extends DeadLetter {
  readonly charge: number;
}

/** A settle call with a token that is not the current attempt's (late, duplicate or forged). */
export class StaleTokenError extends Error {
  override readonly name = 'StaleTokenError';
}

interface Waiter {
  resolve: (d: Delivery | null) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A Harbinger queue. `clock()` returns wall ms (monotonic). Every public operation is one scheduler event:
 * it runs at clock(), dispatches to waiting pullers, then settles (re-anchoring the aging grid when empty).
 * Aging ticks run on a timer at the next tick that can promote (the scheduler core's look-ahead).
 */
export class HarbingerQueue {
  /** The newest DEAD_LETTERS_KEPT dead letters, oldest first. */
  private readonly deadLetters: KeptDeadLetter[] = [];
  /** Messages accepted by submit; always = completed + deadLettered + waiting + in flight. */
  submitted = 0;
  completed = 0;
  /** Messages dead-lettered so far, and how many of their records were dropped (the oldest, past DEAD_LETTERS_KEPT). */
  deadLettered = 0;
  deadLettersDropped = 0;
  /** Bytes of payloads, ids and keys held (waiting + in flight): what `capacity.maxBytes` bounds. */
  bytesHeld = 0;
  /** Bytes this queue has charged to the broker's memory account (itself, its messages and dead letters). */
  memoryBytes: number;
  expiredLeases = 0;
  censored = 0;
  private readonly sched: Scheduler<Message>;
  private readonly inFlight = new Map<string, Message>();
  private readonly ids = new Set<string>();
  private readonly waiters: Waiter[] = [];
  private readonly outcomes = new Map<number, number>();
  /** Level each in-flight message was pulled from (its cost EWMA learns from the acknowledgement). */
  private readonly pulledFrom = new WeakMap<Message, number>();
  private agingTimer: ReturnType<typeof setTimeout> | null = null;
  private lastNow: number;
  private closed = false;
  private readonly created: number;
  private readonly budget: MemoryBudget;

  constructor(
    private readonly cfg: HarbingerQueueConfig,
    private readonly predictor: Predictor | null,
    private readonly clock: () => number,
    private readonly outcomeNames: readonly string[] = [],
  ) {
    this.lastNow = clock();
    this.created = this.lastNow;
    this.budget = cfg.budget ?? new MemoryBudget(Number.POSITIVE_INFINITY);
    this.memoryBytes = cfg.baseBytes ?? 0;
    this.sched = new Scheduler<Message>(cfg, this.lastNow);
  }

  /**
   * Enqueues a message. `level` < 0 routes with the predictor (predict(key) at now; a fallback gives the default
   * level); otherwise the given level is used. Returns the level and the predictor outcome (−1 when not predicted).
   * Throws RangeError for a duplicate id or a level out of range, FieldRangeError for a cost outside its range or a
   * payload over MAX_PAYLOAD_BYTES or an id or key over MAX_ID_BYTES / MAX_KEY_BYTES, QueueFullError when the queue
   * holds its capacity of messages or bytes (payload, id and key count) or the broker's memory account is spent.
   */
  submit(id: string, key: string, payload: Uint8Array, level: number, costMs: number): { level: number; outcome: number } {
    if (this.ids.has(id)) throw new RangeError(msg.messageIdTaken(id));
    checkRange('cost_ms', costMs);
    if (!Number.isInteger(level) || level >= this.cfg.levels) throw new FieldRangeError('level', String(level), `an integer below ${this.cfg.levels} (< 0: the broker routes)`);
    if (payload.length > MAX_PAYLOAD_BYTES) throw new FieldRangeError('payload', `${payload.length} bytes`, `at most ${MAX_PAYLOAD_BYTES} bytes`);
    checkTextBytes('id', id, MAX_ID_BYTES);
    checkTextBytes('key', key, MAX_KEY_BYTES);
    const cap = this.cfg.capacity ?? DEFAULT_CAPACITY;
    const held = this.sched.size + this.inFlight.size;
    if (held >= cap.maxMessages) throw new QueueFullError(msg.queueFullMessages(held, cap.maxMessages));
    const idBytes = utf8Bytes(id);
    const keyBytes = utf8Bytes(key);
    const bytes = payload.length + idBytes + keyBytes;
    if (this.bytesHeld + bytes > cap.maxBytes) throw new QueueFullError(msg.queueFullHeldBytes(this.bytesHeld, bytes, cap.maxBytes));
    const charge = bytes + MESSAGE_OVERHEAD_BYTES;
    this.budget.reserve(charge, `a message of ${bytes} bytes (payload, id, key) plus ${MESSAGE_OVERHEAD_BYTES} of overhead`);
    this.memoryBytes += charge;
    const now = this.event();
    let lvl = level;
    let cost = costMs > 0 ? costMs : 0;
    let outcome = -1;
    if (lvl < 0) {
      if (this.predictor !== null) {
        this.predictor.setClock(this.traceTime(now));
        lvl = this.predictor.predict(key);
        if (this.cfg.routeDefault) lvl = this.cfg.defaultLevel;
        outcome = this.predictor.lastOutcome;
        const est = this.predictor.lastEstimate;
        cost = est > 0 && !this.cfg.routeDefault ? est / this.cfg.timeScale : 0;
        this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
      } else lvl = this.cfg.defaultLevel;
    }
    if (lvl >= this.cfg.levels) {
      this.budget.release(charge);
      this.memoryBytes -= charge;
      throw new RangeError(coreMsg.levelOutOfRange(lvl, this.cfg.levels));
    }
    this.ids.add(id);
    this.submitted++;
    this.bytesHeld += bytes;
    this.sched.enqueue(lvl, { id, key, payload, idBytes, keyBytes, level: lvl, cost, arrival: now, outcome, attempts: 0, token: null, lease: null }, now, cost, now);
    this.finish(now);
    return { level: lvl, outcome };
  }

  /** Resolves with the next delivery, or null when none comes within `waitMs` (or the queue closes). */
  pull(waitMs: number): Promise<Delivery | null> {
    const now = this.event();
    const d = this.take(now);
    this.finish(now);
    if (d !== null || waitMs <= 0 || this.closed) return Promise.resolve(d);
    return new Promise((resolve) => {
      const w: Waiter = {
        resolve,
        timer: setTimeout(() => {
          const i = this.waiters.indexOf(w);
          if (i >= 0) this.waiters.splice(i, 1);
          resolve(null);
        }, waitMs),
      };
      this.waiters.push(w);
    });
  }

  /**
   * Settles a delivery as done after `durationMs` (wall ms, as measured by the consumer): the predictor observes it
   * and the level's cost EWMA moves. Throws StaleTokenError when `token` is not the current attempt's, and
   * FieldRangeError (settling nothing) for a duration outside its range.
   */
  ack(token: string, durationMs: number): void {
    checkRange('duration_ms', durationMs);
    const m = this.inFlight.get(token);
    if (m === undefined) throw new StaleTokenError(msg.staleToken(token));
    const now = this.event();
    this.settleAttempt(m, token);
    this.completed++;
    this.ids.delete(m.id);
    this.releaseMessage(m);
    this.sched.onComplete(this.lastLevelOf(m), durationMs);
    if (this.predictor !== null) {
      this.predictor.setClock(this.traceTime(now));
      this.predictor.observe(m.key, durationMs * this.cfg.timeScale);
    }
    this.finish(now);
  }

  /** Settles a delivery as failed: re-queued, or dead-lettered past the retries. Throws StaleTokenError. */
  nack(token: string): void {
    const m = this.inFlight.get(token);
    if (m === undefined) throw new StaleTokenError(msg.staleToken(token));
    const now = this.event();
    this.settleAttempt(m, token);
    this.retryOrDeadLetter(m, now, 'nacked');
    this.finish(now);
  }

  /** Whether `token` is a delivery not yet settled (acknowledged, nacked or expired). */
  holds(token: string): boolean {
    return this.inFlight.has(token);
  }

  /** Counters and the newest `maxDeadLetters` kept dead letters (oldest first; all kept ones by default). */
  stats(maxDeadLetters = DEAD_LETTERS_KEPT): {
    submitted: number; bytesHeld: number; memoryBytes: number; waiting: number; inFlight: number; completed: number; expiredLeases: number; censored: number; promotions: number;
    deadLettered: number; deadLettersDropped: number; deadLetters: DeadLetter[]; outcomes: Record<string, number>;
  } {
    const outcomes: Record<string, number> = {};
    for (const [code, n] of this.outcomes) outcomes[this.outcomeNames[code] ?? String(code)] = n;
    const shown = this.deadLetters.slice(Math.max(0, this.deadLetters.length - maxDeadLetters));
    return {
      submitted: this.submitted, bytesHeld: this.bytesHeld, memoryBytes: this.memoryBytes, waiting: this.sched.size, inFlight: this.inFlight.size, completed: this.completed,
      expiredLeases: this.expiredLeases, censored: this.censored, promotions: this.sched.promotions, deadLettered: this.deadLettered, deadLettersDropped: this.deadLettersDropped,
      deadLetters: shown.map((d) => ({ id: d.id, key: d.key, reason: d.reason, attempts: d.attempts })), outcomes,
    };
  }

  /** Stops every timer, answers waiting pullers with null and returns every byte charged to the broker's account. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.budget.release(this.memoryBytes);
    this.memoryBytes = 0;
    if (this.agingTimer !== null) clearTimeout(this.agingTimer);
    for (const m of this.inFlight.values()) if (m.lease !== null) clearTimeout(m.lease);
    this.inFlight.clear();
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.resolve(null);
    }
  }

  private traceTime(now: number): number {
    return (now - this.created) * this.cfg.timeScale;
  }

  private event(): number {
    const now = Math.max(this.clock(), this.lastNow);
    this.lastNow = now;
    return now;
  }

  /** Dispatch to waiting pullers, settle, and re-arm the aging timer. */
  private finish(now: number): void {
    while (this.waiters.length > 0 && this.sched.size > 0) {
      const d = this.take(now);
      if (d === null) break;
      const w = this.waiters.shift()!;
      clearTimeout(w.timer);
      w.resolve(d);
    }
    this.sched.settle(now);
    this.armAging(now);
  }

  /** Dequeues the next live message (dead-lettering the ones past their TTL) and starts its lease. */
  private take(now: number): Delivery | null {
    for (;;) {
      const m = this.sched.dequeue(now);
      if (m === null) return null;
      const level = this.sched.lastLevel;
      if (this.cfg.ttlMs > 0 && now - m.arrival > this.cfg.ttlMs) {
        this.deadLetter(m, `ttl expired after ${(now - m.arrival).toFixed(1)} ms`);
        continue;
      }
      m.attempts++;
      // 128 random bits: a token cannot be guessed from another delivery's, so only its holder can settle it.
      const token = randomBytes(16).toString('base64url');
      m.token = token;
      this.inFlight.set(token, m);
      this.pulledFrom.set(m, level);
      m.lease = setTimeout(() => this.expire(m, token), this.cfg.leaseMs);
      return { id: m.id, key: m.key, payload: m.payload, token, attempt: m.attempts, level, outcome: m.outcome, leaseMs: this.cfg.leaseMs };
    }
  }

  private lastLevelOf(m: Message): number {
    return this.pulledFrom.get(m) ?? m.level;
  }

  private expire(m: Message, token: string): void {
    if (this.closed || m.token !== token) return;
    const now = this.event();
    this.settleAttempt(m, token);
    this.expiredLeases++;
    // The handler overran its lease: its duration is above what it ran so far, a censored observation.
    if (this.predictor !== null) {
      this.predictor.setClock(this.traceTime(now));
      this.predictor.observeCensored(m.key);
      this.censored++;
    }
    this.retryOrDeadLetter(m, now, 'lease expired');
    this.finish(now);
  }

  private settleAttempt(m: Message, token: string): void {
    this.inFlight.delete(token);
    if (m.lease !== null) clearTimeout(m.lease);
    m.lease = null;
    m.token = null;
  }

  private retryOrDeadLetter(m: Message, now: number, why: string): void {
    if (m.attempts > this.cfg.maxRetries) {
      this.deadLetter(m, `${why} on attempt ${m.attempts} (max retries ${this.cfg.maxRetries})`);
      return;
    }
    // A re-queued delivery keeps its original arrival (latency and pausing count from it).
    this.sched.enqueue(m.level, m, now, m.cost, m.arrival);
  }

  /** Returns a settled or dead-lettered message's bytes to the queue's capacity and the broker's account. */
  private releaseMessage(m: Message): void {
    const bytes = m.payload.length + m.idBytes + m.keyBytes;
    this.bytesHeld -= bytes;
    this.budget.release(bytes + MESSAGE_OVERHEAD_BYTES);
    this.memoryBytes -= bytes + MESSAGE_OVERHEAD_BYTES;
  }

  /** Keeps a dead letter for a message (charged no more than the message was), dropping the oldest past the cap. */
  private deadLetter(m: Message, reason: string): void {
    this.ids.delete(m.id);
    this.releaseMessage(m);
    this.deadLettered++;
    const charge = deadLetterCharge(m.idBytes, m.keyBytes);
    this.budget.charge(charge);
    this.memoryBytes += charge;
    this.deadLetters.push({ id: m.id, key: m.key, reason: reason.slice(0, DEAD_LETTER_REASON_CHARS), attempts: m.attempts, charge });
    if (this.deadLetters.length > DEAD_LETTERS_KEPT) {
      const old = this.deadLetters.shift()!;
      this.budget.release(old.charge);
      this.memoryBytes -= old.charge;
      this.deadLettersDropped++;
    }
  }

  private armAging(now: number): void {
    if (this.agingTimer !== null) {
      clearTimeout(this.agingTimer);
      this.agingTimer = null;
    }
    if (this.closed) return;
    const due = this.sched.nextTickAt(now);
    if (!Number.isFinite(due)) return;
    this.agingTimer = setTimeout(() => {
      this.agingTimer = null;
      const t = this.event();
      // The timer fires at or after the due time; the tick runs at the actual time (the grid moves with it).
      if (this.sched.nextTickAt(due) <= t) this.sched.tick(t);
      this.finish(t);
    }, Math.max(0, due - now));
  }
}
