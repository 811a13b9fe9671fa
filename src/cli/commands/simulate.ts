// `hsim simulate`: run arms × loads over a trace through the discrete-event engine (SPEC §5, §10).
import type { Command } from 'commander';
import { InputError } from '../../errors.ts';

/** Registers `hsim simulate`. */
export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate a trace under one or more arms and loads; writes a result file (docs/result-file.md)')
    .argument('<trace>', 'common-format trace (.csv or .csv.gz)')
    .option('--arm <arm>', 'arm routing[+flag…], repeatable (e.g. fifo, oracle+weights+pausing)', collect, [])
    .option('--load <loads>', 'target loads, comma-separated, or as-is', '0.5,0.8,0.95')
    .option('--workers <n>', 'virtual workers', '64')
    .option('--cores <n>', 'handlers compute: the running ones share N cores (processor sharing); default a core each')
    .option('--overhead <ms>', 'a fixed broker cost per message before its handler starts (the worker is busy; CPU that shares the --cores)')
    .option('--levels <n>', 'priority levels', '3')
    .option('--split <by>', 'history/evaluation split: time, count or none', 'time')
    .option('--fraction <f>', 'history share of the split', '0.5')
    .option('--windows <k>', 'number of windows', '7')
    .option('--window-by <by>', 'windows by time or count', 'time')
    .option('--static-map <file>', 'JSON map key-or-class → level, for static-map arms')
    .option('--set <param=value>', 'override a parameter, e.g. predictor.minSamples=5 (repeatable)', collect, [])
    .option('--predictor-snapshot <file>', 'start predictive arms from this predictor snapshot')
    .option('--seed <n>', 'seed for seeded arms (static-random)', '1')
    .option('--ties <order>', 'order of rows sharing an arrival time: file (as written) or shuffle:SEED, applied before the split')
    .option('--jitter <ms:seed>', 'move each arrival uniformly within ±MS ms (seeded), then re-sort stably, before the split')
    .option('--latency-cdf', 'store each arm\'s latency CDF per load (latency at 31 quantile levels, min to max) for the report\'s CDF charts')
    .option('-o, --output <file>', 'write the result JSON here (atomically)')
    .option('--json', 'print the result JSON to stdout instead of a table')
    .option('--no-cache', 'do not use the binary trace cache')
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

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
