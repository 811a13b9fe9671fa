// The documented range of every numeric field the Harbinger broker accepts, checked before a value reaches a queue.

/** A request field outside its documented range: the server answers INVALID_ARGUMENT with this message. */
export class FieldRangeError extends RangeError {
  override readonly name = 'FieldRangeError';
  constructor(readonly field: string, found: string, expected: string) {
    super(`${field}: ${found}; expected ${expected}`);
  }
}

/** Node's timers fire at once for a delay of 2³¹ ms or more, so no wall-clock delay may reach it. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Ranges of the broker's numeric fields (wall ms unless said). Each bound keeps a queue's arithmetic finite and its
 * timers meaningful: a level count bounds memory, an aging interval of at least 1 ms bounds the tick rate, a weight
 * > 0 and a cost or duration ≤ 1e9 ms keep every virtual clock finite, lease and TTL fit Node's timers.
 */
export const FIELD_RANGES = {
  levels: { min: 1, max: 64, integer: true },
  weight: { min: 1e-6, max: 1e6, integer: false },
  aging_ms: { min: 0, max: MAX_TIMER_MS, integer: false },
  aging_interval_ms: { min: 1, max: MAX_TIMER_MS, integer: false },
  lease_ms: { min: 1, max: MAX_TIMER_MS, integer: false },
  max_retries: { min: 0, max: 1000, integer: true },
  ttl_ms: { min: 0, max: MAX_TIMER_MS, integer: false },
  time_scale: { min: 1e-6, max: 1e6, integer: false },
  cost_ms: { min: 0, max: 1e9, integer: false },
  duration_ms: { min: 0, max: 1e9, integer: false },
  wait_ms: { min: 0, max: 60_000, integer: false },
  max_messages: { min: 1, max: 10_000_000, integer: true },
  max_bytes: { min: 1, max: 2 ** 40, integer: true },
  max_queues: { min: 1, max: 100_000, integer: true },
  max_memory_bytes: { min: 2 ** 20, max: 2 ** 46, integer: true },
} as const;

export type RangedField = keyof typeof FIELD_RANGES;

/** Returns `value` when it is finite and inside the field's range; throws FieldRangeError naming `name` otherwise. */
export function checkRange(field: RangedField, value: number, name: string = field): number {
  const r = FIELD_RANGES[field];
  const expected = `${r.integer ? 'an integer' : 'a finite number'} from ${r.min} to ${r.max}`;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FieldRangeError(name, String(value), expected);
  if (value < r.min || value > r.max || (r.integer && !Number.isInteger(value))) throw new FieldRangeError(name, String(value), expected);
  return value;
}

/** Per-queue capacity: a Submit beyond either bound is refused (RESOURCE_EXHAUSTED), so producers feel backpressure. */
export interface QueueCapacity {
  /** Messages held (waiting + in flight). */
  readonly maxMessages: number;
  /** Payload bytes held (waiting + in flight). */
  readonly maxBytes: number;
}

/** The broker's default capacity per queue: 1M messages, 256 MiB of payloads. */
export const DEFAULT_CAPACITY: QueueCapacity = { maxMessages: 1_000_000, maxBytes: 256 * 2 ** 20 };

/** Largest payload of one message (bytes); gRPC's default receive limit is 4 MiB per request. */
export const MAX_PAYLOAD_BYTES = 1 * 2 ** 20;

/** Longest queue name, message id and message key (UTF-8 bytes): each is echoed in replies and held per message. */
export const MAX_NAME_BYTES = 256;
export const MAX_ID_BYTES = 1024;
export const MAX_KEY_BYTES = 1024;

/** Dead letters a queue keeps (the newest); older ones are dropped and counted (Stats dead_letters_dropped). */
export const DEAD_LETTERS_KEPT = 1000;

/** Dead letters one Stats reply lists (the newest); the reply says when it lists fewer than the queue keeps. */
export const STATS_DEAD_LETTERS = 100;

/** Returns `text` when it is at most `maxBytes` UTF-8 bytes; throws FieldRangeError naming `field` otherwise. */
export function checkTextBytes(field: string, text: string, maxBytes: number): string {
  // A string of n UTF-16 units is at most 3n UTF-8 bytes: only a long one is measured.
  if (text.length * 3 > maxBytes) {
    const n = Buffer.byteLength(text, 'utf8');
    if (n > maxBytes) throw new FieldRangeError(field, `${n} bytes`, `at most ${maxBytes} UTF-8 bytes`);
  }
  return text;
}

/** The broker-wide limits: queues held at once and the memory budget (bytes) of everything they hold. */
export interface BrokerLimits {
  readonly maxQueues: number;
  readonly maxMemoryBytes: number;
}

/** A Submit refused because the queue is full: the server answers RESOURCE_EXHAUSTED. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

interface CreateFields {
  levels: number; weights: readonly number[]; aging_ms: number; aging_interval_ms: number; lease_ms: number;
  max_retries: number; ttl_ms: number; time_scale: number; max_messages?: number; max_bytes?: number;
}

/** A CreateQueue request's numbers after the range checks and the defaults of 0 ("unset") are applied. */
export interface CheckedQueueFields {
  levels: number;
  weights: number[] | null;
  agingMs: number | null;
  agingIntervalMs: number;
  leaseMs: number;
  maxRetries: number;
  ttlMs: number;
  timeScale: number;
  capacity: QueueCapacity;
}

/**
 * Checks every numeric field of a CreateQueue request (0 keeps a documented default: 3 levels, 500 ms interval,
 * 30 s lease, time scale 1, no aging, no TTL). `serverCap` bounds what a queue may ask for. Throws FieldRangeError.
 */
export function checkCreateQueue(r: CreateFields, serverCap: QueueCapacity = DEFAULT_CAPACITY): CheckedQueueFields {
  const levels = r.levels === 0 ? 3 : checkRange('levels', r.levels);
  let weights: number[] | null = null;
  if (r.weights.length > 0) {
    if (r.weights.length !== levels) throw new FieldRangeError('weights', `${r.weights.length} weights`, `none or one per level (${levels})`);
    weights = r.weights.map((w, i) => checkRange('weight', w, `weights[${i}]`));
  }
  const agingMs = checkRange('aging_ms', r.aging_ms);
  const maxMessages = r.max_messages ? checkRange('max_messages', r.max_messages) : serverCap.maxMessages;
  const maxBytes = r.max_bytes ? checkRange('max_bytes', r.max_bytes) : serverCap.maxBytes;
  if (maxMessages > serverCap.maxMessages) throw new FieldRangeError('max_messages', String(maxMessages), `at most the broker's ${serverCap.maxMessages}`);
  if (maxBytes > serverCap.maxBytes) throw new FieldRangeError('max_bytes', String(maxBytes), `at most the broker's ${serverCap.maxBytes}`);
  return {
    levels,
    weights,
    agingMs: agingMs > 0 ? agingMs : null,
    agingIntervalMs: r.aging_interval_ms === 0 ? 500 : checkRange('aging_interval_ms', r.aging_interval_ms),
    leaseMs: r.lease_ms === 0 ? 30_000 : checkRange('lease_ms', r.lease_ms),
    maxRetries: checkRange('max_retries', r.max_retries),
    ttlMs: checkRange('ttl_ms', r.ttl_ms),
    timeScale: r.time_scale === 0 ? 1 : checkRange('time_scale', r.time_scale),
    capacity: { maxMessages, maxBytes },
  };
}
