// Result integrity: a `<file>.sha256` beside every result and cell file hsim writes, so a hand edit is detected.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { outputError, writeFileAtomic, writeFileAtomicStreamed } from './atomic-io.ts';

/** The sidecar holding the SHA-256 of result file `path` (the line `sha256sum` writes, so `sha256sum -c` checks it). */
export function hashSidecarPath(path: string): string {
  return `${path}.sha256`;
}

const hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * Writes a result (or cell) file atomically, then its `.sha256` sidecar atomically; with `hashed: false` (content that
 * hsim cannot vouch for, such as a merge of cells that carry no hash) only the file, and no sidecar. A sidecar of
 * earlier bytes is removed first, so a kill between the two renames leaves a file without a hash (unverified), never
 * a file with a stale hash (which would read as edited). Throws InputError naming the output on a full disk & co.
 */
export function writeHashedResult(path: string, data: string | Uint8Array, hashed = true): void {
  writeHashedResultStreamed(path, (write) => write(data), hashed);
}

/**
 * `writeHashedResult` for content produced in pieces (`produce` hands each to `write`, in order): the pieces go to
 * the temporary file and the hash as they come, so a result of any size is written in bounded memory.
 */
export function writeHashedResultStreamed(path: string, produce: (write: (piece: string | Uint8Array) => void) => void, hashed = true): void {
  const sidecar = hashSidecarPath(path);
  try {
    rmSync(sidecar, { force: true });
  } catch (err) {
    throw outputError(sidecar, err);
  }
  const hash = createHash('sha256');
  writeFileAtomicStreamed(path, (write) => produce((piece) => {
    hash.update(piece);
    write(piece);
  }));
  if (hashed) writeFileAtomic(sidecar, `${hash.digest('hex')}  ${basename(path)}\n`);
}

/** What the sidecar says about a result file's bytes. */
export type ResultIntegrity =
  | { readonly state: 'intact' }
  | { readonly state: 'edited'; readonly recorded: string; readonly found: string }
  | { readonly state: 'unhashed' };

/**
 * Compares result file `path` with its `.sha256` sidecar: `intact` when the recorded hash is the file's, `edited`
 * when it is not (or the sidecar is not one hsim writes), `unhashed` when there is no sidecar. Reads both files;
 * throws only when `path` itself cannot be read.
 */
export function resultIntegrity(path: string): ResultIntegrity {
  const sidecar = hashSidecarPath(path);
  if (!existsSync(sidecar)) return { state: 'unhashed' };
  const found = hex(readFileSync(path));
  const m = /^([0-9a-f]{64}) {2}/.exec(readFileSync(sidecar, 'utf8'));
  const recorded = m === null ? 'an unreadable hash line' : m[1]!;
  return recorded === found ? { state: 'intact' } : { state: 'edited', recorded, found };
}

/**
 * The integrity problem of result file `path` in words (`results edited (hash mismatch): …` or `unverified (no
 * hash): …`, naming the file), or null when it is intact.
 */
export function integrityProblem(path: string): string | null {
  const i = resultIntegrity(path);
  if (i.state === 'intact') return null;
  if (i.state === 'unhashed') return `unverified (no hash): ${path} has no ${basename(hashSidecarPath(path))} beside it, so nothing shows its bytes are the ones hsim wrote`;
  return `results edited (hash mismatch): ${path} has sha256 ${i.found}, but ${basename(hashSidecarPath(path))} records ${i.recorded} as written by hsim`;
}
