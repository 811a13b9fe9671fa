// The warm-start cache file: a predictor snapshot behind the identity of the warm start it holds, with a payload hash.
import { PayloadHash } from './payload-hash.ts';
import { CACHE_TRAILER_BYTES, digestBytes, digestHex } from './trace-cache.ts';
import * as msg from './messages.ts';

/** File magic (8 bytes) and format version. A different version is never read. */
export const WARM_MAGIC = 'HSIMWARM';
export const WARM_VERSION = 1;
const PREFIX = 24;
const magicBytes = new TextEncoder().encode(WARM_MAGIC);
const align4 = (x: number): number => Math.ceil(x / 4) * 4;

/*
 * Layout (little-endian):
 *   0  magic "HSIMWARM" (8 bytes)
 *   8  u32 version
 *  12  u32 identity length J (UTF-8 JSON: what the warm start is a function of; see warm-cache-io.ts)
 *  16  u32 snapshot length S (src/predictor/snapshot.ts, with its own CRC-32 and consistency checks)
 *  20  u32 0
 *  24  identity, zero-padded to a multiple of 4; then the snapshot, zero-padded to a multiple of 4
 *  end 16 bytes: PayloadHash of every byte before them
 */

/** The warm-start cache file holding `snapshot` for the warm start named by `identity`. */
export function encodeWarmCache(identity: string, snapshot: Uint8Array): Uint8Array {
  const id = new TextEncoder().encode(identity);
  const body = PREFIX + align4(id.length) + align4(snapshot.length);
  const out = new Uint8Array(body + CACHE_TRAILER_BYTES);
  const view = new DataView(out.buffer);
  out.set(magicBytes, 0);
  view.setUint32(8, WARM_VERSION, true);
  view.setUint32(12, id.length, true);
  view.setUint32(16, snapshot.length, true);
  out.set(id, PREFIX);
  out.set(snapshot, PREFIX + align4(id.length));
  const hash = new PayloadHash();
  hash.update(out.subarray(0, body));
  out.set(digestBytes(hash.digest()), body);
  return out;
}

/**
 * The snapshot bytes of a warm-start cache file, if it is a complete, intact file of this version for exactly the
 * warm start `identity`; else the reason it is not (the snapshot itself is checked when it is decoded).
 */
export function decodeWarmCache(bytes: Uint8Array, identity: string): Uint8Array | string {
  if (bytes.length < PREFIX + CACHE_TRAILER_BYTES) return `shorter (${bytes.length} bytes) than a warm-start cache file`;
  for (let i = 0; i < magicBytes.length; i++) if (bytes[i] !== magicBytes[i]) return 'not a warm-start cache file (bad magic bytes)';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== WARM_VERSION) return `warm-start cache format version ${version}, this hsim reads version ${WARM_VERSION}`;
  const idLength = view.getUint32(12, true);
  const snapLength = view.getUint32(16, true);
  const body = PREFIX + align4(idLength) + align4(snapLength);
  if (body + CACHE_TRAILER_BYTES !== bytes.length) return `${bytes.length} bytes where its prefix implies ${body + CACHE_TRAILER_BYTES} (half-written or truncated)`;
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const hash = new PayloadHash();
  hash.update(aligned.subarray(0, body));
  const computed = hash.digest();
  const stored = digestHex(aligned.subarray(body));
  if (computed !== stored) return msg.cachePayloadHashMismatch(stored, computed);
  if (new TextDecoder().decode(aligned.subarray(PREFIX, PREFIX + idLength)) !== identity) return 'made for another warm start (trace, split, load, parameters, keys or code)';
  const at = PREFIX + align4(idLength);
  return aligned.subarray(at, at + snapLength);
}
