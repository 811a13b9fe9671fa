// Result files on disk: writing one atomically, reading one or every result file in a directory.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { atLocation, InputError } from '../errors.ts';
import { writeHashedResultStreamed } from '../io/result-integrity-io.ts';
import { readRegularFileSync } from '../io/regular-file-io.ts';
import { stableStringify } from '../json/stable-json.ts';
import { writeStableJson } from '../json/stable-json-writer.ts';
import type { ResultFile } from './result-file.ts';
import { looksLikeResultFile, parseResultFile, type ResultFileRead } from './result-reader.ts';

/** The bytes of a result file: stable JSON (sorted keys, LF). */
export function resultFileText(file: ResultFile): string {
  return stableStringify(file);
}

/**
 * Writes a result file to `path` atomically (temp file + rename) with its `.sha256` sidecar: the bytes of
 * `resultFileText`, streamed, so a result larger than the longest string V8 can hold (`simulate --by-key` on
 * millions of keys) is written all the same, in bounded memory beyond the result itself.
 */
export function writeResultFile(path: string, file: ResultFile): void {
  writeHashedResultStreamed(path, (write) => writeStableJson(file, write));
}

/**
 * Reads `path` as JSON for a command that takes a result file (`hsim compare`). Throws InputError when it cannot
 * be read or parsed.
 */
export function readResultJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new InputError(`${path}: ${(err as Error).message}; expected a result file written by hsim simulate or hsim replay`);
  }
}

/** A parsed result file and where it came from. */
export interface SourcedResult {
  readonly file: string;
  readonly result: ResultFileRead;
}

/**
 * Reads `path` (a result file, or a directory whose *.json result files are all read, sorted by name; other JSON
 * such as gate or lock files is skipped). Throws InputError listing every problem (unreadable, not JSON, invalid).
 */
export function readResultSources(path: string): SourcedResult[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new InputError(atLocation(path, undefined, 'not found', 'a result file or a directory of result files'));
  }
  const issues: string[] = [];
  const sources: SourcedResult[] = [];
  const files = isDir ? readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f)) : [path];
  for (const file of files) {
    let json: unknown;
    try {
      // Only regular files: a named pipe among the results would block the read forever (in a folder: skipped).
      json = JSON.parse((isDir ? readRegularFileSync(file) : readFileSync(file)).toString('utf8'));
    } catch (err) {
      if (isDir) continue;
      issues.push(atLocation(file, undefined, `not readable as JSON (${(err as Error).message})`, 'a result file (docs/result-file.md)'));
      continue;
    }
    if (isDir && !looksLikeResultFile(json)) continue;
    const parsed = parseResultFile(json, file);
    if (parsed.ok) sources.push({ file, result: parsed.value });
    else issues.push(...parsed.issues);
  }
  if (issues.length === 0 && sources.length === 0) {
    issues.push(atLocation(path, undefined, 'no result files found', 'at least one *.json result file (docs/result-file.md)'));
  }
  if (issues.length > 0) throw new InputError(issues.length === 1 ? issues[0]! : `${issues.length} problems in the results:`, issues);
  return sources;
}
