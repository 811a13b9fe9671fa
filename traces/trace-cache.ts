// The binary columnar trace cache format: typed arrays + key/class dictionaries, versioned, with a checksum.
import { crc32 } from 'node:zlib';
import type { Trace } from '../src/trace/trace.ts';

/** File magic (8 bytes) and format version of the cache. A different version is never read. */
export const CACHE_MAGIC = 'HSIMTRC\0';
export const CACHE_VERSION = 1;

/** Bytes before the JSON header: magic, u32 version, u32 header length. */
export const CACHE_PREFIX_BYTES = 16;

interface CacheHeader {
  sha256: string;
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
  return { header, columns, body: offset, total: offset + 4 };
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

/**
 * The layout of a cache file of the trace with CSV SHA-256 `sha256`, from its JSON header bytes, or the reason
 * they are not such a header (unreadable, another trace, impossible sizes).
 */
export function parseCacheHeader(headerBytes: Uint8Array, sha256: string): CacheLayout | string {
  let header: CacheHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(headerBytes)) as CacheHeader;
  } catch {
    return 'the header is not valid JSON';
  }
  if (typeof header !== 'object' || header === null) return 'the header is not an object';
  if (header.sha256 !== sha256) return `built from another trace (SHA-256 ${String(header.sha256)})`;
  if (!Number.isSafeInteger(header.n) || header.n < 0 || header.n > 2 ** 40) return `impossible row count ${String(header.n)}`;
  if (!Array.isArray(header.keys) || (header.classes !== null && !Array.isArray(header.classes)) || typeof header.size !== 'boolean') {
    return 'the header lacks its dictionaries';
  }
  return layoutOf(header, headerBytes.length);
}

/**
 * The pieces of a cache file for `trace` (whose CSV has SHA-256 `sha256`), in order, without the trailer:
 * magic, u32 version, u32 header length, JSON header (sha256, n, dictionaries), then 8-aligned arrival f64,
 * duration f64, keyId i32, [classId i32], [size f64]. Little-endian. The columns are the trace's arrays, not copies.
 */
export function traceCacheLayout(trace: Trace, sha256: string): CachePiece[] {
  const header: CacheHeader = { sha256, n: trace.n, keys: [...trace.keys], classes: trace.classes ? [...trace.classes] : null, size: trace.size !== null };
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

/** The whole cache file of `trace` as one byte array: the layout pieces and a trailing u32 CRC-32 of them. */
export function encodeTraceCache(trace: Trace, sha256: string): Uint8Array {
  const pieces = traceCacheLayout(trace, sha256);
  const body = pieces.reduce((a, p) => a + p.byteLength, 0);
  const out = new Uint8Array(body + 4);
  let offset = 0;
  for (const p of pieces) {
    out.set(pieceBytes(p), offset);
    offset += p.byteLength;
  }
  new DataView(out.buffer).setUint32(body, crc32(out.subarray(0, body)), true);
  return out;
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
 * Decodes a cache file held in memory, or returns null when it is not a valid cache of the trace with SHA-256
 * `sha256` (wrong magic or version, bad checksum, other trace, inconsistent sizes). The arrays view `bytes` when aligned.
 */
export function decodeTraceCache(bytes: Uint8Array, sha256: string): Trace | null {
  const headerLength = cacheHeaderLength(bytes);
  if (typeof headerLength === 'string' || CACHE_PREFIX_BYTES + headerLength + 4 > bytes.length) return null;
  const layout = parseCacheHeader(bytes.subarray(CACHE_PREFIX_BYTES, CACHE_PREFIX_BYTES + headerLength), sha256);
  if (typeof layout === 'string' || layout.total !== bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(layout.body, true) !== crc32(bytes.subarray(0, layout.body))) return null;
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
  return traceFromCacheColumns(layout, columns);
}
