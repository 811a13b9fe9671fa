// Incremental byte-level parser of the common trace CSV (SPEC §3): bytes in any chunking, a sorted Trace out.
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { Trace } from '../src/trace/trace.ts';
import { ByteInterner, FNV_OFFSET, FNV_PRIME } from './byte-interner.ts';
import { sortTraceByArrival } from './trace-order.ts';

/** The three columns every trace starts with, in this order. */
export const REQUIRED_COLUMNS = ['arrival_ms', 'duration_ms', 'key'] as const;
/** Columns that may follow the required ones, in any order, each at most once. */
export const OPTIONAL_COLUMNS = ['size_bytes', 'class'] as const;
/** Longest key or class label, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 256;
/** Longest line accepted (far above any valid row; bounds what is carried between chunks). */
export const MAX_LINE_BYTES = 1 << 20;

const KIND_ARRIVAL = 0;
const KIND_DURATION = 1;
const KIND_KEY = 2;
const KIND_SIZE = 3;
const KIND_CLASS = 4;
const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const EXPECTED_HEADER = 'arrival_ms,duration_ms,key optionally followed by size_bytes and/or class';
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// Powers of ten up to 1e22 are exact doubles, so m / 10^k with m < 2^53 is correctly rounded (Clinger's fast path).
const POW10 = Float64Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const INITIAL_CAPACITY = 1 << 14;

/**
 * Validates a header line and returns its column names.
 * @throws InputError naming `file:1` when a column is unknown, missing, misplaced or duplicated.
 */
export function parseTraceHeader(line: string, file: string): string[] {
  const text = line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
  const cols = text.replace(/\r$/, '').split(',');
  const fail = (message: string): never => {
    throw new InputError(message);
  };
  for (let i = 0; i < REQUIRED_COLUMNS.length; i++) {
    if (cols[i] !== REQUIRED_COLUMNS[i]) {
      fail(cols[i] === undefined ? msg.traceHeaderLacks(file, text, REQUIRED_COLUMNS[i]!, EXPECTED_HEADER) : msg.traceHeaderMisplaced(file, i, cols[i]!, REQUIRED_COLUMNS[i]!, EXPECTED_HEADER));
    }
  }
  const seen = new Set<string>();
  for (const c of cols.slice(REQUIRED_COLUMNS.length)) {
    if (!(OPTIONAL_COLUMNS as readonly string[]).includes(c)) fail(msg.traceHeaderUnknown(file, c, EXPECTED_HEADER));
    if (seen.has(c)) fail(msg.traceHeaderTwice(file, c, EXPECTED_HEADER));
    seen.add(c);
  }
  return cols;
}

/**
 * Parses the common trace CSV from byte chunks. Feed chunks with `push` (rows may straddle chunks),
 * then `finish` returns the trace sorted stably by arrival. Every row is validated.
 * Errors are InputErrors naming `file:line` (1-based; the header is line 1).
 */
export class TraceCsvParser {
  private readonly file: string;
  private carry: Uint8Array | null = null;
  private columns: string[] | null = null;
  private kinds = new Int32Array(0);
  private line = 1;
  private n = 0;
  private capacity = INITIAL_CAPACITY;
  private arrival = new Float64Array(INITIAL_CAPACITY);
  private duration = new Float64Array(INITIAL_CAPACITY);
  private keyId = new Int32Array(INITIAL_CAPACITY);
  private classId: Int32Array | null = null;
  private size: Float64Array | null = null;
  private readonly keys = new ByteInterner();
  private readonly classes = new ByteInterner();
  private scratch = new Uint8Array(512);
  // Outputs of the field scanners (kept in fields so the hot loop allocates nothing).
  private pos = 0;
  private value = 0;
  private quotedLines = 0;
  private finished = false;

  private readonly expectedBytes: number;
  private bytesSeen = 0;

  /**
   * @param file names the input in error messages.
   * @param expectedBytes the total input size when known (a hint: arrays are sized from it once the first rows
   *   show the bytes per row, instead of growing by copies; the spare capacity is never written, so it stays
   *   mostly non-resident).
   */
  constructor(file: string, expectedBytes = 0) {
    this.file = file;
    this.expectedBytes = expectedBytes;
  }

  /** Parses the complete rows in `chunk` (plus what was carried from earlier chunks) and carries the rest. */
  push(chunk: Uint8Array): void {
    if (this.finished) throw new Error('TraceCsvParser: push after finish');
    this.bytesSeen += chunk.length;
    let buf = chunk;
    let start = 0;
    if (this.carry !== null) {
      // Complete the carried row with the head of this chunk up to its first line end (a small copy), parse
      // it on its own, then parse the chunk in place; only a quoted field spanning the line end needs more.
      const nl = chunk.indexOf(LF);
      const headEnd = nl < 0 ? chunk.length : nl + 1;
      const joined = concat(this.carry, chunk.subarray(0, headEnd));
      this.carry = null;
      const consumed = nl < 0 ? 0 : this.parseRegion(joined, 0, joined.length, false);
      if (consumed < joined.length) {
        buf = concat(joined.subarray(consumed), chunk.subarray(headEnd));
      } else {
        start = headEnd;
      }
    }
    const lastNewline = buf.lastIndexOf(LF);
    const consumed = lastNewline < start ? start : this.parseRegion(buf, start, lastNewline + 1, false);
    if (consumed < buf.length) {
      if (buf.length - consumed > MAX_LINE_BYTES) this.fail(msg.traceLineTooLong(this.file, this.line, MAX_LINE_BYTES));
      this.carry = concat(buf.subarray(consumed), new Uint8Array(0));
    }
  }

  /** Parses what remains (a last row without a newline is complete) and returns the trace, sorted stably. */
  finish(): Trace {
    if (this.finished) throw new Error('TraceCsvParser: finish called twice');
    this.finished = true;
    if (this.carry !== null) {
      const rest = this.carry;
      this.carry = null;
      this.parseRegion(rest, 0, rest.length, true);
    }
    if (this.columns === null) throw new InputError(msg.traceEmpty(this.file, EXPECTED_HEADER));
    const n = this.n;
    const trace: Trace = {
      n,
      arrival: fit(this.arrival, n),
      duration: fit(this.duration, n),
      keyId: fit(this.keyId, n),
      keys: this.keys.strings,
      classId: this.classId ? fit(this.classId, n) : null,
      classes: this.classId ? this.classes.strings : null,
      size: this.size ? fit(this.size, n) : null,
    };
    return sortTraceByArrival(trace);
  }

  /** Parses rows in buf[start, end); returns the offset after the last complete row. */
  private parseRegion(buf: Uint8Array, start: number, end: number, final: boolean): number {
    let p = start;
    if (this.columns === null) {
      let nl = buf.indexOf(LF, start);
      if (nl < 0 || nl >= end) nl = end;
      this.setColumns(parseTraceHeader(new TextDecoder().decode(buf.subarray(start, nl)), this.file));
      this.line = 2;
      p = nl < end ? nl + 1 : end;
    }
    const simple = this.kinds.length === 3;
    while (p < end) {
      if (simple) {
        p = this.parseSimpleRows(buf, p, end);
        if (p >= end) break;
      }
      const next = this.parseRow(buf, p, end, final);
      if (next < 0) return p;
      p = next;
    }
    return p;
  }

  /**
   * Fast path for the three-column layout: takes rows `number,number,key` with plain decimals (≤ 15 digits),
   * an unquoted key and an LF line end, and stops at the first row it cannot take (quoting, exponents, CRLF,
   * bad values, full arrays, a line running past `end`); parseRow handles that row and reports any error.
   */
  private parseSimpleRows(buf: Uint8Array, start: number, end: number): number {
    const arrival = this.arrival;
    const duration = this.duration;
    const keyId = this.keyId;
    const keys = this.keys;
    const cap = this.capacity;
    let n = this.n;
    let p = start;
    while (p < end && n < cap) {
      const a = fastNumber(buf, p, end);
      let q = fastEnd;
      if (q < 0 || buf[q] !== COMMA) break;
      const d = fastNumber(buf, q + 1, end);
      q = fastEnd;
      if (q < 0 || buf[q] !== COMMA || !(d >= 0)) break;
      const k0 = q + 1;
      let h = FNV_OFFSET;
      let c = 0;
      for (q = k0; q < end; q++) {
        c = buf[q]!;
        if (c === LF || c === COMMA || c === CR || c === QUOTE) break;
        h = Math.imul(h ^ c, FNV_PRIME);
      }
      if (c !== LF || q >= end || q === k0 || q - k0 > MAX_KEY_BYTES) break;
      const id = keys.intern(buf, k0, q, h);
      if (id < 0) break;
      arrival[n] = a;
      duration[n] = d;
      keyId[n] = id;
      n++;
      p = q + 1;
    }
    this.line += n - this.n;
    this.n = n;
    return p;
  }

  private setColumns(cols: string[]): void {
    this.columns = cols;
    this.kinds = Int32Array.from(cols, (c) =>
      c === 'arrival_ms' ? KIND_ARRIVAL : c === 'duration_ms' ? KIND_DURATION : c === 'key' ? KIND_KEY : c === 'size_bytes' ? KIND_SIZE : KIND_CLASS);
    if (cols.includes('class')) this.classId = new Int32Array(this.capacity);
    if (cols.includes('size_bytes')) this.size = new Float64Array(this.capacity);
  }

  /** Parses one row starting at p; returns the offset after it, or -1 when it is incomplete (needs more bytes). */
  private parseRow(buf: Uint8Array, start: number, end: number, final: boolean): number {
    if (this.n === this.capacity) this.grow();
    const kinds = this.kinds;
    const ncol = kinds.length;
    const i = this.n;
    let p = start;
    this.quotedLines = 0;
    if (buf[p] === LF || (buf[p] === CR && buf[p + 1] === LF)) {
      this.fail(msg.traceEmptyLine(this.file, this.line, this.columns!));
    }
    for (let c = 0; c < ncol; c++) {
      const kind = kinds[c]!;
      if (kind === KIND_KEY || kind === KIND_CLASS) {
        const id = this.parseLabel(buf, p, end, final, kind === KIND_KEY);
        if (id < 0) return -1;
        if (kind === KIND_KEY) this.keyId[i] = id;
        else this.classId![i] = id;
      } else {
        this.parseNumber(buf, p, end);
        const v = this.value;
        if (kind === KIND_ARRIVAL) {
          if (!Number.isFinite(v)) this.badNumber(buf, p, 'arrival_ms');
          this.arrival[i] = v;
        } else if (kind === KIND_DURATION) {
          if (!(v >= 0) || v === Infinity) this.badNumber(buf, p, 'duration_ms');
          this.duration[i] = v;
        } else if (this.pos === p) {
          this.size![i] = Number.NaN;
        } else {
          if (!(v >= 0) || !Number.isSafeInteger(v)) this.badNumber(buf, p, 'size_bytes');
          this.size![i] = v;
        }
      }
      p = this.pos;
      if (c < ncol - 1) {
        if (p >= end || buf[p] !== COMMA) this.fail(msg.traceTooFewFields(this.file, this.line, c + 1, this.columns!));
        p++;
      } else if (p < end) {
        if (buf[p] === COMMA) this.fail(msg.traceTooManyFields(this.file, this.line, this.columns!));
        if (buf[p] === CR && p + 1 < end && buf[p + 1] === LF) p++;
        if (buf[p] !== LF) this.fail(msg.traceCharAfterRow(this.file, this.line, String.fromCharCode(buf[p]!)));
        p++;
      }
    }
    this.line += 1 + this.quotedLines;
    this.n = i + 1;
    return p;
  }

  /** Parses a decimal number field at p; sets `value` (NaN when malformed) and `pos` (the delimiter offset). */
  private parseNumber(buf: Uint8Array, start: number, end: number): void {
    // Plain decimals take fastNumber (a leading '+' too, unless a sign follows it); the rest, and a number that ends
    // the buffer, take Number() on the field's text, which gives the same value for a plain decimal.
    const from = start + 1 < end && buf[start] === 43 && buf[start + 1] !== 45 ? start + 1 : start;
    const v = fastNumber(buf, from, end);
    let p = fastEnd;
    if (p >= 0) {
      const c = buf[p]!;
      if (c === COMMA || c === LF || c === CR) {
        this.value = v;
        this.pos = p;
        return;
      }
    }
    for (p = start; p < end; p++) {
      const c = buf[p]!;
      if (c === COMMA || c === LF || c === CR) break;
    }
    this.pos = p;
    const text = latin1(buf, start, p);
    this.value = NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
  }

  /** Parses a key or class field at p and returns its id (sets `pos`), or -1 when a quoted field is incomplete. */
  private parseLabel(buf: Uint8Array, start: number, end: number, final: boolean, isKey: boolean): number {
    if (start < end && buf[start] === QUOTE) return this.parseQuotedLabel(buf, start, end, final, isKey);
    let h = FNV_OFFSET;
    let p = start;
    for (; p < end; p++) {
      const c = buf[p]!;
      if (c === COMMA || c === LF || c === CR) break;
      h = Math.imul(h ^ c, FNV_PRIME);
    }
    this.pos = p;
    return this.internLabel(buf, start, p, h, isKey);
  }

  private parseQuotedLabel(buf: Uint8Array, start: number, end: number, final: boolean, isKey: boolean): number {
    let len = 0;
    let lines = 0;
    let p = start + 1;
    for (;;) {
      // A valid quoted label has at most 256 bytes, each quote doubled, so a longer one is not closed.
      if (p >= end || p - start > 2 * MAX_KEY_BYTES + 2) {
        if (!final && p < start + 2 * MAX_KEY_BYTES + 2) return -1;
        this.fail(msg.traceQuoteNotClosed(this.file, this.line, MAX_KEY_BYTES));
      }
      const c = buf[p]!;
      if (c === QUOTE) {
        if (p + 1 < end && buf[p + 1] === QUOTE) {
          p += 2;
        } else if (p + 1 >= end && !final) {
          return -1;
        } else {
          p++;
          break;
        }
      } else {
        if (c === LF) lines++;
        p++;
      }
      if (len === this.scratch.length) {
        const bigger = new Uint8Array(len * 2);
        bigger.set(this.scratch);
        this.scratch = bigger;
      }
      this.scratch[len++] = c;
    }
    if (p < end && buf[p] !== COMMA && buf[p] !== LF && buf[p] !== CR) {
      this.fail(msg.traceCharAfterQuote(this.file, this.line, String.fromCharCode(buf[p]!)));
    }
    this.pos = p;
    this.quotedLines += lines;
    let h = FNV_OFFSET;
    for (let k = 0; k < len; k++) h = Math.imul(h ^ this.scratch[k]!, FNV_PRIME);
    return this.internLabel(this.scratch, 0, len, h, isKey);
  }

  private internLabel(buf: Uint8Array, start: number, end: number, h: number, isKey: boolean): number {
    const name = isKey ? 'key' : 'class';
    const len = end - start;
    if (isKey && len === 0) this.fail(msg.traceKeyEmpty(this.file, this.line));
    if (len > MAX_KEY_BYTES) this.fail(msg.traceLabelTooLong(this.file, this.line, name, len, MAX_KEY_BYTES));
    const id = (isKey ? this.keys : this.classes).intern(buf, start, end, h);
    if (id < 0) this.fail(msg.traceLabelNotUtf8(this.file, this.line, name));
    return id;
  }

  private badNumber(buf: Uint8Array, start: number, column: 'arrival_ms' | 'duration_ms' | 'size_bytes'): never {
    return this.fail(msg.traceBadNumber(this.file, this.line, column, latin1(buf, start, this.pos, 80)));
  }

  private fail(message: string): never {
    throw new InputError(message);
  }

  private grow(): void {
    let cap = Math.ceil(this.capacity * 1.5);
    if (this.expectedBytes > this.bytesSeen && this.bytesSeen > 0) {
      // Rows parsed so far lie within bytesSeen; estimate the total from them, with 10 % to spare.
      cap = Math.max(cap, Math.ceil((this.expectedBytes / this.bytesSeen) * this.n * 1.1) + 1024);
    }
    this.arrival = resize(this.arrival, cap);
    this.duration = resize(this.duration, cap);
    this.keyId = resize(this.keyId, cap);
    if (this.classId) this.classId = resize(this.classId, cap);
    if (this.size) this.size = resize(this.size, cap);
    this.capacity = cap;
  }
}

// Output of fastNumber: the offset after the number, or -1 when the fast path does not apply.
let fastEnd = 0;

/**
 * Parses `[-]digits[.digits]` at p with at most 15 digits (exact in a double, so m / 10^k is correctly rounded);
 * returns the value and sets fastEnd to the offset after it, or sets fastEnd = -1 for anything else.
 */
function fastNumber(buf: Uint8Array, start: number, end: number): number {
  let p = start;
  let negative = false;
  if (p < end && buf[p] === 45) {
    negative = true;
    p++;
  }
  let m = 0;
  let digits = 0;
  let frac = 0;
  let dot = false;
  while (p < end) {
    const c = buf[p]!;
    const d = c - 48;
    if (d >= 0 && d <= 9) {
      m = m * 10 + d;
      digits++;
      if (dot) frac++;
    } else if (c === 46 && !dot) {
      dot = true;
    } else {
      break;
    }
    p++;
  }
  if (digits === 0 || digits > 15 || p >= end) {
    fastEnd = -1;
    return 0;
  }
  fastEnd = p;
  const v = frac === 0 ? m : m / POW10[frac]!;
  return negative ? -v : v;
}

function resize<T extends Float64Array | Int32Array>(a: T, size: number): T {
  const b = (a instanceof Float64Array ? new Float64Array(size) : new Int32Array(size)) as T;
  b.set(a);
  return b;
}

// Trims a grown array to n as a view: copying would touch fresh memory, while the never-written spare
// capacity of a large allocation is not resident.
function fit<T extends Float64Array | Int32Array>(a: T, n: number): T {
  return a.length === n ? a : (a.subarray(0, n) as T);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

// Field text for the slow number path and for messages (`limit` bytes at most).
function latin1(buf: Uint8Array, start: number, end: number, limit = Infinity): string {
  let s = '';
  for (let i = start; i < end && i - start < limit; i++) s += String.fromCharCode(buf[i]!);
  return s;
}
