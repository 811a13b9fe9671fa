// The implementation of `hsim merge`: join the cell folders of shards into one output with merged results.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, atLocation } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { CellFile } from '../experiments/cell-file.ts';
import { sameCellResult } from '../experiments/merge-cells.ts';
import { integrityProblem, resultIntegrity, writeHashedResult } from '../src/io/result-integrity-io.ts';
import { cellPath, readCellFile, writeMergedResults } from '../experiments/experiment-run-io.ts';

/**
 * Runs `hsim merge DIR… -o OUT`: reads `<DIR>/cells/*.json` of every folder, refuses cells of different
 * experiments and conflicting duplicates (same cell, different result apart from `sim_seconds`), refuses an
 * incomplete set unless `partial`, then writes OUT/cells/ and the merged results. Nothing is written on refusal.
 */
export function runMergeCommand(dirs: readonly string[], opts: Record<string, unknown>): void {
  const out = String(opts['output']);
  const issues: string[] = [];
  const byId = new Map<string, { file: string; cell: CellFile }>();
  // A cell edited by hand is refused; a cell without a hash (an older hsim) makes what is merged unverified.
  let hashed = true;
  for (const dir of dirs) {
    const cellsDir = join(dir, 'cells');
    if (!existsSync(cellsDir)) {
      issues.push(atLocation(cellsDir, undefined, 'not found', 'the cells folder of an `hsim run` output (or shard)'));
      continue;
    }
    for (const name of readdirSync(cellsDir).filter((f) => f.endsWith('.json') && !f.startsWith('.')).sort()) {
      const file = join(cellsDir, name);
      const cell = readCellFile(file);
      if (cell === null) {
        issues.push(atLocation(file, undefined, 'not a readable cell file', 'a cell file written by hsim run'));
        continue;
      }
      const integrity = resultIntegrity(file);
      if (integrity.state === 'edited') issues.push(integrityProblem(file)!);
      hashed &&= integrity.state === 'intact';
      const prior = byId.get(cell.cell.id);
      if (prior === undefined) byId.set(cell.cell.id, { file, cell });
      else if (!sameCellResult(prior.cell, cell)) issues.push(`${file}: cell ${cell.cell.id} conflicts with ${prior.file} (different result or inputs); expected duplicates across shards to be identical`);
    }
  }
  const cells = [...byId.values()].sort((a, b) => a.cell.cell.index - b.cell.cell.index);
  const first = cells[0]?.cell;
  if (first === undefined && issues.length === 0) issues.push(`${dirs.join(', ')}: no cell files found; expected the outputs of hsim run (--shard)`);
  if (first !== undefined) {
    for (const { file, cell } of cells) {
      if (cell.cell.experiment_commit !== first.cell.experiment_commit) {
        issues.push(`${file}: cell run at commit ${cell.cell.experiment_commit ?? '(none recorded)'} of the experiment's repository; expected ${first.cell.experiment_commit ?? '(none recorded)'} like the other cells (the merged results record one commit)`);
      }
      if (cell.cell.experiment_hash !== first.cell.experiment_hash) {
        issues.push(`${file}: cell of experiment ${cell.cell.experiment} (hash ${cell.cell.experiment_hash.slice(0, 12)}…); expected ${first.cell.experiment} (hash ${first.cell.experiment_hash.slice(0, 12)}…) like the other cells`);
      }
    }
    const total = first.cell.cells_total;
    if (cells.length !== total && opts['partial'] !== true) {
      const have = new Set(cells.map((c) => c.cell.cell.index));
      const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !have.has(i));
      issues.push(`${dirs.join(', ')}: ${cells.length} of ${total} cells of experiment ${first.cell.experiment}; missing cell positions ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''} (run the missing shards, or pass --partial)`);
    }
  }
  if (issues.length > 0) throw new InputError(msg.problemsMerging(issues), issues);
  const groups = new Map<string, CellFile[]>();
  for (const { cell } of cells) {
    const list = groups.get(cell.cell.trace_name) ?? [];
    list.push(cell);
    groups.set(cell.cell.trace_name, list);
  }
  const fromRepo = first!.cell.experiment_commit === undefined ? {} : { experiment_commit: first!.cell.experiment_commit };
  const base = { experiment: first!.cell.experiment, experiment_hash: first!.cell.experiment_hash, ...first!.cell.base, ...fromRepo };
  mkdirSync(join(out, 'cells'), { recursive: true });
  for (const { file, cell } of cells) {
    const target = cellPath(out, cell.cell.id);
    if (target !== file) writeHashedResult(target, readFileSync(file), resultIntegrity(file).state === 'intact');
  }
  const paths = writeMergedResults(out, groups, base, hashed);
  if (opts['quiet'] !== true) process.stderr.write(`hsim: merged ${cells.length} cells from ${dirs.length} folders; wrote ${paths.join(', ')}\n`);
}
