// The implementation of `hsim compare`: read both result files, pair them, print the table or JSON.
import { readFileSync } from 'node:fs';
import { CheckFailedError, InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as simMsg from '../sim/messages.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { compareResults, formatCompareTables, type CompareSet } from '../replay/compare.ts';
import { readResultJson } from '../src/result/result-file-io.ts';

/**
 * Runs `hsim compare <simulation…> <replay>`: the last file is the replay, every other one a simulation of it (one
 * table either way; several simulations side by side, e.g. without and with --cores). JSON: the rows for one
 * simulation, else `[{ simulation, rows }]`. Throws CheckFailedError for an invalid replay, InputError for anything
 * else wrong.
 */
export function runCompareCommand(files: readonly string[], opts: Record<string, unknown>): void {
  if (files.length < 2) throw new InputError(`compare: ${files.length} file${files.length === 1 ? '' : 's'} given; expected one or more simulation result files, then the replay result file`);
  const replayPath = files[files.length - 1]!;
  const replay = readResultJson(replayPath);
  const issues: string[] = [];
  const sets: (CompareSet & { file: string })[] = [];
  for (const simPath of files.slice(0, -1)) {
    const sim = readResultJson(simPath);
    const rows = compareResults(sim, replay, simPath, replayPath, issues);
    const invalid = issues.find((i) => i.includes('replay.valid'));
    if (invalid !== undefined) throw new CheckFailedError(invalid);
    sets.push({ file: simPath, name: `${simPath}${contentionText(sim)}`, rows });
  }
  if (issues.length > 0) throw new InputError(simMsg.commandProblems('compare', issues.length), issues);
  if (opts.json) process.stdout.write(stableStringify(sets.length === 1 ? sets[0]!.rows : sets.map((s) => ({ simulation: s.file, rows: s.rows }))));
  else process.stdout.write(formatCompareTables(sets));
}

/** ` (cores 2, overhead 1 ms)` from a result file's options, or ` (a core per worker)` without them. */
function contentionText(file: unknown): string {
  const o = (file as { options?: { cores?: unknown; overhead_ms?: unknown } }).options ?? {};
  const parts = [
    typeof o.cores === 'number' ? `cores ${o.cores}` : 'a core per worker',
    ...(typeof o.overhead_ms === 'number' ? [`overhead ${o.overhead_ms} ms`] : []),
  ];
  return ` (${parts.join(', ')})`;
}

/** Reads a result file as JSON (for compare); InputError naming the file when unreadable. */
export function readResultFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new InputError(msg.notAResultFile(path, (err as Error).message));
  }
}
