// Atomic file writes: write to a temporary file beside the target, then rename (never half-written).
import { mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { InputError } from '../errors.ts';
import * as msg from '../messages.ts';

let counter = 0;

/** Returns a temporary path in the same folder as `target` (same file system, so rename is atomic). */
export function tempPathFor(target: string): string {
  counter += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}.${counter}.tmp`);
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
  const tmp = tempPathFor(target);
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(tmp, data);
    renameSync(tmp, target);
  } catch (err) {
    try {
      rmSync(tmp, { force: true });
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
    return openSync(tmp, 'w');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError(msg.outputNotWritable(target, 'its folder does not exist', 'ENOENT'));
    throw outputError(target, err);
  }
}
