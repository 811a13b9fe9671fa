// Reading and writing trace cache files (format in trace-cache.ts) without building the whole file in memory.
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { tempPathFor } from '../src/io/atomic-io.ts';
import type { Trace } from '../src/trace/trace.ts';
import { traceCacheLayout } from './trace-cache.ts';

export { decodeTraceCache } from './trace-cache.ts';

/**
 * Writes the cache file of `trace` (CSV SHA-256 `sha256`) atomically, straight from its typed arrays:
 * the same bytes as encodeTraceCache, with no second copy of the columns in memory.
 */
export function writeTraceCacheFile(target: string, trace: Trace, sha256: string): void {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = tempPathFor(target);
  const fd = openSync(tmp, 'w');
  try {
    let crc = 0;
    for (const piece of traceCacheLayout(trace, sha256)) {
      writeSync(fd, piece);
      crc = crc32(piece, crc);
    }
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32LE(crc >>> 0, 0);
    writeSync(fd, trailer);
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
