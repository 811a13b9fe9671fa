// `hsim simulate`: run arms × loads over a trace through the discrete-event engine (SPEC §5, §10).
import type { Command } from 'commander';
import { InputError } from '../../src/errors.ts';
import {
  armsOption, coresOption, fractionOption, jitterOption, latencyCdfOption, levelsOption, loadsOption, noCacheOption, overheadOption,
  predictorSnapshotOption, resultJsonOption, seedOption, setOption, splitOption, staticMapOption, tiesOption, windowByOption,
  windowsOption, workersOption,
} from './shared-options.ts';

/** Registers `hsim simulate`. */
export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate a trace under one or more arms and loads; writes a result file (docs/result-file.md)')
    .argument('<trace>', 'common-format trace (.csv or .csv.gz)')
    .addOption(armsOption())
    .addOption(loadsOption())
    .addOption(workersOption())
    .addOption(coresOption())
    .addOption(overheadOption())
    .addOption(levelsOption())
    .addOption(splitOption())
    .addOption(fractionOption())
    .addOption(windowsOption())
    .addOption(windowByOption())
    .addOption(staticMapOption())
    .addOption(setOption())
    .addOption(predictorSnapshotOption())
    .addOption(seedOption())
    .addOption(tiesOption())
    .addOption(jitterOption())
    .addOption(latencyCdfOption())
    .option('-o, --output <file>', 'write the result JSON here (atomically)')
    .addOption(resultJsonOption())
    .addOption(noCacheOption())
    .option('--quiet', 'no progress on stderr')
    .option('--messages <file>', 'write one row per evaluated message, per arm and load: CSV (.csv; .csv.gz: gzip), Parquet (.parquet) or Arrow IPC (.arrow), by the name')
    .option('--by-key', 'add per-key count, mean wait and mean latency to each arm result')
    .option('--series <n>', 'add n samples of the queues (waiting per level, busy workers, promoted share) to each arm result')
    .option('--by-key-out <file>', 'also write the per-key figures as one table (load, arm, key, count, mean_wait_ms, mean_latency_ms): .parquet, .arrow or .csv; implies --by-key')
    .option('--series-out <file>', 'also write the --series samples as one long table (load, arm, sample, at_ms, level, waiting, promoted_share, busy): .parquet, .arrow or .csv')
    .addHelpText('after', `
Example:
  hsim simulate trace.csv.gz --arm fifo --arm predictive+weights+pausing --load 0.5,0.8 -o results.json`)
    .action(async (trace: string, opts: Record<string, unknown>) => {
      const { runSimulateCommand } = await import('../simulate-run.ts');
      try {
        await runSimulateCommand(trace, opts);
      } catch (err) {
        // A raw public trace fails the header check: say which `hsim convert` makes it a trace.
        const { rawTraceHintForFile } = await import('../raw-trace-check.ts');
        const hint = err instanceof InputError ? rawTraceHintForFile(trace) : null;
        throw hint === null ? err : new InputError(`${err instanceof Error ? err.message : String(err)}\n${hint}`);
      }
    });
}
