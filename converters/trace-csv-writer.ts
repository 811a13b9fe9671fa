// Streaming writer of the common CSV (SPEC §3) to a temporary file: same bytes and hash as traces/trace-io.ts writeTrace.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, createWriteStream, mkdirSync, openSync, rmSync, writeSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { createGzip, type Gzip } from 'node:zlib';
import { tempPathFor } from '../src/io/atomic-io.ts';
import { columnNames, quoteCsvField as csvField, type TraceColumns } from '../traces/trace-csv.ts';

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

const FLUSH_BYTES = 1 << 20;
const POW10 = Float64Array.from({ length: 17 }, (_, k) => 10 ** k);

/**
 * Writes rows, in the order given, as common-format CSV text to a temporary file beside `target` (gzip when the
 * target ends in `.gz`). Rows must come sorted by arrival; `accepts(a)` says whether `a` keeps the order.
 * Call `flush()` now and then (it awaits back-pressure), `close()` at the end, `abort()` on failure.
 */
export class TraceCsvWriter {
  readonly tmpPath: string;
  private readonly cols: TraceColumns;
  private readonly hash: Hash = createHash('sha256');
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

  constructor(target: string, cols: TraceColumns) {
    mkdirSync(dirname(target), { recursive: true });
    this.tmpPath = tempPathFor(target);
    this.cols = cols;
    if (target.endsWith('.gz')) {
      this.gzip = createGzip();
      this.file = createWriteStream(this.tmpPath);
      this.gzip.pipe(this.file);
    } else {
      this.fd = openSync(this.tmpPath, 'w');
    }
    this.ascii(columnNames(cols).join(',') + '\n');
  }

  /** Whether a row arriving at `arrival` ms keeps the file sorted (equal arrivals keep file order). */
  accepts(arrival: number): boolean {
    return this.n === 0 || arrival >= this.last;
  }

  /** Appends one row; `cls` is ignored without a class column, `size` (NaN = none) without a size column. */
  write(arrival: number, duration: number, key: string, cls: string, size: number): void {
    if (this.n === 0) this.first = arrival;
    this.last = arrival;
    this.n++;
    // Room for three numbers (≤ 25 bytes each) and separators; texts check their own length.
    if (this.pos + 128 > this.out.length) this.grow(128);
    this.num(arrival);
    this.out[this.pos++] = 44;
    this.num(duration);
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

  /** Hands pending bytes to the file (awaiting gzip back-pressure). */
  async flush(): Promise<void> {
    if (this.pos === 0) return;
    const chunk = this.out.subarray(0, this.pos);
    this.hash.update(chunk);
    if (this.fd !== null) {
      writeSync(this.fd, chunk);
      this.pos = 0;
    } else if (this.gzip !== null) {
      const ok = this.gzip.write(chunk);
      // The gzip stream keeps the chunk until it is compressed: continue in a fresh buffer.
      this.out = Buffer.allocUnsafe(FLUSH_BYTES + 4096);
      this.pos = 0;
      if (!ok) await once(this.gzip, 'drain');
    }
  }

  /** Flushes and closes the temporary file; the caller renames it into place. */
  async close(): Promise<WrittenTrace> {
    await this.flush();
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    } else if (this.gzip !== null && this.file !== null) {
      const done = once(this.file, 'close');
      this.gzip.end();
      await done;
    }
    return {
      tmpPath: this.tmpPath,
      rows: this.n,
      sha256: this.hash.digest('hex'),
      columns: columnNames(this.cols),
      keys: this.keyBytes.size,
      classes: this.cols.class ? this.classBytes.size : null,
      first: this.n === 0 ? null : this.first,
      last: this.n === 0 ? null : this.last,
    };
  }

  /** Closes and deletes the temporary file (after a failure or a restart). */
  abort(): void {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
    if (this.gzip !== null) {
      this.gzip.destroy();
      this.file?.destroy();
    }
    rmSync(this.tmpPath, { force: true });
  }

  /** Writes `String(x)`: integers below 2^53 digit by digit (no string), others through String. */
  private num(x: number): void {
    if (!Number.isSafeInteger(x)) {
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

  /** Writes 0 ≤ v < 1e8 without leading zeros. */
  private small(v: number): void {
    let digits = 1;
    while (digits < 8 && v >= POW10[digits]!) digits++;
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
    if (this.pos + len > this.out.length) this.grow(len);
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

  private grow(extra: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.pos + extra + 4096));
    this.out.copy(bigger, 0, 0, this.pos);
    this.out = bigger;
  }
}
