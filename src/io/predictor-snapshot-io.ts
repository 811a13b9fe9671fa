// Reading and writing predictor snapshot files: atomic writes keeping `<file>.prev`, refusing bad files.
import { existsSync, readFileSync } from 'node:fs';
import { InputError } from '../errors.ts';
import * as msg from '../messages.ts';
import { decodePredictorSnapshot, encodePredictorSnapshot } from '../predictor/snapshot.ts';
import type { DecodeSnapshotOptions } from '../predictor/snapshot.ts';
import type { Predictor } from '../predictor/predictor.ts';
import { writeFileAtomic } from './atomic-io.ts';

/** Path of the previous snapshot kept beside `file`. */
export function previousSnapshotPath(file: string): string {
  return `${file}.prev`;
}

/**
 * Writes the predictor's snapshot to `file` atomically. An existing `file` is first copied (atomically)
 * to `<file>.prev`, so `file` is always a complete snapshot and the previous one survives. Throws the
 * file-system error when writing fails (the old files are then untouched or complete).
 */
export function writePredictorSnapshot(file: string, predictor: Predictor): void {
  const bytes = encodePredictorSnapshot(predictor);
  if (existsSync(file)) writeFileAtomic(previousSnapshotPath(file), readFileSync(file));
  writeFileAtomic(file, bytes);
}

/**
 * Reads `file` into a new Predictor (see `decodePredictorSnapshot` for `options`). Throws InputError
 * naming the file when it is missing or unreadable, and when it is corrupt, truncated, of another
 * version or of a mismatched layout; nothing is half-loaded.
 */
export function readPredictorSnapshot(file: string, options: DecodeSnapshotOptions = {}): Predictor {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(msg.snapshotUnreadable(file, code ?? String(err)));
  }
  return decodePredictorSnapshot(bytes, file, options);
}
