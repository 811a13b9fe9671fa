// Merging several result files into one set of loads and arms (each load+arm from exactly one file).
import * as msg from './messages.ts';
import type { SourcedResult } from '../src/result/result-file-io.ts';
import type { ArmResultRead } from '../src/result/result-reader.ts';

export type { SourcedResult } from '../src/result/result-file-io.ts';

/** An arm's results and the file they came from. */
export interface SourcedArm {
  readonly file: string;
  readonly arm: ArmResultRead;
}

/** Loads → arms → results, merged across files; `files` lists every source. */
export interface ResultSet {
  readonly files: readonly string[];
  readonly traceSha256: string | null;
  readonly loads: ReadonlyMap<string, ReadonlyMap<string, SourcedArm>>;
}

/**
 * Merges result files. Returns issues (never throws) for: an invalid replay run, the same load+arm in two files
 * (naming both), and files of different traces (naming both SHA-256 values).
 */
export function mergeResults(sources: readonly SourcedResult[]): { set: ResultSet; issues: readonly string[] } {
  const issues: string[] = [];
  const loads = new Map<string, Map<string, SourcedArm>>();
  let trace: { sha: string; file: string } | null = null;
  for (const { file, result } of sources) {
    if (result.replayValid === false) {
      issues.push(msg.replayNotAResult(file));
      continue;
    }
    if (result.traceSha256 !== null) {
      if (trace === null) trace = { sha: result.traceSha256, file };
      else if (trace.sha !== result.traceSha256) {
        issues.push(msg.resultsOfTwoTraces(file, result.traceSha256, trace.sha, trace.file));
      }
    }
    for (const [load, loadResult] of Object.entries(result.results)) {
      let arms = loads.get(load);
      if (arms === undefined) {
        arms = new Map();
        loads.set(load, arms);
      }
      for (const [arm, armResult] of Object.entries(loadResult.arms)) {
        const prior = arms.get(arm);
        if (prior !== undefined) {
          issues.push(msg.loadArmTwice(load, arm, prior.file, file));
          continue;
        }
        arms.set(arm, { file, arm: armResult });
      }
    }
  }
  return { set: { files: sources.map((s) => s.file), traceSha256: trace?.sha ?? null, loads }, issues };
}
