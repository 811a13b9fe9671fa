// `hsim traces info` and `hsim traces diagnose`: a trace's meta and statistics, and whether it can be learned.
import type { Command } from 'commander';
import { InputError } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import { addArmRunFlags } from './arm-run-flags.ts';
import { stableJsonOption, workersOption } from './shared-options.ts';

/** Registers `hsim traces info <file> [--json] [--workers N]` and `hsim traces diagnose <file> [options]`. */
export function registerTraces(program: Command): void {
  const traces = program
    .command('traces')
    .description('Inspect traces in the common format')
    .addHelpText('after', '\nExample:\n  $ hsim traces info out/prodflow.csv --workers 4');
  traces
    .command('info')
    .description('Print the meta sidecar and statistics of a common-format trace (.csv or .csv.gz)')
    .argument('<file>', 'trace file')
    .addOption(stableJsonOption())
    // Here the workers only size the offered load the statistics report.
    .addOption(workersOption({ help: 'workers for the offered load: total duration / (span × workers)' }))
    .addHelpText('after', '\nExample:\n  $ hsim traces info ../shared/bench/synth2m.csv.gz --workers 64\n  $ hsim traces info out/mmc.csv --json')
    .action(async (file: string, opts: { json?: boolean; workers: string }) => {
      const workers = Number(opts.workers);
      if (!Number.isSafeInteger(workers) || workers < 1) throw new InputError(msg.integerAtLeast('--workers', `"${opts.workers}"`, 1));
      const { readTraceForCli } = await import('../../traces/trace-read-io.ts');
      const { traceStats, formatTraceInfo } = await import('../../traces/trace-stats.ts');
      const loaded = await readTraceForCli(file);
      const stats = traceStats(loaded.trace, workers);
      if (opts.json) {
        const { stableStringify } = await import('../../src/json/stable-json.ts');
        process.stdout.write(stableStringify({ path: file, sha256: loaded.sha256, meta: loaded.meta, stats }));
      } else {
        process.stdout.write(formatTraceInfo(file, loaded.sha256, loaded.meta, stats));
      }
    });
  const diagnose = traces
    .command('diagnose')
    .description("Can this trace be learned? Predictability of durations (global median, per-key median, the predictor in a simulation at --load), keys and their gaps, time scale, and warnings naming the parameter to look at")
    .argument('<file>', 'trace file')
    .addOption(stableJsonOption());
  addArmRunFlags(diagnose, '0.8', 'the load of the simulated predictive arm; sets the time scale of key gaps', 'the warm predictive arm to simulate')
    .addHelpText('after', '\nExample:\n  $ hsim traces diagnose out/lpc.csv --split count --load 0.8\n  $ hsim traces diagnose out/sl.csv.gz --set predictor.staleAfterMs=off --json')
    .action(async (file: string, opts: Record<string, unknown>) => {
      const { parseDiagnoseOptions } = await import('../arm-run-options.ts');
      const run = parseDiagnoseOptions(opts);
      const { readTrace } = await import('../../traces/trace-io.ts');
      const { diagnoseTrace } = await import('../../sim/diagnose/trace-diagnosis.ts');
      const loaded = await readTrace(file, { cache: opts.cache !== false });
      const d = diagnoseTrace(loaded.trace, run);
      if (opts.json) {
        const { stableStringify } = await import('../../src/json/stable-json.ts');
        process.stdout.write(stableStringify({ path: file, sha256: loaded.sha256, ...d }));
      } else {
        const { formatDiagnosis } = await import('../../sim/diagnose/diagnosis-text.ts');
        process.stdout.write(formatDiagnosis(file, d));
      }
    });
}
