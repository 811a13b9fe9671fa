// The per-message record of a run beyond its times: queue placed in and served from, promotions, estimate (issue 13.3).
import type { EngineBuffers } from './engine-buffers.ts';

/**
 * What an engine records per evaluation message m (index i = row − first) when asked, into pooled typed arrays:
 * the queue it was placed in at arrival and the one it was served from (−1 where the engine has no queues), the
 * number of promotions it received (aging moves in the level engines; for the ideal-order engine 1 when the
 * aging door served it; for srpt its preemptions: per message, what the engine counts as `events.promotions`) and
 * the predictor's cost estimate at arrival (ms, 0 = none). Writes only: no call allocates.
 */
export class MessageLog {
  readonly placed: Int32Array;
  readonly served: Int32Array;
  readonly promotions: Int32Array;
  readonly estimate: Float64Array;

  /** A log for m messages on arrays of `buffers` (valid until the next run that uses them). */
  constructor(buffers: EngineBuffers, m: number) {
    this.placed = buffers.i32('logPlaced', m);
    this.served = buffers.i32('logServed', m);
    this.promotions = buffers.i32('logPromotions', m);
    this.estimate = buffers.f64('logEstimate', m);
  }

  /** Message i arrived and was placed in queue q (−1: none) with the router's estimate `cost`. */
  arrived(i: number, q: number, cost: number): void {
    this.placed[i] = q;
    this.served[i] = -1;
    this.promotions[i] = 0;
    this.estimate[i] = cost;
  }

  /** Message i started from queue q; in a level engine each promotion moved it one level up, so they number placed − q. */
  started(i: number, q: number): void {
    this.served[i] = q;
    this.promotions[i] = this.placed[i]! - q;
  }

  /** Message i was promoted (ideal-order aging) or preempted (srpt) once more. */
  promoted(i: number): void {
    this.promotions[i]!++;
  }
}

/** The columns of `simulate --messages`, in order (times in simulated ms; an empty field = not applicable). */
export const MESSAGE_COLUMNS = [
  'arm', 'load', 'row', 'key', 'class', 'tier', 'arrival_ms', 'start_ms', 'end_ms', 'wait_ms',
  'level_placed', 'level_served', 'promotions', 'outcome', 'estimate_ms',
] as const;

/** One arm run at one load as the message writer reads it; message i is trace row first + i. */
export interface MessageCell {
  readonly arm: string;
  readonly load: string;
  readonly first: number;
  readonly keyId: Int32Array;
  readonly keys: readonly string[];
  readonly classId: Int32Array | null;
  readonly classes: readonly string[] | null;
  /** Metric class per message: min(L − 1, tier of the true duration). */
  readonly tier: Uint8Array;
  readonly arrival: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly outcome: Int8Array;
  readonly outcomeNames: readonly string[] | null;
  readonly log: MessageLog;
}

/** Receives each cell's messages right after its run (before the next run reuses the arrays). */
export interface MessageSink {
  cell(c: MessageCell): void;
}

/**
 * CSV lines (LF-terminated) of messages [from, to) of a cell in MESSAGE_COLUMNS order. `quoted` holds the cell's
 * keys, classes and outcome names already quoted (see `quotedNames`), so a line costs no quoting.
 */
export function messageLines(c: MessageCell, quoted: QuotedNames, from: number, to: number): string {
  const { first, keyId, classId, tier, arrival, start, end, outcome, log } = c;
  const { placed, served, promotions, estimate } = log;
  const prefix = quoted.prefix;
  let text = '';
  for (let i = from; i < to; i++) {
    const row = first + i;
    const a = arrival[i]!;
    const s = start[i]!;
    const o = outcome[i]!;
    const p = placed[i]!;
    const q = served[i]!;
    const e = estimate[i]!;
    text += `${prefix}${row},${quoted.keys[keyId[row]!]},${classId === null ? '' : quoted.classes[classId[row]!]},${tier[i]},${a},${s},${end[i]},${s - a},${p < 0 ? '' : p},${q < 0 ? '' : q},${promotions[i]},${o < 0 ? '' : quoted.outcomes[o] ?? o},${e > 0 ? e : ''}\n`;
  }
  return text;
}

/** A cell's names quoted once for its CSV lines: `arm,load,` as the line prefix, keys, classes, outcome names. */
export interface QuotedNames {
  readonly prefix: string;
  readonly keys: readonly string[];
  readonly classes: readonly string[];
  readonly outcomes: readonly string[];
}

/** Quotes a cell's names with `quote` (an RFC 4180 field quoter). */
export function quotedNames(c: MessageCell, quote: (s: string) => string): QuotedNames {
  return {
    prefix: `${quote(c.arm)},${quote(c.load)},`,
    keys: c.keys.map(quote),
    classes: (c.classes ?? []).map(quote),
    outcomes: (c.outcomeNames ?? []).map(quote),
  };
}
