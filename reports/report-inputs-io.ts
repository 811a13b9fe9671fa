// Reading what a report needs from disk: result files and sweep outputs in a folder, and gate files with their locks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readGateFile, verifiedGateLock } from '../analysis/gate-io.ts';
import { InputError } from '../src/errors.ts';
import { NotRegularFileError, readRegularFileSync } from '../src/io/regular-file-io.ts';
import * as msg from './messages.ts';
import * as analysisMsg from '../analysis/messages.ts';
import { looksLikeResultFile, parseResultExtras, parseResultFile } from '../src/result/result-reader.ts';
import type { ReportGate } from './gate-fit.ts';
import { looksLikeSweepFile, parseSweepFile, type SweepFile } from '../src/config/sweep-output.ts';
import type { ReportSource } from './trace-results.ts';

/** What a results folder holds: result files, sweep outputs, and issues with files that were skipped. */
export interface FolderContents {
  readonly sources: ReportSource[];
  readonly sweeps: SweepFile[];
  readonly issues: string[];
}

/**
 * Reads every *.json file in `dir` (sorted by name, not recursive): result files (SPEC §10) and sweep outputs;
 * other JSON (gates, locks, configs) is skipped silently, unreadable or invalid files, and entries that are not
 * regular files (a named pipe would block the read forever), are skipped and named in `issues`. Throws InputError when `dir` is not a readable folder.
 */
export function readResultsFolder(dir: string): FolderContents {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new InputError(msg.resultsFolderMissing(dir));
  }
  const contents: FolderContents = { sources: [], sweeps: [], issues: [] };
  for (const name of names) readJsonInput(join(dir, name), contents, false);
  return contents;
}

/** Reads one result file into `contents` (as a folder's files are read); problems go to `contents.issues`. */
export function readResultFileInto(path: string, contents: FolderContents): void {
  readJsonInput(path, contents, false);
}

/** Reads one sweep output named with --sweep into `contents`; problems go to `contents.issues`. */
export function readSweepInto(path: string, contents: FolderContents): void {
  readJsonInput(path, contents, true);
}

function readJsonInput(file: string, contents: FolderContents, sweepExpected: boolean): void {
  let json: unknown;
  try {
    // A sweep named with --sweep may be a pipe (`--sweep <(…)`); a folder's entries must be regular files.
    json = JSON.parse((sweepExpected ? readFileSync(file) : readRegularFileSync(file)).toString('utf8'));
  } catch (err) {
    if (err instanceof NotRegularFileError) contents.issues.push(analysisMsg.notRegularFile(file, err.kind, sweepExpected ? 'a sweep output (sweep.json)' : 'a result file (docs/result-file.md)'));
    else contents.issues.push(msg.reportInputNotJson(file, (err as Error).message, sweepExpected));
    return;
  }
  if (looksLikeSweepFile(json) || sweepExpected) {
    const parsed = parseSweepFile(json, file);
    if (parsed.ok) contents.sweeps.push(parsed.value);
    else contents.issues.push(msg.reportSweepInvalid(file, parsed.issues));
    return;
  }
  if (!looksLikeResultFile(json)) return;
  const parsed = parseResultFile(json, file);
  if (!parsed.ok) {
    contents.issues.push(msg.reportResultInvalid(file, parsed.issues));
    return;
  }
  const extras = parseResultExtras(json as Record<string, unknown>, file);
  contents.issues.push(...extras.issues);
  contents.sources.push({ sourced: { file, result: parsed.value }, extras: extras.value });
}

/** The gate files of a folder: *.json except locks, sorted; empty when the folder does not exist. */
export function listGateFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.lock.json')).sort().map((f) => join(dir, f));
}

/**
 * Reads a gate file and its lock: pre-registered when a lock of the same bytes exists, not pre-registered when
 * there is none. Returns `{ problem }` for an invalid gate, or for everything `hsim gate check` refuses about the
 * lock (verifiedGateLock: unreadable, gate or experiment config changed after freezing): never evaluated.
 */
export function readReportGate(path: string, explicit: boolean): ReportGate | { problem: string } {
  let loaded;
  try {
    loaded = readGateFile(path);
  } catch (err) {
    if (err instanceof InputError) return { problem: err.message };
    throw err;
  }
  let verified;
  try {
    verified = verifiedGateLock(loaded);
  } catch (err) {
    if (err instanceof InputError) return { problem: `${err.message}; not evaluated` };
    throw err;
  }
  const registration = verified === null ? 'not pre-registered' : 'pre-registered';
  return { path, sha256: loaded.sha256, gate: loaded.gate, registration, lockSha256: verified?.sha256 ?? null, explicit };
}
