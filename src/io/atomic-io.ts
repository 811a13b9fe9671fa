// Atomic file writes: write to a temporary file beside the target, then rename (never half-written).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

let counter = 0;

/** Returns a temporary path in the same folder as `target` (same file system, so rename is atomic). */
export function tempPathFor(target: string): string {
  counter += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}.${counter}.tmp`);
}

/** Writes `data` to `target` atomically, creating the folder if needed. */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = tempPathFor(target);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
