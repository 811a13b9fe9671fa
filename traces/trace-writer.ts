// The one streaming writer of common-format traces (SPEC §3): CSV or CSV.gz to a temporary file, then trace + meta in place.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, createWriteStream, mkdirSync, renameSync, rmSync, writeSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync, type Gzip } from 'node:zlib';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { openTempFor, writeAllSync } from '../src/io/atomic-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { columnNames, quoteCsvField as csvField, type TraceColumns } from './trace-csv.ts';
import { FLUSH_BYTES, RowEncoder, type EncodedRows } from './row-encoder.ts';
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
  /**
   * Compress a `.gz` target as a series of gzip members, one per flush or appended batch, on the calling thread (or
   * as the batch's own member, compressed elsewhere), instead of one stream: what a parallel conversion writes.
   * Decompressed, the bytes are the same; the meta says `gzip_members` (how many).
   */
  gzipMembers?: boolean;
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

/**
 * Writes rows, in the order given, as common-format CSV text to a temporary file beside `target` (gzip when the
 * target ends in `.gz`, compressed on the thread pool). Rows must come sorted by arrival; `accepts(a)` says whether
 * `a` keeps the order. Call `flush()` when `wantsFlush` (it awaits back-pressure), then `commit()` (or `close()`
 * and rename yourself), or `abort()` on failure. Memory is bounded (one output buffer, the distinct key texts and,
 * for a trace over one buffer, the few buffers of the thread that hashes it: HashThread). Rows encoded on other
 * threads (RowEncoder.take) are added in order with `append`; the row formatting itself is RowEncoder's.
 * A failed write (disk full, no permission) becomes an InputError naming `target` (exit 2); nothing is left behind.
 */
export class TraceWriter extends RowEncoder {
  readonly tmpPath: string;
  readonly target: string;
  /** The gzip level used, or null for a plain `.csv`. */
  readonly gzipLevel: number | null;
  private done: Promise<void> | null = null;
  private failure: unknown = null;
  /** The output's SHA-256: inline for a small trace, on a thread from the first full buffer of a big one. */
  private hash: Hash | null = null;
  private hashThread: HashThread | null = null;
  private fd: number | null = null;
  private gzip: Gzip | null = null;
  private file: WriteStream | null = null;
  /** Gzip members written so far, or null when the `.gz` is one stream (or the target is a plain `.csv`). */
  private members: number | null = null;

  constructor(target: string, cols: TraceColumns, opts: TraceWriterOptions = {}) {
    super(cols);
    this.target = target;
    this.gzipLevel = /\.gz$/i.test(target) ? (opts.gzipLevel ?? DEFAULT_GZIP_LEVEL) : null;
    let opened: { path: string; fd: number };
    try {
      mkdirSync(dirname(target), { recursive: true });
      opened = openTempFor(target);
    } catch (err) {
      throw this.writeError(err);
    }
    this.tmpPath = opened.path;
    try {
      if (this.gzipLevel !== null && opts.gzipMembers === true) {
        this.members = 0;
        this.fd = opened.fd;
      } else if (this.gzipLevel !== null) {
        this.gzip = createGzip({ level: this.gzipLevel, chunkSize: 1 << 16 });
        this.file = createWriteStream(this.tmpPath, { fd: opened.fd });
        this.done = pipeline(this.gzip, this.file);
        this.done.catch((err: unknown) => {
          this.failure ??= err;
        });
      } else {
        this.fd = opened.fd;
      }
    } catch (err) {
      throw this.writeError(err);
    }
    this.ascii(columnNames(cols).join(',') + '\n');
  }

  /** Hands pending bytes to the file (awaiting gzip back-pressure). @throws InputError when the write fails. */
  async flush(): Promise<void> {
    if (this.failure !== null) throw this.writeError(this.failure);
    if (this.pos === 0) return;
    const chunk = this.out.subarray(0, this.pos);
    await this.hashUpdate(chunk);
    if (this.fd !== null) {
      this.writeFile(this.members === null ? chunk : gzipSync(chunk, { level: this.gzipLevel! }));
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

  /**
   * Appends a batch of rows encoded elsewhere (a conversion thread's RowEncoder.take) after the rows so far: its
   * bytes are hashed and written (for a `gzipMembers` target, `member` is the batch's bytes as one gzip member,
   * else null), its rows, span and distinct texts counted as if written here. Rows must keep arrival order.
   * @throws InputError when the write fails.
   */
  async append(batch: EncodedRows, member: Uint8Array | null): Promise<void> {
    await this.flush();
    if (batch.rows === 0) return;
    for (let at = 0; at < batch.bytes.length; at += FLUSH_BYTES) await this.hashUpdate(batch.bytes.subarray(at, at + FLUSH_BYTES));
    if (this.members !== null && member === null) throw new Error('TraceWriter.append: a gzip-members trace needs the batch as a member');
    this.writeFile(this.members !== null ? member! : batch.bytes);
    if (this.n === 0) this.first = batch.first;
    if (batch.first < this.last) this.disordered = true;
    this.last = batch.last;
    this.n += batch.rows;
    if (batch.disordered) this.disordered = true;
    for (const k of batch.keys) if (!this.keyBytes.has(k)) this.keyBytes.set(k, Buffer.from(csvField(k), 'utf8'));
    for (const c of batch.classes) if (!this.classBytes.has(c)) this.classBytes.set(c, Buffer.from(csvField(c), 'utf8'));
  }

  /** Adds `chunk` to the output's hash: inline until the first full buffer, then on a HashThread. */
  private async hashUpdate(chunk: Uint8Array): Promise<void> {
    if (this.hash === null && this.hashThread === null) {
      if (chunk.length >= FLUSH_BYTES) this.hashThread = new HashThread();
      else this.hash = createHash('sha256');
    }
    if (this.hash !== null) {
      this.hash.update(chunk);
      return;
    }
    try {
      await this.hashThread!.update(chunk);
    } catch (err) {
      throw this.writeError(err);
    }
  }

  /** Writes all of `bytes` to the temporary file (a gzip member counted as such). */
  private writeFile(bytes: Uint8Array): void {
    try {
      for (let at = 0; at < bytes.length; ) at += writeSync(this.fd!, bytes, at);
    } catch (err) {
      throw this.writeError(err);
    }
    if (this.members !== null) this.members++;
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
    if (this.members !== null) meta.gzip_members = this.members;
    const metaPath = metaPathFor(this.target);
    let metaTmp: string | null = null;
    const placed: string[] = [];
    try {
      const opened = openTempFor(metaPath);
      metaTmp = opened.path;
      try {
        writeAllSync(opened.fd, stableStringify(meta));
      } finally {
        closeSync(opened.fd);
      }
      for (const [from, to] of [[this.tmpPath, this.target], ...others.map((o) => [o.tmpPath, o.target])] as [string, string][]) {
        renameSync(from, to);
        placed.push(to);
      }
      renameSync(metaTmp, metaPath);
      return meta;
    } catch (err) {
      if (metaTmp !== null) rmSync(metaTmp, { force: true });
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

  /** A file-system failure as an InputError naming the path (exit 2); other errors pass through. */
  private writeError(err: unknown, path: string = this.target): unknown {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (err instanceof InputError || typeof code !== 'string') return err;
    const why = code === 'ENOSPC' ? 'no space left on the device' : code === 'EDQUOT' ? 'disk quota exceeded' : (err as Error).message;
    return new InputError(msg.traceNotWritable(path, code, why));
  }

}
