// Reading and writing trace cache files (format in trace-cache.ts) in bounded chunks, straight to and from columns.
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { openTempFor } from '../src/io/atomic-io.ts';
import * as msg from './messages.ts';
import type { Trace } from '../src/trace/trace.ts';
import { PayloadHash } from './payload-hash.ts';
import {
  CACHE_PREFIX_BYTES, CACHE_TRAILER_BYTES, cacheHeaderLength, digestBytes, digestHex, parseCacheHeader, pieceBytes, traceCacheLayout, traceColumnsCheck,
  traceFromCacheColumns, type CacheColumn, type TraceFacts,
} from './trace-cache.ts';

export { decodeTraceCache } from './trace-cache.ts';

/** Largest single read or write: far below the 2^31 − 1 bytes one `fs.readSync`/`writeSync` call accepts. */
export const CACHE_IO_CHUNK = 1 << 30;

/** Options of the cache file reader and writer; `chunkBytes` exists so tests can run the chunked paths on small files. */
export interface CacheIoOptions {
  chunkBytes?: number;
  /** The write call (tests inject one that writes less than asked). Same contract as fs.writeSync(fd, bytes). */
  write?: (fd: number, bytes: Uint8Array) => number;
}

const defaultWrite = (fd: number, bytes: Uint8Array): number => writeSync(fd, bytes);

/** Writes all of `bytes` to `fd`, in calls of at most `chunk` bytes, continuing after short writes. */
function writeAll(fd: number, bytes: Uint8Array, chunk: number, write: NonNullable<CacheIoOptions['write']>): void {
  for (let at = 0; at < bytes.length; ) {
    const n = write(fd, bytes.subarray(at, Math.min(bytes.length, at + chunk)));
    if (!(n > 0)) throw new Error(`write returned ${n} with ${bytes.length - at} bytes left`);
    at += n;
  }
}

/**
 * Writes the cache file of `trace` (CSV SHA-256 `sha256`, read from a stored file with SHA-256 `fileSha256`)
 * atomically (temporary file, renamed when complete), straight from its typed arrays: the same bytes as
 * encodeTraceCache, with no second copy of the columns.
 * @throws the file system's error (ENOSPC, EACCES, …); the temporary file is removed and `target` is untouched.
 */
export function writeTraceCacheFile(target: string, trace: Trace, sha256: string, fileSha256: string, opts: CacheIoOptions = {}): void {
  const chunk = opts.chunkBytes ?? CACHE_IO_CHUNK;
  const write = opts.write ?? defaultWrite;
  mkdirSync(dirname(target), { recursive: true });
  const { path: tmp, fd } = openTempFor(target);
  try {
    const hash = new PayloadHash();
    for (const piece of traceCacheLayout(trace, sha256, fileSha256)) {
      // Views stay under `chunk` bytes, so no single Uint8Array exceeds V8's limit whatever the column size.
      for (let at = 0; at < piece.byteLength; at += chunk) writeAll(fd, pieceBytes(piece, at, Math.min(piece.byteLength, at + chunk)), chunk, write);
      // Every piece is whole 4-byte words (the head is 8-aligned, columns are n·4 or n·8 bytes, pads 0 or 4).
      for (let at = 0; at < piece.byteLength; at += HASH_SPAN) hash.update(pieceBytes(piece, at, Math.min(piece.byteLength, at + HASH_SPAN)));
    }
    writeAll(fd, digestBytes(hash.digest()), chunk, write);
    closeSync(fd);
    renameSync(tmp, target);
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Largest view hashed at once (whole words, far below V8's typed-array limit). */
const HASH_SPAN = 1 << 28;

/** Reads exactly `into.length` bytes at `position`, in calls of at most `chunk` bytes; false at an early end of file. */
function readExactly(fd: number, into: Uint8Array, position: number, chunk: number): boolean {
  for (let at = 0; at < into.length; ) {
    const n = readSync(fd, into, at, Math.min(chunk, into.length - at), position + at);
    if (n <= 0) return false;
    at += n;
  }
  return true;
}

/**
 * Reads the cache file at `path` built from the stored file with SHA-256 `fileSha256`: each column into its own
 * SharedArrayBuffer (so cell threads get the trace without a copy), in reads of at most `chunkBytes`, checking the
 * file's length against its header, the payload hash of every byte and every column's range. Returns the trace,
 * its CSV SHA-256 and its facts, or the reason the file is not a valid, complete cache of that file (a half-written, corrupt
 * or edited file is never returned).
 * @throws the file system's error (ENOENT, EACCES, EIO, …).
 */
export function readTraceCacheFile(path: string, fileSha256: string, opts: CacheIoOptions = {}): { trace: Trace; sha256: string; facts: TraceFacts } | string {
  const chunk = opts.chunkBytes ?? CACHE_IO_CHUNK;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const prefix = new Uint8Array(CACHE_PREFIX_BYTES);
    if (!readExactly(fd, prefix, 0, chunk)) return `shorter (${size} bytes) than a cache file's ${CACHE_PREFIX_BYTES}-byte prefix`;
    const headerLength = cacheHeaderLength(prefix);
    if (typeof headerLength === 'string') return headerLength;
    if (CACHE_PREFIX_BYTES + headerLength + CACHE_TRAILER_BYTES > size) return `${size} bytes, too short for its ${headerLength}-byte header (half-written or truncated)`;
    const headerBytes = new Uint8Array(headerLength);
    if (!readExactly(fd, headerBytes, CACHE_PREFIX_BYTES, chunk)) return 'truncated inside its header';
    const layout = parseCacheHeader(headerBytes, fileSha256);
    if (typeof layout === 'string') return layout;
    if (size !== layout.total) return `${size} bytes where its header implies ${layout.total} (half-written or truncated)`;
    // The head (prefix, header, padding to the first column) is hashed as one run of whole words.
    const headEnd = layout.columns[0]?.offset ?? layout.body;
    const head = new Uint8Array(headEnd);
    if (!readExactly(fd, head, 0, chunk)) return 'truncated inside its header';
    const hash = new PayloadHash();
    hash.update(head);
    let at = headEnd;
    const gap = (to: number): boolean => {
      // Alignment padding after an i32 column: read so the hash covers every byte.
      if (to === at) return true;
      const pad = new Uint8Array(to - at);
      if (!readExactly(fd, pad, at, chunk)) return false;
      hash.update(pad);
      at = to;
      return true;
    };
    const columns = new Map<CacheColumn['name'], Float64Array | Int32Array>();
    for (const c of layout.columns) {
      if (!gap(c.offset)) return 'truncated before a column';
      const buffer = new SharedArrayBuffer(c.bytes);
      for (let from = 0; from < c.bytes; from += chunk) {
        const part = new Uint8Array(buffer, from, Math.min(chunk, c.bytes - from));
        if (!readExactly(fd, part, at, chunk)) return `truncated inside column ${c.name}`;
        at += part.length;
      }
      for (let from = 0; from < c.bytes; from += HASH_SPAN) hash.update(new Uint8Array(buffer, from, Math.min(HASH_SPAN, c.bytes - from)));
      columns.set(c.name, c.kind === 'f64' ? new Float64Array(buffer) : new Int32Array(buffer));
    }
    if (!gap(layout.body)) return 'truncated before its payload hash';
    const trailer = new Uint8Array(CACHE_TRAILER_BYTES);
    if (!readExactly(fd, trailer, layout.body, chunk)) return 'truncated inside its payload hash';
    const computed = hash.digest();
    if (digestHex(trailer) !== computed) return msg.cachePayloadHashMismatch(digestHex(trailer), computed);
    const trace = traceFromCacheColumns(layout, columns);
    const facts = traceColumnsCheck(trace);
    return typeof facts === 'string' ? facts : { trace, sha256: layout.header.sha256, facts };
  } finally {
    closeSync(fd);
  }
}
