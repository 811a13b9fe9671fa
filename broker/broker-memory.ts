// The broker's memory budget: queues, predictors, messages (payload, id, key) and dead letters charged to one account.
import * as msg from './messages.ts';
import { QueueFullError, type BrokerLimits } from './broker-limits.ts';

/**
 * What an empty queue costs beyond its name: the scheduler's tables (64 message slots), its maps, timers and
 * objects. An estimate: 200 queues created in one process grew its RSS by 12 MB (60 KiB each).
 */
export const QUEUE_OVERHEAD_BYTES = 64 * 1024;

/**
 * What a held message costs beyond its payload, id and key: the message object, its scheduler slot, the id set's
 * entry and the payload's buffer object (an estimate, rounded up). A dead letter costs the same beyond its id and
 * key (its record and a reason of at most DEAD_LETTER_REASON_CHARS characters), so dead-lettering a message never
 * raises the account.
 */
export const MESSAGE_OVERHEAD_BYTES = 256;

/** Longest reason kept with a dead letter (the broker writes them; they are far shorter). */
export const DEAD_LETTER_REASON_CHARS = 128;

/**
 * A predictor's cost per key it may hold (maxKeys): 458 bytes of tables, a key of up to 256 UTF-8 bytes (up to
 * 512 in memory) and its map entry. A predictive queue reserves maxKeys × this at creation (its tables grow with
 * use, never past it).
 */
export const PREDICTOR_BYTES_PER_KEY = 1024;

/** A predictor's fixed part (pooled histogram, boundaries, counters, shard lists). */
export const PREDICTOR_FIXED_BYTES = 16 * 1024;

/** The broker's default memory budget, bytes: 1 GiB. */
export const DEFAULT_MAX_MEMORY_BYTES = 2 ** 30;

/** The broker's default number of queues held at once. */
export const DEFAULT_MAX_QUEUES = 64;

/** The broker's default limits. */
export const DEFAULT_BROKER_LIMITS: BrokerLimits = { maxQueues: DEFAULT_MAX_QUEUES, maxMemoryBytes: DEFAULT_MAX_MEMORY_BYTES };

/** UTF-8 bytes of a string (what the wire carried). */
export function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Bytes charged for a held message. */
export function messageCharge(idBytes: number, keyBytes: number, payloadBytes: number): number {
  return payloadBytes + idBytes + keyBytes + MESSAGE_OVERHEAD_BYTES;
}

/** Bytes charged for a kept dead letter (at most its message's charge). */
export function deadLetterCharge(idBytes: number, keyBytes: number): number {
  return idBytes + keyBytes + MESSAGE_OVERHEAD_BYTES;
}

/** Bytes a predictive queue reserves for a predictor that may hold `maxKeys` keys. */
export function predictorReserve(maxKeys: number): number {
  return PREDICTOR_FIXED_BYTES + maxKeys * PREDICTOR_BYTES_PER_KEY;
}

/**
 * One broker's account of the bytes it holds, against `limit`. `reserve` refuses (QueueFullError, which the server
 * answers with RESOURCE_EXHAUSTED) what would pass the limit; `charge` records bytes that replace at least as many
 * released ones (a message turning into a dead letter) and never refuses.
 */
export class MemoryBudget {
  used = 0;
  /** Reservations refused so far. */
  refusals = 0;

  constructor(readonly limit: number) {}

  /** Charges `bytes` for `what` (a phrase: "a message of 300 bytes"). Throws QueueFullError when it would pass the limit. */
  reserve(bytes: number, what: string): void {
    if (this.used + bytes > this.limit) {
      this.refusals++;
      throw new QueueFullError(msg.brokerMemoryFull(what, bytes, this.used, this.limit));
    }
    this.used += bytes;
  }

  /** Charges `bytes` without a check (only for bytes that replace released ones). */
  charge(bytes: number): void {
    this.used += bytes;
  }

  /** Returns `bytes` charged earlier. */
  release(bytes: number): void {
    this.used -= bytes;
  }
}
