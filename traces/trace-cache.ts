// The binary columnar trace cache format: typed arrays + key/class dictionaries, versioned, with a checksum.
import { crc32 } from 'node:zlib';
import type { Trace } from '../src/trace/trace.ts';

/** File magic (8 bytes) and format version of the cache. A different version is never read. */
export const CACHE_MAGIC = 'HSIMTRC\0';
export const CACHE_VERSION = 1;

interface CacheHeader {
  sha256: string;
  n: number;
  keys: string[];
  classes: string[] | null;
  size: boolean;
}

const align8 = (x: number): number => (x + 7) & ~7;

/**
 * The byte pieces of a cache file for `trace` (whose CSV has SHA-256 `sha256`), in order, without the trailer:
 * magic, u32 version, u32 header length, JSON header (sha256, n, dictionaries), then 8-aligned arrival f64,
 * duration f64, keyId i32, [classId i32], [size f64]. Little-endian. The columns are views, not copies.
 */
export function traceCacheLayout(trace: Trace, sha256: string): Uint8Array[] {
  const header: CacheHeader = { sha256, n: trace.n, keys: [...trace.keys], classes: trace.classes ? [...trace.classes] : null, size: trace.size !== null };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const n = trace.n;
  const head = new Uint8Array(align8(16 + headerBytes.length));
  const view = new DataView(head.buffer);
  head.set(new TextEncoder().encode(CACHE_MAGIC), 0);
  view.setUint32(8, CACHE_VERSION, true);
  view.setUint32(12, headerBytes.length, true);
  head.set(headerBytes, 16);
  const pieces: Uint8Array[] = [head];
  const add = (data: Float64Array | Int32Array): void => {
    pieces.push(new Uint8Array(data.buffer, data.byteOffset, n * data.BYTES_PER_ELEMENT));
    const pad = align8(n * data.BYTES_PER_ELEMENT) - n * data.BYTES_PER_ELEMENT;
    if (pad > 0) pieces.push(new Uint8Array(pad));
  };
  add(trace.arrival);
  add(trace.duration);
  add(trace.keyId);
  if (trace.classId) add(trace.classId);
  if (trace.size) add(trace.size);
  return pieces;
}

/** The whole cache file of `trace` as one byte array: the layout pieces and a trailing u32 CRC-32 of them. */
export function encodeTraceCache(trace: Trace, sha256: string): Uint8Array {
  const pieces = traceCacheLayout(trace, sha256);
  const body = pieces.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(body + 4);
  let offset = 0;
  for (const p of pieces) {
    out.set(p, offset);
    offset += p.length;
  }
  new DataView(out.buffer).setUint32(body, crc32(out.subarray(0, body)), true);
  return out;
}

/**
 * Decodes a cache file, or returns null when it is not a valid cache of the trace with SHA-256 `sha256`
 * (wrong magic or version, bad checksum, other trace, inconsistent sizes). The arrays view `bytes` when aligned.
 */
export function decodeTraceCache(bytes: Uint8Array, sha256: string): Trace | null {
  if (bytes.length < 20) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== CACHE_MAGIC) return null;
  if (view.getUint32(8, true) !== CACHE_VERSION) return null;
  const body = bytes.length - 4;
  if (view.getUint32(body, true) !== crc32(bytes.subarray(0, body))) return null;
  const headerLength = view.getUint32(12, true);
  if (16 + headerLength > body) return null;
  let header: CacheHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as CacheHeader;
  } catch {
    return null;
  }
  if (header.sha256 !== sha256 || !Number.isSafeInteger(header.n) || header.n < 0 || !Array.isArray(header.keys)) return null;
  const n = header.n;
  let offset = align8(16 + headerLength);
  const take = <T extends Float64Array | Int32Array>(kind: 'f64' | 'i32'): T | null => {
    const width = kind === 'f64' ? 8 : 4;
    if (offset + n * width > body) return null;
    const at = bytes.byteOffset + offset;
    let out: T;
    if (at % width === 0) {
      out = (kind === 'f64' ? new Float64Array(bytes.buffer, at, n) : new Int32Array(bytes.buffer, at, n)) as T;
    } else {
      const copy = bytes.slice(offset, offset + n * width);
      out = (kind === 'f64' ? new Float64Array(copy.buffer, 0, n) : new Int32Array(copy.buffer, 0, n)) as T;
    }
    offset = align8(offset + n * width);
    return out;
  };
  const arrival = take<Float64Array>('f64');
  const duration = take<Float64Array>('f64');
  const keyId = take<Int32Array>('i32');
  const classId = header.classes ? take<Int32Array>('i32') : null;
  const size = header.size ? take<Float64Array>('f64') : null;
  if (!arrival || !duration || !keyId || (header.classes && !classId) || (header.size && !size) || offset !== body) return null;
  return { n, arrival, duration, keyId, keys: header.keys, classId, classes: header.classes, size };
}
