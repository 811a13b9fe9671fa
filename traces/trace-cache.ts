// The binary columnar trace cache format: typed arrays + key/class dictionaries, versioned, with a payload hash.
import * as msg from './messages.ts';
import type { Trace } from '../src/trace/trace.ts';
import { PayloadHash } from './payload-hash.ts';
import { MAX_KEY_BYTES } from './trace-csv-parser.ts';

/** File magic (8 bytes) and format version of the cache. A different version is never read. */
export const CACHE_MAGIC = 'HSIMTRC\0';
export const CACHE_VERSION = 2;

/** Bytes of the trailer: the payload hash (PayloadHash, 128 bits) of every byte before it. */
export const CACHE_TRAILER_BYTES = 16;

/** Bytes before the JSON header: magic, u32 version, u32 header length. */
export const CACHE_PREFIX_BYTES = 16;

interface CacheHeader {
  /** SHA-256 of the trace's CSV bytes (uncompressed): the content, recorded in results. */
  sha256: string;
  /** SHA-256 of the stored file it was built from (the .csv.gz as stored, or the .csv): the entry's name. */
  file_sha256: string;
  n: number;
  keys: string[];
  classes: string[] | null;
  size: boolean;
}

/** One column of a cache file: its element kind and where its bytes lie (8-aligned; zero padding follows). */
export interface CacheColumn {
  name: 'arrival' | 'duration' | 'keyId' | 'classId' | 'size';
  kind: 'f64' | 'i32';
  offset: number;
  bytes: number;
}

/** Where everything lies in a cache file, from its header: the columns, the body end (= trailer offset), the total. */
export interface CacheLayout {
  header: CacheHeader;
  columns: CacheColumn[];
  body: number;
  total: number;
}

/** A piece of a cache file: header bytes, padding, or a column written from its own typed array. */
export type CachePiece = Uint8Array | Float64Array | Int32Array;

// Arithmetic, not `(x + 7) & ~7`: bitwise operators truncate to 32 bits, and offsets pass 2^31 at ~107M rows.
const align8 = (x: number): number => Math.ceil(x / 8) * 8;
const magicBytes = new TextEncoder().encode(CACHE_MAGIC);

/** The column layout of a file whose header (JSON length `headerLength`) is `header`. */
function layoutOf(header: CacheHeader, headerLength: number): CacheLayout {
  const kinds: [CacheColumn['name'], CacheColumn['kind']][] = [['arrival', 'f64'], ['duration', 'f64'], ['keyId', 'i32']];
  if (header.classes) kinds.push(['classId', 'i32']);
  if (header.size) kinds.push(['size', 'f64']);
  let offset = align8(CACHE_PREFIX_BYTES + headerLength);
  const columns = kinds.map(([name, kind]) => {
    const bytes = header.n * (kind === 'f64' ? 8 : 4);
    const column = { name, kind, offset, bytes };
    offset = align8(offset + bytes);
    return column;
  });
  return { header, columns, body: offset, total: offset + CACHE_TRAILER_BYTES };
}

/**
 * The JSON header length recorded in the 16-byte prefix of a cache file, or the reason the prefix is not one of
 * this version's cache files.
 */
export function cacheHeaderLength(prefix: Uint8Array): number | string {
  if (prefix.length < CACHE_PREFIX_BYTES) return `shorter (${prefix.length} bytes) than a cache file's ${CACHE_PREFIX_BYTES}-byte prefix`;
  for (let i = 0; i < magicBytes.length; i++) if (prefix[i] !== magicBytes[i]) return 'not a trace cache file (bad magic bytes)';
  const view = new DataView(prefix.buffer, prefix.byteOffset, CACHE_PREFIX_BYTES);
  const version = view.getUint32(8, true);
  if (version !== CACHE_VERSION) return `cache format version ${version}, this hsim reads version ${CACHE_VERSION}`;
  return view.getUint32(12, true);
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The layout of a cache file built from the stored file with SHA-256 `fileSha256`, from its JSON header bytes, or
 * the reason they are not such a header (unreadable, another file, impossible sizes, bad dictionaries).
 */
export function parseCacheHeader(headerBytes: Uint8Array, fileSha256: string): CacheLayout | string {
  let header: CacheHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(headerBytes)) as CacheHeader;
  } catch {
    return 'the header is not valid JSON';
  }
  if (typeof header !== 'object' || header === null) return 'the header is not an object';
  if (header.file_sha256 !== fileSha256) return msg.cacheOfOtherFile(String(header.file_sha256));
  if (typeof header.sha256 !== 'string' || !HEX64.test(header.sha256)) return `the header names no trace SHA-256`;
  if (!Number.isSafeInteger(header.n) || header.n < 0 || header.n > 2 ** 40) return `impossible row count ${String(header.n)}`;
  if (!Array.isArray(header.keys) || (header.classes !== null && !Array.isArray(header.classes)) || typeof header.size !== 'boolean') {
    return 'the header lacks its dictionaries';
  }
  const bad = dictionaryProblem('keys', header.keys) ?? (header.classes === null ? null : dictionaryProblem('classes', header.classes, true));
  if (bad !== null) return bad;
  return layoutOf(header, headerBytes.length);
}

/** Why a dictionary is not one a parsed trace could have (entries 1–256 UTF-8 bytes, no repeats), or null. */
function dictionaryProblem(name: string, entries: unknown[], emptyOk = false): string | null {
  const seen = new Set<string>();
  const enc = new TextEncoder();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (typeof e !== 'string') return msg.cacheBadDictionary(name, i, 'is not a string');
    const bytes = enc.encode(e).length;
    if ((bytes === 0 && !emptyOk) || bytes > MAX_KEY_BYTES) return msg.cacheBadDictionary(name, i, `has ${bytes} bytes (expected 1–${MAX_KEY_BYTES})`);
    if (seen.has(e)) return msg.cacheBadDictionary(name, i, 'repeats an earlier entry');
    seen.add(e);
  }
  return null;
}

/**
 * The pieces of a cache file for `trace` (whose CSV has SHA-256 `sha256`, read from a stored file with SHA-256
 * `fileSha256`), in order, without the trailer: magic, u32 version, u32 header length, JSON header (sha256,
 * file_sha256, n, dictionaries), then 8-aligned arrival f64, duration f64, keyId i32, [classId i32], [size f64].
 * Little-endian. The columns are the trace's arrays, not copies.
 */
export function traceCacheLayout(trace: Trace, sha256: string, fileSha256: string): CachePiece[] {
  const header: CacheHeader = { sha256, file_sha256: fileSha256, n: trace.n, keys: [...trace.keys], classes: trace.classes ? [...trace.classes] : null, size: trace.size !== null };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const head = new Uint8Array(align8(CACHE_PREFIX_BYTES + headerBytes.length));
  const view = new DataView(head.buffer);
  head.set(magicBytes, 0);
  view.setUint32(8, CACHE_VERSION, true);
  view.setUint32(12, headerBytes.length, true);
  head.set(headerBytes, CACHE_PREFIX_BYTES);
  const pieces: CachePiece[] = [head];
  const add = (data: Float64Array | Int32Array): void => {
    const column = data.subarray(0, trace.n);
    pieces.push(column);
    const pad = align8(column.byteLength) - column.byteLength;
    if (pad > 0) pieces.push(new Uint8Array(pad));
  };
  add(trace.arrival);
  add(trace.duration);
  add(trace.keyId);
  if (trace.classId) add(trace.classId);
  if (trace.size) add(trace.size);
  return pieces;
}

/** Bytes [start, end) of a piece as a Uint8Array view (a view over 4 GiB is refused by V8: callers keep ranges smaller). */
export function pieceBytes(piece: CachePiece, start = 0, end = piece.byteLength): Uint8Array {
  return new Uint8Array(piece.buffer, piece.byteOffset + start, end - start);
}

/** The whole cache file of `trace` as one byte array: the layout pieces and the trailing payload hash of them. */
export function encodeTraceCache(trace: Trace, sha256: string, fileSha256: string): Uint8Array {
  const pieces = traceCacheLayout(trace, sha256, fileSha256);
  const body = pieces.reduce((a, p) => a + p.byteLength, 0);
  const out = new Uint8Array(body + CACHE_TRAILER_BYTES);
  let offset = 0;
  for (const p of pieces) {
    out.set(pieceBytes(p), offset);
    offset += p.byteLength;
  }
  const hash = new PayloadHash();
  hash.update(out.subarray(0, body));
  out.set(digestBytes(hash.digest()), body);
  return out;
}

/** The 16 bytes of a 32-hex-digit digest. */
export function digestBytes(hex: string): Uint8Array {
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** The hex text of digest bytes. */
export function digestHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The trace whose columns are `columns` (in layout order), with the header's dictionaries. */
export function traceFromCacheColumns(layout: CacheLayout, columns: Map<CacheColumn['name'], Float64Array | Int32Array>): Trace {
  const { header } = layout;
  return {
    n: header.n,
    arrival: columns.get('arrival') as Float64Array,
    duration: columns.get('duration') as Float64Array,
    keyId: columns.get('keyId') as Int32Array,
    keys: header.keys,
    classId: header.classes ? (columns.get('classId') as Int32Array) : null,
    classes: header.classes,
    size: header.size ? (columns.get('size') as Float64Array) : null,
  };
}

/**
 * Decodes a cache file held in memory, built from the stored file with SHA-256 `fileSha256`, into the trace and its
 * CSV SHA-256, or returns the reason it is not a valid cache of that file (wrong magic or version, payload hash
 * mismatch, other file, inconsistent sizes, a column value out of range). The arrays view `bytes` when aligned.
 */
export function decodeTraceCache(bytes: Uint8Array, fileSha256: string): { trace: Trace; sha256: string; facts: TraceFacts } | string {
  const headerLength = cacheHeaderLength(bytes);
  if (typeof headerLength === 'string') return headerLength;
  if (CACHE_PREFIX_BYTES + headerLength + CACHE_TRAILER_BYTES > bytes.length) return `${bytes.length} bytes, too short for its ${headerLength}-byte header`;
  const layout = parseCacheHeader(bytes.subarray(CACHE_PREFIX_BYTES, CACHE_PREFIX_BYTES + headerLength), fileSha256);
  if (typeof layout === 'string') return layout;
  if (layout.total !== bytes.length) return `${bytes.length} bytes where its header implies ${layout.total} (half-written or truncated)`;
  const body = bytes.byteOffset % 4 === 0 ? bytes.subarray(0, layout.body) : bytes.slice(0, layout.body);
  const hash = new PayloadHash();
  hash.update(body);
  const computed = hash.digest();
  const stored = digestHex(bytes.subarray(layout.body, layout.total));
  if (computed !== stored) return msg.cachePayloadHashMismatch(stored, computed);
  const columns = new Map<CacheColumn['name'], Float64Array | Int32Array>();
  for (const c of layout.columns) {
    const width = c.kind === 'f64' ? 8 : 4;
    const n = c.bytes / width;
    let at = bytes.byteOffset + c.offset;
    let buffer = bytes.buffer;
    if (at % width !== 0) {
      buffer = bytes.slice(c.offset, c.offset + c.bytes).buffer;
      at = 0;
    }
    columns.set(c.name, c.kind === 'f64' ? new Float64Array(buffer, at, n) : new Int32Array(buffer, at, n));
  }
  const trace = traceFromCacheColumns(layout, columns);
  const facts = traceColumnsCheck(trace);
  return typeof facts === 'string' ? facts : { trace, sha256: layout.header.sha256, facts };
}

/** Facts of a trace computed while its columns are checked, kept with the loaded trace for the sanity warnings. */
export interface TraceFacts {
  /** Share of rows whose arrival equals a neighbour's (sim/diagnose/time-scale.ts `tieShare`, the same number). */
  readonly tieShare: number;
}

/**
 * The facts of the decoded columns, or why they are not those of a parsed trace: arrivals finite and ascending,
 * durations finite and ≥ 0, key and class ids within their dictionaries, sizes NaN (none) or safe integers ≥ 0. A
 * cache is input: an id out of range would read outside a per-key array, a NaN duration would stall the engine.
 * O(n), one pass per column; the arrival pass also counts the ties.
 */
export function traceColumnsCheck(trace: Trace): TraceFacts | string {
  const { n } = trace;
  const ties = new Float64Array(1);
  let row = checkArrivals(trace.arrival, n, ties);
  if (row >= 0) return msg.cacheColumnOutOfRange('arrival', row, `${trace.arrival[row]} is not finite or below the row before`);
  row = firstBadDuration(trace.duration, n);
  if (row >= 0) return msg.cacheColumnOutOfRange('duration', row, `${trace.duration[row]} is not a finite duration ≥ 0`);
  row = firstIdOutside(trace.keyId, n, trace.keys.length);
  if (row >= 0) return msg.cacheColumnOutOfRange('keyId', row, `key id ${trace.keyId[row]} is outside the ${trace.keys.length} keys`);
  if (trace.classId !== null) {
    const classes = trace.classes?.length ?? 0;
    row = firstIdOutside(trace.classId, n, classes);
    if (row >= 0) return msg.cacheColumnOutOfRange('classId', row, `class id ${trace.classId[row]} is outside the ${classes} classes`);
  }
  if (trace.size !== null) {
    row = firstBadSize(trace.size, n);
    if (row >= 0) return msg.cacheColumnOutOfRange('size', row, `${trace.size[row]} is not a whole number of bytes ≥ 0`);
  }
  return { tieShare: n > 0 ? ties[0]! / n : 0 };
}

/**
 * First row whose arrival is not finite or is below the previous one, else −1; counts into tied[0] the rows whose
 * arrival equals a neighbour's (each equal pair adds its second row, and its first when that one opens the run).
 */
function checkArrivals(a: Float64Array, n: number, tied: Float64Array): number {
  let prev = -Infinity;
  let prevEq = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const v = a[i]!;
    // v − v is 0 only for finite v; the negation makes NaN fail too.
    if (!(v >= prev && v - v === 0)) return i;
    const eq = i > 0 && v === prev ? 1 : 0;
    count += eq + (eq & (prevEq ^ 1));
    prevEq = eq;
    prev = v;
  }
  tied[0] = count;
  return -1;
}

function firstBadDuration(d: Float64Array, n: number): number {
  for (let i = 0; i < n; i++) {
    const v = d[i]!;
    if (!(v >= 0 && v < Infinity)) return i;
  }
  return -1;
}

function firstIdOutside(ids: Int32Array, n: number, count: number): number {
  for (let i = 0; i < n; i++) if (ids[i]! >>> 0 >= count) return i;
  return -1;
}

function firstBadSize(s: Float64Array, n: number): number {
  for (let i = 0; i < n; i++) {
    const v = s[i]!;
    if (v !== v) continue;
    if (!(v >= 0 && v <= Number.MAX_SAFE_INTEGER && Math.floor(v) === v)) return i;
  }
  return -1;
}
