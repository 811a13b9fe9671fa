// `hsim traces info`: prints a trace's meta sidecar and basic statistics.
import type { Command } from 'commander';
import { atOption, InputError } from '../../errors.ts';

/** Registers `hsim traces info <file> [--json] [--workers N]`. */
export function registerTraces(program: Command): void {
  const traces = program
    .command('traces')
    .description('Inspect traces in the common format')
    .addHelpText('after', '\nExample:\n  $ hsim traces info out/prodflow.csv --workers 4');
  traces
    .command('info')
    .description('Print the meta sidecar and statistics of a common-format trace (.csv or .csv.gz)')
    .argument('<file>', 'trace file')
    .option('--json', 'print stable JSON instead of text')
    .option('--workers <n>', 'workers for the offered load: total duration / (span × workers)', '64')
    .addHelpText('after', '\nExample:\n  $ hsim traces info ../shared/bench/synth2m.csv.gz --workers 64\n  $ hsim traces info out/mmc.csv --json')
    .action(async (file: string, opts: { json?: boolean; workers: string }) => {
      const workers = Number(opts.workers);
      if (!Number.isSafeInteger(workers) || workers < 1) throw new InputError(atOption('--workers', `"${opts.workers}"`, 'an integer ≥ 1'));
      const { readTraceForCli } = await import('../cli-trace-read.ts');
      const { traceStats, formatTraceInfo } = await import('../../../traces/trace-stats.ts');
      const loaded = await readTraceForCli(file);
      const stats = traceStats(loaded.trace, workers);
      if (opts.json) {
        const { stableStringify } = await import('../../json/stable-json.ts');
        process.stdout.write(stableStringify({ path: file, sha256: loaded.sha256, meta: loaded.meta, stats }));
      } else {
        process.stdout.write(formatTraceInfo(file, loaded.sha256, loaded.meta, stats));
      }
    });
}
