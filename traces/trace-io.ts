// Reading and writing common-format traces on disk: streaming parse with hashing, the binary cache, writing a Trace.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, openSync, readdirSync, readFileSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { stableOrderBy, type Trace } from '../src/trace/trace.ts';
import { readTraceCacheFile, writeTraceCacheFile } from './trace-cache-io.ts';
import { traceColumnsCheck, type TraceFacts } from './trace-cache.ts';
import { TraceCsvParser } from './trace-csv-parser.ts';
import { isSortedByArrival } from './trace-order.ts';
import type { TraceMeta, TraceMetaInput } from './trace-meta.ts';
import { metaPathFor, TraceWriter, type TraceWriterOptions } from './trace-writer.ts';

/** A trace read from disk, with the SHA-256 of its uncompressed CSV bytes and its meta sidecar (if any). */
export interface LoadedTrace {
  trace: Trace;
  sha256: string;
  path: string;
  meta: TraceMeta | null;
  /** Why the binary cache could not be used or written this time (the trace came from the CSV), else null. */
  cacheWarning: string | null;
  /** Facts found while checking the columns (the tie share), so commands need not compute them again; absent on a
   *  LoadedTrace made elsewhere (a thread's primer). */
  facts?: TraceFacts;
}

// Gunzip output chunk: small enough for the allocator to recycle (touching fresh memory is what costs here).
const CHUNK = 1 << 17;
const READ_BUFFER = 1 << 20;
// A cache temp file untouched this long whose writer's pid is gone is the remains of a killed run.
const STALE_TEMP_MS = 10 * 60 * 1000;

export { metaPathFor };

/** The cache folder: `$HSIM_CACHE_DIR` when set, else `<cwd>/.hsim-cache`. */
export function defaultCacheDir(): string {
  return process.env.HSIM_CACHE_DIR ?? join(process.cwd(), '.hsim-cache');
}

/**
 * Reads a common-format CSV or CSV.gz (gzip recognised by its magic bytes), validates every row and returns
 * the trace sorted stably by arrival, its SHA-256 (of the uncompressed CSV bytes) and its meta sidecar.
 * With the cache on (default), a binary copy under `cacheDir` (default `$HSIM_CACHE_DIR` or `<cwd>/.hsim-cache`)
 * is used when the SHA-256 of the file read now matches the one it was built from, and is (re)built otherwise;
 * a corrupt or half-written cache is refused and rebuilt. A cache that cannot be read or written is not an error:
 * the trace comes from the CSV and `cacheWarning` says why (the CLI prints it once).
 * @throws InputError for a missing file, a bad gzip stream, a bad row (file:line) or a malformed sidecar.
 */
export async function readTrace(path: string, opts: { cache?: boolean; cacheDir?: string } = {}): Promise<LoadedTrace> {
  if (!existsSync(path) || !statSync(path).isFile()) throw new InputError(msg.traceFileMissing(path));
  const meta = readMetaSidecar(path);
  const useCache = opts.cache ?? true;
  const cacheDir = opts.cacheDir ?? defaultCacheDir();
  if (!useCache) {
    const parsed = await parseTraceFile(path);
    checkedAgainstMeta(path, meta, parsed.sha256);
    return { ...parsed, path, meta, cacheWarning: null, facts: factsOfParsed(parsed.trace) };
  }
  const fileSha = hashFile(path);
  const cached = loadCached(cacheDir, fileSha);
  if ('trace' in cached) return { trace: cached.trace, sha256: checkedAgainstMeta(path, meta, cached.sha256), path, meta, cacheWarning: null, facts: cached.facts };
  const { trace, sha256 } = await parseTraceFile(path);
  checkedAgainstMeta(path, meta, sha256);
  const stored = storeCached(cacheDir, fileSha, sha256, trace);
  const warnings = [cached.warning, stored].filter((w): w is string => w !== null);
  return { trace, sha256, path, meta, cacheWarning: warnings.length > 0 ? warnings.join('; ') : null, facts: factsOfParsed(trace) };
}

/** The facts of a trace the parser built (its rows are valid by construction, so the check cannot fail). */
function factsOfParsed(trace: Trace): TraceFacts {
  const facts = traceColumnsCheck(trace);
  if (typeof facts === 'string') throw new Error(`the parser built an invalid trace: ${facts}`);
  return facts;
}

/** Whether the file starts with the gzip magic bytes 1f 8b. */
function isGzipFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** Streams the file through gunzip (when gzipped), the SHA-256 and the parser; returns the sorted trace. */
async function parseTraceFile(path: string): Promise<{ trace: Trace; sha256: string }> {
  const gz = isGzipFile(path);
  const source = createReadStream(path, { highWaterMark: gz ? CHUNK : READ_BUFFER });
  let stream: Readable = source;
  if (gz) {
    // A deep readable buffer lets gunzip (on the thread pool) run ahead of the parser.
    const gunzip = createGunzip({ chunkSize: CHUNK, readableHighWaterMark: 16 * CHUNK } as Parameters<typeof createGunzip>[0]);
    source.on('error', (e) => gunzip.destroy(e));
    stream = source.pipe(gunzip);
  }
  const hash = createHash('sha256');
  const parser = new TraceCsvParser(path, gz ? gzipStoredSize(path) : statSync(path).size);
  try {
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      parser.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('Z_')) throw new InputError(msg.traceGzipCorrupt(path, (err as Error).message));
    throw err;
  } finally {
    source.destroy();
    stream.destroy();
  }
  return { trace: parser.finish(), sha256: hash.digest('hex') };
}

/** The uncompressed size a gzip file records in its trailer (modulo 2^32; the last member's only): a size hint. */
function gzipStoredSize(path: string): number {
  const size = statSync(path).size;
  if (size < 18) return 0;
  const fd = openSync(path, 'r');
  try {
    const tail = Buffer.alloc(4);
    return readSync(fd, tail, 0, 4, size - 4) === 4 ? tail.readUInt32LE(0) : 0;
  } finally {
    closeSync(fd);
  }
}

/** SHA-256 (hex) of the file's bytes as stored (compressed or not), read through one reused buffer. */
function hashFile(path: string): string {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(READ_BUFFER);
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

// The cache holds `<file sha256>.trace`: named by the SHA-256 of the stored file (a .csv.gz as stored), so a hit
// needs one hash of that file and no gunzip; its header records that SHA-256 and the CSV's, and its payload hash
// covers every byte (traces/trace-cache.ts). A missing entry is an ordinary miss; anything else that stops a hit
// (another file's entry put in its place, a bad hash, a column out of range) is a warning naming the file and why.
function loadCached(cacheDir: string, fileSha: string): { trace: Trace; sha256: string; facts: TraceFacts } | { warning: string | null } {
  const tracePath = cachePathFor(cacheDir, fileSha);
  try {
    const hit = readTraceCacheFile(tracePath, fileSha);
    if (typeof hit === 'string') return { warning: msg.cacheFileRefused(tracePath, hit) };
    return hit;
  } catch (err) {
    // No entry (or no folder yet): an ordinary miss; a folder that cannot be written is reported when storing.
    const code = (err as { code?: string }).code;
    return { warning: code === 'ENOENT' || code === 'ENOTDIR' ? null : `cannot read ${tracePath} (${(err as Error).message}); rebuilt it` };
  }
}

/** The cache entry of the stored file with SHA-256 `fileSha` in `cacheDir`. */
function cachePathFor(cacheDir: string, fileSha: string): string {
  return join(cacheDir, `${fileSha}.trace`);
}

/** Writes the cache entry of a parsed trace; returns null, or why the cache folder could not take it. */
function storeCached(cacheDir: string, fileSha: string, sha256: string, trace: Trace): string | null {
  try {
    removeStaleTemps(cacheDir);
    writeTraceCacheFile(cachePathFor(cacheDir, fileSha), trace, sha256, fileSha);
    return null;
  } catch (err) {
    const code = (err as { code?: string }).code;
    const hint = code === 'ENOSPC' ? 'the disk is full' : 'set HSIM_CACHE_DIR to a writable folder, or pass --no-cache';
    return `cannot write the trace cache in ${cacheDir} (${(err as Error).message}); the run goes on without it (${hint})`;
  }
}

/**
 * Removes temporary cache files (`.<name>.<pid>.<random>.tmp`) left by killed writers: the pid runs no process here
 * and the file has not changed for STALE_TEMP_MS (a folder shared with other machines keeps their live temps).
 */
function removeStaleTemps(cacheDir: string): void {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^\.[0-9a-f]{64}\.(?:trace|ref|warm)\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name);
    if (!m || processRuns(Number(m[1]))) continue;
    const file = join(cacheDir, name);
    try {
      // eslint-disable-next-line no-restricted-properties -- a temp file's age decides its cleanup, never a result
      if (Date.now() - statSync(file).mtimeMs > STALE_TEMP_MS) rmSync(file, { force: true });
    } catch {
      // removed meanwhile by another reader
    }
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * The trace's SHA-256, after checking it against its sidecar's: writers rename the trace first and the meta last
 * (traces/trace-writer.ts), so a write killed between the two leaves a new trace beside the old meta, which this
 * refuses instead of pairing them. @throws InputError naming the sidecar when they differ.
 */
function checkedAgainstMeta(tracePath: string, meta: TraceMeta | null, sha256: string): string {
  if (meta !== null && typeof meta.sha256 === 'string' && meta.sha256 !== sha256) {
    throw new InputError(msg.traceMetaOfOtherTrace(metaPathFor(tracePath), meta.sha256, sha256));
  }
  return sha256;
}

function readMetaSidecar(tracePath: string): TraceMeta | null {
  const metaPath = metaPathFor(tracePath);
  if (!existsSync(metaPath)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(metaPath, 'utf8'));
  } catch (err) {
    throw new InputError(msg.traceMetaNotJson(metaPath, (err as Error).message));
  }
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== 'hsim-trace') {
    throw new InputError(msg.traceMetaNoFormat(metaPath));
  }
  return value as TraceMeta;
}

/**
 * Writes `<target>` (.csv, or gzip when it ends in .gz) sorted stably by arrival, plus `<name>.meta.json` beside
 * it, through the one trace writer (`trace-writer.ts`): temporary files renamed at the end, so on failure neither
 * is left behind. Returns the full meta written (columns, key and class counts, arrival span, SHA-256 of the CSV).
 * @throws InputError naming the path when it cannot be written (disk full, no permission).
 */
export async function writeTrace(target: string, trace: Trace, meta: TraceMetaInput, opts: TraceWriterOptions = {}): Promise<TraceMeta> {
  const order = isSortedByArrival(trace.arrival) ? null : stableOrderBy(trace.arrival);
  const writer = new TraceWriter(target, { size: trace.size !== null, class: trace.classId !== null }, opts);
  const { arrival, duration, keyId, keys, classId, classes, size } = trace;
  try {
    for (let j = 0; j < trace.n; j++) {
      const i = order === null ? j : order[j]!;
      writer.write(arrival[i]!, duration[i]!, keys[keyId[i]!]!, classId === null ? '' : classes![classId[i]!]!, size === null ? Number.NaN : size[i]!);
      if (writer.wantsFlush) await writer.flush();
    }
    return await writer.commit(meta);
  } catch (err) {
    writer.abort();
    throw err;
  }
}
