// Streams the lines of an input file (plain or gzip, detected by magic bytes) as byte ranges, hashing the raw bytes.
import * as msg from './messages.ts';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { InputError } from '../src/errors.ts';

/** Longest line accepted, in bytes; a longer one is reported as overlong and skipped (bounded memory). */
export const MAX_LINE_BYTES = 1 << 20;

/** Bytes of an overlong line handed to the handler: enough to tell a comment or header from a data row. */
export const OVERLONG_HEAD_BYTES = 256;

/**
 * Called for each line `buf[start, end)` (line ending and a trailing CR removed), `line` 1-based.
 * For an `overlong` line the range holds only its first bytes (at most OVERLONG_HEAD_BYTES). Return true to stop reading.
 */
export type LineHandler = (buf: Uint8Array, start: number, end: number, line: number, overlong: boolean) => boolean | void;

/** What a full or stopped scan found. */
export interface ScanResult {
  /** SHA-256 (hex) of the raw file bytes; meaningful only when not stopped; empty when not asked for. */
  sha256: string;
  /** Lines seen (including comments and blanks). */
  lines: number;
  stopped: boolean;
  gzip: boolean;
  /** For a stopped scan of a plain file: the byte offset just past the line that stopped it. */
  stoppedAt: number;
}

/** Options of a scan. */
export interface ScanOptions {
  signal?: AbortSignal | undefined;
  /** Runs (awaited) after each chunk, e.g. to flush output with back-pressure. */
  onChunkEnd?: () => Promise<void> | undefined;
  /** Hash the raw bytes (default true). */
  hash?: boolean;
  /** Read only bytes [start, end) of a plain file (a conversion thread's range, cut after a newline); lines count from 1 there. */
  range?: { start: number; end: number };
}


/**
 * Reads `path` line by line with bounded memory, gunzipping when the file starts with the gzip magic.
 * Throws InputError (exit 2) for a missing file, a `.gz` name without gzip content, or truncated/corrupt gzip
 * data (naming the file and the line reached).
 */
export async function scanLines(path: string, onLine: LineHandler, opts: ScanOptions = {}): Promise<ScanResult> {
  const { signal, onChunkEnd } = opts;
  const gzip = sniffGzip(path);
  const hash = opts.hash === false ? null : createHash('sha256');
  const range = opts.range;
  const raw = createReadStream(path, range === undefined ? { highWaterMark: 1 << 20 } : { highWaterMark: 1 << 20, start: range.start, end: range.end - 1 });
  if (hash !== null) raw.on('data', (c) => hash.update(c as Buffer));
  // A deep readable buffer lets gunzip (on the libuv thread pool) run ahead of the parser on the other core.
  const source = gzip ? pipeline(raw, createGunzip({ chunkSize: 1 << 18, readableHighWaterMark: 8 << 20 } as Parameters<typeof createGunzip>[0]), () => undefined) : raw;
  let lineNo = 0;
  let carry: Buffer | null = null;
  let overlong = false;
  /** The first bytes of the current overlong line. */
  let head: Uint8Array = new Uint8Array(0);
  let stopped = false;
  /** File offset of the current chunk's first byte (plain files). */
  let base = range?.start ?? 0;
  let stoppedAt = -1;
  const emit = (buf: Uint8Array, start: number, end: number): boolean => {
    lineNo++;
    if (overlong) {
      overlong = false;
      return onLine(head, 0, head.length, lineNo, true) === true;
    }
    if (end > start && buf[end - 1] === 13) end--;
    return onLine(buf, start, end, lineNo, false) === true;
  };
  try {
    outer: for await (const chunk of source as AsyncIterable<Buffer>) {
      if (signal?.aborted) throw new InputError(msg.convertInterrupted(path));
      let pos = 0;
      if (carry !== null || overlong) {
        const nl = chunk.indexOf(10);
        if (nl < 0) {
          appendCarry(chunk, chunk.length);
          base += chunk.length;
          continue;
        }
        appendCarry(chunk, nl);
        const c: Buffer = carry ?? Buffer.alloc(0);
        carry = null;
        if (emit(c, 0, c.length)) {
          stopped = true;
          stoppedAt = base + nl + 1;
          break outer;
        }
        pos = nl + 1;
      }
      const last = chunk.lastIndexOf(10);
      if (last >= pos) {
        const r = emitLines(chunk, pos, last + 1, lineNo + 1, onLine);
        lineNo += r.lines;
        if (r.stoppedAt >= 0) {
          stopped = true;
          stoppedAt = base + r.stoppedAt;
          break outer;
        }
        pos = last + 1;
      }
      if (pos < chunk.length) appendCarry(chunk.subarray(pos), chunk.length - pos);
      base += chunk.length;
      const pending = onChunkEnd?.();
      if (pending !== undefined) await pending;
    }
    if (!stopped && (carry !== null || overlong)) {
      const c: Buffer = carry ?? Buffer.alloc(0);
      carry = null;
      emit(c, 0, c.length);
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw readError(path, lineNo + 1, err);
  } finally {
    raw.destroy();
    if (source !== raw) (source as NodeJS.ReadableStream & { destroy(): void }).destroy();
  }
  return { sha256: hash === null ? '' : hash.digest('hex'), lines: lineNo, stopped, gzip, stoppedAt };

  function appendCarry(chunk: Buffer, len: number): void {
    if (overlong) return;
    const have = carry?.length ?? 0;
    if (have + len > MAX_LINE_BYTES) {
      overlong = true;
      head = Buffer.concat([carry ?? Buffer.alloc(0), chunk.subarray(0, Math.min(len, OVERLONG_HEAD_BYTES))]).subarray(0, OVERLONG_HEAD_BYTES);
      carry = null;
      return;
    }
    carry = carry === null ? Buffer.from(chunk.subarray(0, len)) : Buffer.concat([carry, chunk.subarray(0, len)]);
  }
}

/** What emitLines went through: the lines handed over, and the offset just past the line that stopped it (else -1). */
export interface EmittedLines {
  lines: number;
  stoppedAt: number;
}

/**
 * Hands the lines of `buf[start, end)` to `onLine` as scanLines does, numbered from `first`: each ends at a newline,
 * the bytes after the last newline (if any) are a last line, a trailing CR is removed, and a line over MAX_LINE_BYTES
 * comes as its first OVERLONG_HEAD_BYTES bytes (`overlong`). Stops when `onLine` returns true. Synchronous: the
 * bytes are in memory (a chunk's whole lines, or a conversion thread's range).
 */
export function emitLines(buf: Buffer, start: number, end: number, first: number, onLine: LineHandler): EmittedLines {
  let line = first;
  for (let pos = start; pos < end; line++) {
    let nl = buf.indexOf(10, pos);
    if (nl < 0 || nl >= end) nl = end;
    const stop =
      nl - pos > MAX_LINE_BYTES
        ? onLine(buf.subarray(pos, pos + OVERLONG_HEAD_BYTES), 0, OVERLONG_HEAD_BYTES, line, true)
        : onLine(buf, pos, nl > pos && buf[nl - 1] === 13 ? nl - 1 : nl, line, false);
    if (stop === true) return { lines: line - first + 1, stoppedAt: Math.min(nl + 1, end) };
    pos = nl + 1;
  }
  return { lines: line - first, stoppedAt: -1 };
}

/**
 * Whether `path` starts with the gzip magic. Throws InputError for a directory, an unreadable file, or a `.gz` name
 * without gzip content.
 */
export function sniffGzip(path: string): boolean {
  let fd: number;
  try {
    if (statSync(path).isDirectory()) throw new InputError(msg.convertInputIsDirectory(path));
    fd = openSync(path, 'r');
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(msg.convertInputUnreadable(path, (err as NodeJS.ErrnoException).code ?? String(err)));
  }
  const head = Buffer.alloc(2);
  const got = readSync(fd, head, 0, 2, 0);
  closeSync(fd);
  const magic = got === 2 && head[0] === 0x1f && head[1] === 0x8b;
  if (!magic && path.endsWith('.gz')) {
    throw new InputError(msg.convertNotGzip(path));
  }
  return magic;
}

function readError(path: string, line: number, err: unknown): unknown {
  const e = err as NodeJS.ErrnoException;
  if (typeof e.code !== 'string') return err;
  if (e.code.startsWith('Z_')) {
    return new InputError(msg.convertGzipCorrupt(path, line, e.message));
  }
  return new InputError(msg.convertReadFailed(path, line, e.code));
}
