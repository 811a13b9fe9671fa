// The implementation of `hsim run`: validate the experiment, run (or resume, or shard, or queue) its cells, merge.
import { InputError } from '../src/errors.ts';
import * as experimentsMsg from '../experiments/messages.ts';
import { parseExperiment } from '../src/config/experiment-file.ts';
import { checkSchema } from '../src/json/json-schema-io.ts';
import type { SimulationOutput } from '../sim/simulate.ts';
import { formatSimulationTable } from './simulation-table.ts';
import { executeRun, parseRunFlags, prepareRun, readJsonFile, readRunCells, writeMergedResults, type PreparedRun, type RunFlags } from '../experiments/experiment-run-io.ts';
import { lockOutFolder } from '../experiments/out-lock-io.ts';
import { stderrRunProgress } from './progress-bar.ts';
import { checkRedis } from '../experiments/redis-target.ts';
import { mergeTraceCells } from '../experiments/merge-cells.ts';
import { withPerturbationFlags } from '../experiments/perturbation-flags.ts';
import { withContentionFlags } from '../src/config/contention-fields.ts';
import { reportCellsSanity } from './cells-sanity.ts';

/** Runs `hsim run <experiment.json>`. Throws InputError (exit 2) for bad input, before writing anything. */
export async function runExperimentCommand(file: string, opts: Record<string, unknown>): Promise<void> {
  const flags = parseRunFlags(opts);
  const raw = readJsonFile(file, 'an experiment file (JSON)');
  const parsed = parseExperiment(raw, file);
  if (!parsed.ok) throw new InputError(experimentsMsg.problemsIn(file, parsed.issues), parsed.issues);
  checkSchema('experiment', raw, file); // after the parser: see checkSchema
  const prepared = await prepareRun(withContentionFlags(withPerturbationFlags(parsed.value, opts), opts), file, flags, 'arms', true);
  await reportCellsSanity(prepared.selected.map((i) => prepared.tasks[i]!));
  if (flags.queue !== null) await checkRedis(flags.queue);
  const say = (line: string): void => {
    if (!flags.quiet) process.stderr.write(`hsim: ${line}\n`);
  };
  // One run per output folder: two would interleave cells and their .sha256 files.
  const unlock = lockOutFolder(prepared.outDir, (line) => process.stderr.write(`hsim: ${line}\n`));
  try {
    await runAndMerge(prepared, flags, say);
  } finally {
    unlock();
  }
}

async function runAndMerge(prepared: PreparedRun, flags: RunFlags, say: (line: string) => void): Promise<void> {
  const summary = await executeRun(prepared, flags, stderrRunProgress(flags.quiet));
  const done = `${summary.ran} cells run, ${summary.resumed} resumed`;
  if (flags.shard !== null) {
    say(`shard ${flags.shard.index}/${flags.shard.count}: ${summary.selected} of ${prepared.cells.length} cells (${done}) in ${prepared.outDir}/cells; join the shards with \`hsim merge DIR… -o OUT\``);
    return;
  }
  const { groups, hashed } = readRunCells(prepared);
  const paths = writeMergedResults(prepared.outDir, groups, prepared.base, hashed);
  say(`${prepared.cells.length} cells (${done}); wrote ${paths.join(', ')}`);
  if (!flags.quiet) {
    for (const cells of groups.values()) {
      const { merged } = mergeTraceCells(cells, prepared.base);
      if (merged !== null) process.stdout.write(formatSimulationTable({ trace: merged.trace, results: merged.results } as unknown as SimulationOutput));
    }
  }
}
