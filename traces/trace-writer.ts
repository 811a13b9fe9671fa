// The one streaming writer of common-format traces (SPEC §3): CSV or CSV.gz to a temporary file, then trace + meta in place.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, createWriteStream, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { InputError } from '../src/errors.ts';
import * as msg from '../src/messages.ts';
import { tempPathFor } from '../src/io/atomic-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { columnNames, quoteCsvField as csvField, type TraceColumns } from './trace-csv.ts';
import { HashThread } from './hash-thread.ts';
import type { TraceMeta, TraceMetaInput } from './trace-meta.ts';

/** What the writer knows once closed: enough to fill the computed fields of the meta sidecar. */
export interface WrittenTrace {
  tmpPath: string;
  rows: number;
  sha256: string;
  columns: string[];
  keys: number;
  classes: number | null;
  first: number | null;
  last: number | null;
}

/** Options of a trace writer. */
export interface TraceWriterOptions {
  /** zlib level of a `.gz` target (default 6, zlib's default); a level other than 6 is recorded in the meta. */
  gzipLevel?: number;
}

/** The gzip level traces are written with unless told otherwise (zlib's default). */
export const DEFAULT_GZIP_LEVEL = 6;

/** Path of the meta sidecar of a trace path: DIR/NAME.csv[.gz] -> DIR/NAME.meta.json */
export function metaPathFor(tracePath: string): string {
  const name = basename(tracePath).replace(/\.gz$/i, '').replace(/\.csv$/i, '');
  return join(dirname(tracePath), `${name}.meta.json`);
}

/** The full meta sidecar of a written trace: the caller's part plus what the writer counted. */
export function traceMeta(input: TraceMetaInput, w: WrittenTrace): TraceMeta {
  return {
    ...input,
    format: 'hsim-trace',
    format_version: 1,
    columns: w.columns,
    keys: w.keys,
    classes: w.classes,
    arrival_span_ms: { first: w.first, last: w.last },
    sha256: w.sha256,
  };
}

const FLUSH_BYTES = 1 << 20;
/** Bytes a row may still write after a text without checking: `,` + a number (≤ 25 bytes) + `,` + `\n`, rounded up. */
const TAIL_BYTES = 32;
/** 2^43: below it one ulp is under 0.001 (see `num`). */
const MILLI_LIMIT = 2 ** 43;
/** For f = 1…999: the decimals of f/1000 without trailing zeros, as ASCII (3 bytes a slot), and their count. */
const MILLI_DIGITS = new Uint8Array(3000);
const MILLI_LEN = new Uint8Array(1000);
for (let f = 1; f < 1000; f++) {
  const text = String(f).padStart(3, '0').replace(/0+$/, '');
  MILLI_LEN[f] = text.length;
  for (let d = 0; d < text.length; d++) MILLI_DIGITS[f * 3 + d] = text.charCodeAt(d);
}

/**
 * Writes rows, in the order given, as common-format CSV text to a temporary file beside `target` (gzip when the
 * target ends in `.gz`, compressed on the thread pool). Rows must come sorted by arrival; `accepts(a)` says whether
 * `a` keeps the order. Call `flush()` when `wantsFlush` (it awaits back-pressure), then `commit()` (or `close()`
 * and rename yourself), or `abort()` on failure. Memory is bounded (one output buffer, the distinct key texts and,
 * for a trace over one buffer, the few buffers of the thread that hashes it: HashThread).
 * A failed write (disk full, no permission) becomes an InputError naming `target` (exit 2); nothing is left behind.
 */
export class TraceWriter {
  readonly tmpPath: string;
  readonly target: string;
  /** The gzip level used, or null for a plain `.csv`. */
  readonly gzipLevel: number | null;
  private readonly cols: TraceColumns;
  private done: Promise<void> | null = null;
  private failure: unknown = null;
  /** The output's SHA-256: inline for a small trace, on a thread from the first full buffer of a big one. */
  private hash: Hash | null = null;
  private hashThread: HashThread | null = null;
  private fd: number | null = null;
  private gzip: Gzip | null = null;
  private file: WriteStream | null = null;
  private out: Buffer = Buffer.allocUnsafe(FLUSH_BYTES + 4096);
  private pos = 0;
  private n = 0;
  private first = Number.NaN;
  private last = Number.NaN;
  /** Interned key and class texts as their CSV bytes (quoted when needed); the map sizes are the counts. */
  private readonly keyBytes = new Map<string, Buffer>();
  private readonly classBytes = new Map<string, Buffer>();

  constructor(target: string, cols: TraceColumns, opts: TraceWriterOptions = {}) {
    this.target = target;
    this.tmpPath = tempPathFor(target);
    this.cols = cols;
    this.gzipLevel = /\.gz$/i.test(target) ? (opts.gzipLevel ?? DEFAULT_GZIP_LEVEL) : null;
    try {
      mkdirSync(dirname(target), { recursive: true });
      if (this.gzipLevel !== null) {
        this.gzip = createGzip({ level: this.gzipLevel, chunkSize: 1 << 16 });
        this.file = createWriteStream(this.tmpPath);
        this.done = pipeline(this.gzip, this.file);
        this.done.catch((err: unknown) => {
          this.failure ??= err;
        });
      } else {
        this.fd = openSync(this.tmpPath, 'w');
      }
    } catch (err) {
      throw this.writeError(err);
    }
    this.ascii(columnNames(cols).join(',') + '\n');
  }

  /** Whether a row came with an arrival before the previous one (callers that trust their order check this). */
  disordered = false;

  /** Rows written so far. */
  get rows(): number {
    return this.n;
  }

  /** Whether a row arriving at `arrival` ms keeps the file sorted (equal arrivals keep file order). */
  accepts(arrival: number): boolean {
    return this.n === 0 || arrival >= this.last;
  }

  /** Appends one row; `cls` is ignored without a class column, `size` (NaN = none) without a size column. */
  write(arrival: number, duration: number, key: string, cls: string, size: number): void {
    this.begin(arrival);
    this.num(arrival);
    this.out[this.pos++] = 44;
    this.num(duration);
    this.finishRow(key, cls, size);
  }

  /**
   * `write` with the arrival and duration texts copied from `src` instead of formatted: `[r[0], r[1])` and
   * `[r[2], r[3])` must hold exactly `String(arrival)` and `String(duration)` (e.g. texts for which the converters'
   * parsePlainDecimalBytes set `plainDecimal.shortest`), each at most 25 bytes, so the bytes written are those of `write`.
   */
  writeCopied(arrival: number, key: string, cls: string, size: number, src: Uint8Array, r: Int32Array): void {
    this.begin(arrival);
    const out = this.out;
    let p = this.pos;
    for (let i = r[0]!, to = r[1]!; i < to; i++) out[p++] = src[i]!;
    out[p++] = 44;
    for (let i = r[2]!, to = r[3]!; i < to; i++) out[p++] = src[i]!;
    this.pos = p;
    this.finishRow(key, cls, size);
  }

  /** Counts a row arriving at `arrival` and makes room for its numbers (≤ 25 bytes each) and separators. */
  private begin(arrival: number): void {
    if (arrival < this.last) this.disordered = true;
    if (this.n === 0) this.first = arrival;
    this.last = arrival;
    this.n++;
    // Texts check their own length.
    if (this.pos + 128 > this.out.length) this.grow(128);
  }

  /** Writes `,key[,size][,class]\n` after a row's two times. */
  private finishRow(key: string, cls: string, size: number): void {
    this.out[this.pos++] = 44;
    this.text(key, this.keyBytes);
    if (this.cols.size) {
      this.out[this.pos++] = 44;
      if (!Number.isNaN(size)) this.num(size);
    }
    if (this.cols.class) {
      this.out[this.pos++] = 44;
      this.text(cls, this.classBytes);
    }
    this.out[this.pos++] = 10;
  }

  /** Whether enough bytes are pending that a flush is due. */
  get wantsFlush(): boolean {
    return this.pos >= FLUSH_BYTES;
  }

  /** Hands pending bytes to the file (awaiting gzip back-pressure). @throws InputError when the write fails. */
  async flush(): Promise<void> {
    if (this.failure !== null) throw this.writeError(this.failure);
    if (this.pos === 0) return;
    const chunk = this.out.subarray(0, this.pos);
    if (this.hash === null && this.hashThread === null) {
      if (this.pos >= FLUSH_BYTES) this.hashThread = new HashThread();
      else this.hash = createHash('sha256');
    }
    if (this.hash !== null) this.hash.update(chunk);
    else {
      try {
        await this.hashThread!.update(chunk);
      } catch (err) {
        throw this.writeError(err);
      }
    }
    if (this.fd !== null) {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(this.fd, chunk, at);
      } catch (err) {
        throw this.writeError(err);
      }
      this.pos = 0;
    } else if (this.gzip !== null) {
      const ok = this.gzip.write(chunk);
      // The gzip stream keeps the chunk until it is compressed: continue in a fresh buffer.
      this.out = Buffer.allocUnsafe(FLUSH_BYTES + 4096);
      this.pos = 0;
      // events.once removes its listeners when it settles; the pipeline settles on any stream's failure.
      try {
        if (!ok) await Promise.race([once(this.gzip, 'drain'), this.done]);
      } catch (err) {
        throw this.writeError(err);
      }
      if (this.failure !== null) throw this.writeError(this.failure);
    }
  }

  /** Flushes and closes the temporary file; the caller renames it into place (or calls `commit`). */
  async close(): Promise<WrittenTrace> {
    await this.flush();
    try {
      if (this.fd !== null) {
        closeSync(this.fd);
        this.fd = null;
      } else if (this.gzip !== null && this.done !== null) {
        this.gzip.end();
        await this.done;
      }
    } catch (err) {
      throw this.writeError(err);
    }
    let sha256: string;
    try {
      sha256 = this.hashThread !== null ? await this.hashThread.digest() : (this.hash ?? createHash('sha256')).digest('hex');
    } catch (err) {
      throw this.writeError(err);
    }
    return {
      tmpPath: this.tmpPath,
      rows: this.n,
      sha256,
      columns: columnNames(this.cols),
      keys: this.keyBytes.size,
      classes: this.cols.class ? this.classBytes.size : null,
      first: this.n === 0 ? null : this.first,
      last: this.n === 0 ? null : this.last,
    };
  }

  /**
   * Closes the trace, then puts it in place with its meta sidecar (`input` plus what was counted, gzip level when
   * not the default): meta written to a temporary file, the trace renamed, then `others` (e.g. a rejects file,
   * already complete in its temporary file), the meta last. On failure every file is removed. Returns the meta.
   */
  async commit(input: TraceMetaInput, others: readonly { tmpPath: string; target: string }[] = []): Promise<TraceMeta> {
    const written = await this.close();
    const meta = traceMeta(input, written);
    if (this.gzipLevel !== null && this.gzipLevel !== DEFAULT_GZIP_LEVEL) meta.gzip_level = this.gzipLevel;
    const metaPath = metaPathFor(this.target);
    const metaTmp = tempPathFor(metaPath);
    const placed: string[] = [];
    try {
      writeFileSync(metaTmp, stableStringify(meta));
      for (const [from, to] of [[this.tmpPath, this.target], ...others.map((o) => [o.tmpPath, o.target])] as [string, string][]) {
        renameSync(from, to);
        placed.push(to);
      }
      renameSync(metaTmp, metaPath);
      return meta;
    } catch (err) {
      rmSync(metaTmp, { force: true });
      rmSync(this.tmpPath, { force: true });
      for (const o of others) rmSync(o.tmpPath, { force: true });
      for (const p of placed) rmSync(p, { force: true });
      throw this.writeError(err, metaPath);
    }
  }

  /** Closes and deletes the temporary file (after a failure or a restart). */
  abort(): void {
    this.hashThread?.terminate();
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // The file is removed next; a failed close changes nothing.
      }
      this.fd = null;
    }
    if (this.gzip !== null) {
      this.gzip.destroy();
      // A stream still opening its file creates it after this call: remove it again once closed.
      this.file?.once('close', () => rmSync(this.tmpPath, { force: true }));
      this.file?.destroy();
    }
    rmSync(this.tmpPath, { force: true });
  }

  /**
   * Writes `String(x)`: integers below 2^53 and numbers with at most three decimals below 2^43 digit by digit (no
   * string), others through String. For |x| < 2^43 one ulp is under 0.001, so when x is the double nearest to k/1000
   * no decimal with fewer digits reads back as x: the digits of k/1000 without trailing zeros are String(x)'s.
   */
  private num(x: number): void {
    if (!Number.isSafeInteger(x)) {
      const k = Math.round(x * 1000);
      if (k / 1000 === x && Math.abs(x) < MILLI_LIMIT) {
        this.milli(k);
        return;
      }
      this.ascii(String(x));
      return;
    }
    let v = x;
    if (v < 0) {
      this.out[this.pos++] = 45;
      v = -v;
    }
    if (v < 1e8) {
      this.small(v);
      return;
    }
    // Split off the low eight digits so each part fits 32-bit integer arithmetic (v < 2^53 gives hi < 1e8).
    const hi = Math.floor(v / 1e8);
    this.small(hi);
    this.eight(v - hi * 1e8);
  }

  /** Writes k/1000 for an integer k that is not a multiple of 1000: sign, integer part, up to three decimals. */
  private milli(k: number): void {
    let v = k;
    if (v < 0) {
      this.out[this.pos++] = 45;
      v = -v;
    }
    const int = Math.floor(v / 1000);
    const frac = v - int * 1000;
    if (int < 1e8) this.small(int);
    else {
      const hi = Math.floor(int / 1e8);
      this.small(hi);
      this.eight(int - hi * 1e8);
    }
    const out = this.out;
    const p = this.pos;
    out[p] = 46;
    // The decimals of frac/1000 without trailing zeros, from a table (e.g. 120 → "12", 7 → "007"): all three slot
    // bytes are stored (the buffer has room for them) and the position advances by the count only.
    const at = frac * 3;
    out[p + 1] = MILLI_DIGITS[at]!;
    out[p + 2] = MILLI_DIGITS[at + 1]!;
    out[p + 3] = MILLI_DIGITS[at + 2]!;
    this.pos = p + 1 + MILLI_LEN[frac]!;
  }

  /** Writes 0 ≤ v < 1e8 without leading zeros. */
  private small(v: number): void {
    const digits = v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5 : v < 1000000 ? 6 : v < 10000000 ? 7 : 8;
    const out = this.out;
    let p = this.pos + digits;
    this.pos = p;
    while (v >= 10) {
      const q = (v / 10) | 0;
      out[--p] = 48 + v - q * 10;
      v = q;
    }
    out[--p] = 48 + v;
  }

  /** Writes 0 ≤ v < 1e8 as exactly eight digits (zero-padded). */
  private eight(v: number): void {
    const out = this.out;
    let p = this.pos + 8;
    this.pos = p;
    for (let k = 0; k < 8; k++) {
      const q = (v / 10) | 0;
      out[--p] = 48 + v - q * 10;
      v = q;
    }
  }

  private text(s: string, cache: Map<string, Buffer>): void {
    let b = cache.get(s);
    if (b === undefined) {
      b = Buffer.from(csvField(s), 'utf8');
      cache.set(s, b);
    }
    const len = b.length;
    // Room for the text and what may follow it unchecked: a separator, a number (≤ 25 bytes) and the newline.
    if (this.pos + len + TAIL_BYTES > this.out.length) this.grow(len + TAIL_BYTES);
    // Keys are mostly short: a plain loop beats Buffer.copy's call overhead there.
    if (len <= 32) {
      const out = this.out;
      const p = this.pos;
      for (let k = 0; k < len; k++) out[p + k] = b[k]!;
    } else {
      b.copy(this.out, this.pos);
    }
    this.pos += len;
  }

  private ascii(s: string): void {
    if (this.pos + s.length > this.out.length) this.grow(s.length);
    this.pos += this.out.write(s, this.pos, 'latin1');
  }

  /** A file-system failure as an InputError naming the path (exit 2); other errors pass through. */
  private writeError(err: unknown, path: string = this.target): unknown {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (err instanceof InputError || typeof code !== 'string') return err;
    const why = code === 'ENOSPC' ? 'no space left on the device' : code === 'EDQUOT' ? 'disk quota exceeded' : (err as Error).message;
    return new InputError(msg.traceNotWritable(path, code, why));
  }

  private grow(extra: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.pos + extra + 4096));
    this.out.copy(bigger, 0, 0, this.pos);
    this.out = bigger;
  }
}
