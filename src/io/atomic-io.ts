// Atomic file writes: write to a new temporary file beside the target, then rename (never half-written).
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { InputError } from '../errors.ts';
import * as msg from '../messages.ts';

/** Attempts at a fresh temporary name before giving up: a collision of 64 random bits means someone planted it. */
const TEMP_ATTEMPTS = 8;

/**
 * Returns a temporary path in the same folder as `target` (same file system, so rename is atomic):
 * `.NAME.PID.RANDOM.tmp`, with 64 random bits (so another user of the folder cannot plant a file or symlink at the
 * name in advance) and the pid (so stale-temp cleaners can tell a live writer's temporaries). Open it only through
 * `openTempFor`, or with the exclusive flag `wx`.
 */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`);
}

/**
 * Creates a new temporary file beside `target` (see `tempPathFor`) with O_CREAT|O_EXCL: it never opens an existing
 * file and never follows a symlink planted at its name (the exclusive open fails on any existing entry, and another
 * random name is tried). Returns its path and an open descriptor for writing. Throws the file system's error.
 */
export function openTempFor(target: string): { path: string; fd: number } {
  for (let attempt = 1; ; attempt++) {
    const path = tempPathFor(target);
    try {
      return { path, fd: openSync(path, 'wx') };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= TEMP_ATTEMPTS) throw err;
    }
  }
}

/** Writes all of `data` at the descriptor's position (writeSync may write less than asked). */
export function writeAllSync(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}

/** File-system refusals that the user can fix (space, quota, permissions, a read-only or missing place). */
const USER_FS_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EISDIR', 'EEXIST', 'ENAMETOOLONG']);

/**
 * Re-throws a file-system error of writing `target` as an InputError naming the output (exit 2) when the user can
 * fix its cause (a full disk, no permission); anything else unchanged.
 */
export function outputError(target: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined && USER_FS_CODES.has(code)) {
    const why = code === 'ENOSPC' || code === 'EDQUOT' ? 'the disk is full' : (err as Error).message;
    return new InputError(msg.outputNotWritable(target, why, code));
  }
  return err as Error;
}

/** Writes `data` to `target` atomically, creating the folder if needed. Throws InputError naming `target` on ENOSPC & co. */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
  writeFileAtomicStreamed(target, (write) => write(data));
}

/** Bytes gathered before a streamed write reaches the file (fewer, larger writes). */
const STREAM_BUFFER_BYTES = 1 << 20;

/**
 * Writes `target` atomically from pieces: `produce` hands each piece to `write`, in order, and the pieces go to a
 * new temporary file (`openTempFor`) as they come, so the whole content is never held in memory; the file is renamed
 * into place when `produce` returns. If `produce` or a write throws, the temporary file is removed and `target` is
 * untouched. Creates the folder if needed. Throws InputError naming `target` on ENOSPC & co., else what was thrown.
 */
export function writeFileAtomicStreamed(target: string, produce: (write: (piece: string | Uint8Array) => void) => void): void {
  let tmp: string | null = null;
  let fd = -1;
  try {
    mkdirSync(dirname(target), { recursive: true });
    ({ path: tmp, fd } = openTempFor(target));
    const open = fd;
    let pending: (string | Uint8Array)[] = [];
    let pendingBytes = 0;
    const flush = (): void => {
      if (pending.length === 0) return;
      const parts = pending.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p));
      pending = [];
      pendingBytes = 0;
      writeAllSync(open, parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    };
    produce((piece) => {
      if (piece.length >= STREAM_BUFFER_BYTES) {
        flush();
        writeAllSync(open, piece);
        return;
      }
      pending.push(piece);
      // A string's length undercounts its UTF-8 bytes by at most 3×; only the flush size depends on it.
      pendingBytes += piece.length;
      if (pendingBytes >= STREAM_BUFFER_BYTES) flush();
    });
    flush();
    closeSync(fd);
    fd = -1;
    renameSync(tmp, target);
  } catch (err) {
    try {
      if (fd >= 0) closeSync(fd);
      if (tmp !== null) rmSync(tmp, { force: true });
    } catch {
      // No temporary file could exist where the folder does not (ENOTDIR): nothing to remove.
    }
    throw outputError(target, err);
  }
}

/**
 * Opens `tmp` (a tempPathFor(target)) for writing a streamed output. Throws InputError naming `target` when its
 * folder does not exist or refuses the file (exit 2), the original error otherwise.
 */
export function openTempFd(target: string, tmp: string): number {
  try {
    // Exclusive: a name from tempPathFor is new, so an entry already there (a planted symlink) is refused.
    return openSync(tmp, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError(msg.outputNotWritable(target, 'its folder does not exist', 'ENOENT'));
    throw outputError(target, err);
  }
}
