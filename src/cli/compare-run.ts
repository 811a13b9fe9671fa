// The implementation of `hsim compare`: read both result files, pair them, print the table or JSON.
import { readFileSync } from 'node:fs';
import { CheckFailedError, InputError } from '../errors.ts';
import * as msg from '../messages.ts';
import { stableStringify } from '../json/stable-json.ts';
import { compareResults, formatCompareTable } from '../replay/compare.ts';
import { readResultJson } from '../result/result-file-io.ts';

/** Runs `hsim compare`. Throws CheckFailedError for an invalid replay, InputError for anything else wrong. */
export function runCompareCommand(simPath: string, replayPath: string, opts: Record<string, unknown>): void {
  const sim = readResultJson(simPath);
  const replay = readResultJson(replayPath);
  const issues: string[] = [];
  const rows = compareResults(sim, replay, simPath, replayPath, issues);
  const invalid = issues.find((i) => i.includes('replay.valid'));
  if (invalid !== undefined) throw new CheckFailedError(invalid);
  if (issues.length > 0) throw new InputError(msg.commandProblems('compare', issues.length), issues);
  process.stdout.write(opts.json ? stableStringify(rows) : formatCompareTable(rows));
}

/** Reads a result file as JSON (for compare); InputError naming the file when unreadable. */
export function readResultFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new InputError(msg.notAResultFile(path, (err as Error).message));
  }
}
