// The per-message record of a run beyond its times: queue placed in and served from, promotions, estimate.
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

/** A cell's names as UTF-8 bytes, quoted once: `arm,load,` (the line prefix), keys, classes, outcome names. */
export interface QuotedNames {
  readonly prefix: Uint8Array;
  readonly keys: readonly Uint8Array[];
  readonly classes: readonly Uint8Array[];
  readonly outcomes: readonly Uint8Array[];
  /** Bytes of the longest outcome name. */
  readonly longestOutcome: number;
}

/** Quotes a cell's names with `quote` (an RFC 4180 field quoter) and encodes them as UTF-8. */
export function quotedNames(c: MessageCell, quote: (s: string) => string): QuotedNames {
  const enc = new TextEncoder();
  const bytes = (s: string): Uint8Array => enc.encode(quote(s));
  const outcomes = (c.outcomeNames ?? []).map(bytes);
  return {
    prefix: enc.encode(`${quote(c.arm)},${quote(c.load)},`),
    keys: c.keys.map(bytes),
    classes: (c.classes ?? []).map(bytes),
    outcomes,
    longestOutcome: outcomes.reduce((n, b) => Math.max(n, b.length), 0),
  };
}

/** Longest line the encoder writes besides its names: 11 numbers of at most 24 bytes, separators, LF. */
const NUMBERS_BYTES = 11 * 24 + 16;

/**
 * Encodes message lines as CSV bytes into a fixed buffer, handing it to `flush` whenever the next line might not
 * fit (and on `end`). Integers are written in full; times and estimates in ms rounded to 3 decimals (µs, trailing
 * zeros dropped: `10`, `10.5`, `10.556`), a fixed format that costs integer arithmetic only: the shortest
 * round-trip text of a double costs ten times more, and the writer must keep up with the engine.
 */
export class MessageCsvEncoder {
  private readonly buf: Uint8Array;
  private pos = 0;

  /** `flush` receives a view of the bytes so far (valid only during the call). */
  constructor(private readonly flush: (bytes: Uint8Array) => void, capacity = 1 << 20) {
    this.buf = new Uint8Array(Math.max(capacity, 4 * NUMBERS_BYTES));
  }

  /** Raw bytes (the header). */
  bytes(b: Uint8Array): void {
    this.room(b.length);
    if (b.length > this.buf.length) this.flush(b);
    else this.put(b);
  }

  /** The lines of messages [from, to) of cell `c`, in MESSAGE_COLUMNS order. */
  lines(c: MessageCell, names: QuotedNames, from: number, to: number): void {
    const { first, keyId, classId, tier, arrival, start, end, outcome, log } = c;
    const { placed, served, promotions, estimate } = log;
    const buf = this.buf;
    const prefix = names.prefix;
    const fixed = prefix.length + names.longestOutcome + NUMBERS_BYTES;
    for (let i = from; i < to; i++) {
      const row = first + i;
      const key = names.keys[keyId[row]!]!;
      const cls = classId === null ? null : names.classes[classId[row]!]!;
      if (this.pos + fixed + key.length + (cls === null ? 0 : cls.length) > buf.length) this.end();
      let at = this.pos;
      at = writeInt(buf, writeBytes(buf, at, prefix), row);
      buf[at++] = 44;
      at = writeBytes(buf, at, key);
      buf[at++] = 44;
      if (cls !== null) at = writeBytes(buf, at, cls);
      buf[at++] = 44;
      at = writeInt(buf, at, tier[i]!);
      buf[at++] = 44;
      const a = arrival[i]!;
      const s = start[i]!;
      at = writeMs(buf, at, a);
      buf[at++] = 44;
      at = writeMs(buf, at, s);
      buf[at++] = 44;
      at = writeMs(buf, at, end[i]!);
      buf[at++] = 44;
      at = writeMs(buf, at, s - a);
      buf[at++] = 44;
      const p = placed[i]!;
      if (p >= 0) at = writeInt(buf, at, p);
      buf[at++] = 44;
      const q = served[i]!;
      if (q >= 0) at = writeInt(buf, at, q);
      buf[at++] = 44;
      at = writeInt(buf, at, promotions[i]!);
      buf[at++] = 44;
      const o = outcome[i]!;
      if (o >= 0) {
        const name = names.outcomes[o];
        if (name === undefined) at = writeInt(buf, at, o);
        else at = writeBytes(buf, at, name);
      }
      buf[at++] = 44;
      const e = estimate[i]!;
      if (e > 0) at = writeMs(buf, at, e);
      buf[at++] = 10;
      this.pos = at;
    }
  }

  /** Hands over what is buffered. */
  end(): void {
    if (this.pos > 0) this.flush(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  /** Flushes when fewer than n bytes are free. */
  private room(n: number): void {
    if (this.pos + n > this.buf.length) this.end();
  }

  private put(b: Uint8Array): void {
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
}

/** ASCII of 00 … 99, two bytes each: integers are written two digits per division. */
const DIGIT_PAIRS = ((): Uint8Array => {
  const t = new Uint8Array(200);
  for (let i = 0; i < 100; i++) {
    t[2 * i] = 48 + Math.floor(i / 10);
    t[2 * i + 1] = 48 + (i % 10);
  }
  return t;
})();

/** Digits of u, 0 ≤ u < 2^31. */
function digitCount(u: number): number {
  return u < 10 ? 1 : u < 100 ? 2 : u < 1000 ? 3 : u < 10_000 ? 4 : u < 100_000 ? 5 : u < 1_000_000 ? 6 : u < 10_000_000 ? 7 : u < 100_000_000 ? 8 : u < 1_000_000_000 ? 9 : 10;
}

/** Writes u (0 ≤ u < 2^31) at buf[at…] in 32-bit arithmetic; returns the position after it. */
function writeSmall(buf: Uint8Array, at: number, u: number): number {
  const after = at + digitCount(u);
  let i = after;
  while (u >= 100) {
    const q = (u / 100) | 0;
    const r = (u - q * 100) << 1;
    buf[--i] = DIGIT_PAIRS[r + 1]!;
    buf[--i] = DIGIT_PAIRS[r]!;
    u = q;
  }
  if (u >= 10) {
    buf[--i] = DIGIT_PAIRS[(u << 1) + 1]!;
    buf[--i] = DIGIT_PAIRS[u << 1]!;
  } else buf[--i] = 48 + u;
  return after;
}

/** Writes integer v (|v| < 2^53) at buf[at…]; returns the position after it. */
function writeInt(buf: Uint8Array, at: number, v: number): number {
  if (v < 0) {
    buf[at++] = 45;
    v = -v;
  }
  if (v < 2147483648) return writeSmall(buf, at, v | 0);
  let digits = 1;
  for (let p = 10; p <= v; p *= 10) digits++;
  const after = at + digits;
  let i = after;
  do {
    const q = Math.floor(v / 10);
    buf[--i] = 48 + (v - q * 10);
    v = q;
  } while (v > 0);
  return after;
}

/** Writes a time in ms rounded to 3 decimals, trailing zeros dropped (`NaN`, `Infinity` as such); returns the end. */
function writeMs(buf: Uint8Array, at: number, x: number): number {
  if (!(x > -MS_LIMIT && x < MS_LIMIT)) return writeText(buf, at, String(x));
  if (x < 0) {
    if (Math.round(-x * 1000) > 0) buf[at++] = 45;
    x = -x;
  }
  const micro = Math.round(x * 1000);
  const whole = Math.floor(micro / 1000);
  at = writeInt(buf, at, whole);
  const frac = micro - whole * 1000;
  if (frac === 0) return at;
  buf[at++] = 46;
  // frac = 100·d0 + pair: d0 first, then the pair without its trailing zeros.
  const d0 = (frac / 100) | 0;
  const pair = frac - d0 * 100;
  buf[at++] = 48 + d0;
  if (pair === 0) return at;
  buf[at++] = DIGIT_PAIRS[pair << 1]!;
  if (pair % 10 !== 0) buf[at++] = DIGIT_PAIRS[(pair << 1) + 1]!;
  return at;
}

/** Times of at most this many ms are written in fixed form (micro-ms stay exact integers below 2^53). */
const MS_LIMIT = 2 ** 53 / 1000;

/** Copies b to buf[at…] (short names: a loop beats TypedArray#set's call overhead); returns the end. */
function writeBytes(buf: Uint8Array, at: number, b: Uint8Array): number {
  for (let k = 0; k < b.length; k++) buf[at++] = b[k]!;
  return at;
}

/** Writes ASCII text (a number's fallback form); returns the end. */
function writeText(buf: Uint8Array, at: number, text: string): number {
  for (let k = 0; k < text.length; k++) buf[at++] = text.charCodeAt(k);
  return at;
}
