// Reading result files from disk: one file, or every result file in a directory.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { atLocation, InputError } from '../src/errors.ts';
import { looksLikeResultFile, parseResultFile } from './result-file.ts';
import type { SourcedResult } from './result-set.ts';

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
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      if (isDir) continue;
      issues.push(atLocation(file, undefined, `not readable as JSON (${(err as Error).message})`, 'a result file (SPEC §10)'));
      continue;
    }
    if (isDir && !looksLikeResultFile(json)) continue;
    const parsed = parseResultFile(json, file);
    if (parsed.ok) sources.push({ file, result: parsed.value });
    else issues.push(...parsed.issues);
  }
  if (issues.length === 0 && sources.length === 0) {
    issues.push(atLocation(path, undefined, 'no result files found', 'at least one *.json result file (SPEC §10)'));
  }
  if (issues.length > 0) throw new InputError(issues.length === 1 ? issues[0]! : `${issues.length} problems in the results:`, issues);
  return sources;
}
