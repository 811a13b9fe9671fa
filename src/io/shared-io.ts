// Locates the read-only `shared/` folder (real traces, benchmark inputs) that lies beside the repository.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared folder: `$HSIM_SHARED` when set, else `../shared` beside the repository. */
export function sharedDir(): string {
  return process.env.HSIM_SHARED ?? resolve(repoRoot, '..', 'shared');
}

/** Path of a file in the shared folder, or null when the folder (or file) is absent. */
export function sharedFile(...parts: string[]): string | null {
  const p = join(sharedDir(), ...parts);
  return existsSync(p) ? p : null;
}

/** Whether the shared folder is present (tests that need it skip with a message when it is not). */
export function hasShared(): boolean {
  return existsSync(sharedDir());
}
