// Reads the first line of a trace file (plain or gzip) to tell whether a failed `simulate` was given a raw public trace.
import { closeSync, openSync, readSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { rawTraceHint } from '../traces/raw-trace-hint.ts';

/**
 * The convert hint for the trace at `path` (see rawTraceHint), or null when it is not a raw trace or cannot be read.
 * Reads at most the first 64 KiB.
 */
export function rawTraceHintForFile(path: string): string | null {
  try {
    const fd = openSync(path, 'r');
    const buf = Buffer.alloc(65536);
    const n = readSync(fd, buf, 0, buf.length, 0);
    closeSync(fd);
    let head = buf.subarray(0, n);
    // A truncated gzip member still yields its first bytes with finishFlush.
    if (head[0] === 0x1f && head[1] === 0x8b) head = gunzipSync(head, { finishFlush: 2 });
    const text = head.toString('utf8');
    return rawTraceHint(path, text.slice(0, text.search(/\r?\n|$/)));
  } catch {
    return null;
  }
}
