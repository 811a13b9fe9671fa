// `hsim replay`: play a trace's evaluation half in wall-clock time through a real broker (SPEC §11).
import type { Command } from 'commander';
import {
  armsOption, fractionOption, latencyCdfOption, levelsOption, loadOption, noCacheOption, predictorSnapshotOption, resultJsonOption,
  seedOption, setOption, splitOption, staticMapOption, windowByOption, windowsOption, workersOption,
} from './shared-options.ts';

/** Registers `hsim replay`. */
export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('replay the evaluation half of a trace through a real broker; writes the simulate result file plus `replay`')
    .argument('<trace>', 'common-format trace (.csv or .csv.gz)')
    .requiredOption('--broker <url>', 'amqp://user:pass@host:port (RabbitMQ), redis://host:port (BullMQ) or harbinger://host:port')
    // RabbitMQ and BullMQ have no aging: the help says so where the arms are named.
    .addOption(armsOption({ help: 'arm routing[+flag…], repeatable; RabbitMQ and BullMQ need +no-aging on priority arms' }))
    // One load: a replay runs in wall-clock time, one load per run (more are refused). Its default is the first and
    // lightest of simulate's default loads, the one a replay on a small machine most easily plays within the lateness bound.
    .addOption(loadOption('one target load, or as-is', '0.5'))
    .option('--time-scale <x>', 'divide every time by X (2 = twice as fast)', '1')
    // A replay's workers are real consumers of the broker, not virtual ones.
    .addOption(workersOption({ help: 'consumers, one message in flight each' }))
    .addOption(levelsOption())
    .addOption(splitOption())
    .addOption(fractionOption())
    // 28, not 7: the replay gates (experiments/gates/*.replay.json) pre-register 28 windows by time with a
    // moving-block bootstrap, because neighbouring wall-clock windows are correlated (SPEC §7, experiments/README.md),
    // and a gate refuses a result with another number of windows.
    .addOption(windowsOption({ default: '28' }))
    .addOption(windowByOption())
    .addOption(staticMapOption())
    .addOption(setOption())
    .addOption(predictorSnapshotOption())
    .option('--tls-ca <file>', 'harbinger: connect over TLS, trusting this PEM certificate (the broker\'s --tls-cert or its CA)')
    .option('--use-broker-snapshot', 'harbinger: start predictive arms from the snapshot the broker loaded at start')
    .option('--lateness-bound <ms>', 'a run whose producer lateness p99 exceeds this is invalid', '10')
    .option('--max-retries <n>', 'harbinger: deliveries beyond 1 + n dead-letter a message', '3')
    .option('--stall-timeout <ms>', 'an arm with no delivery or acknowledgement for this long while messages are outstanding ends invalid (default: max(10000, 3 × the longest scaled duration))')
    .addOption(seedOption())
    .option('--handlers <kind>', 'sleep: each handler sleeps its duration; compute: a calibrated CPU loop in handler processes', 'sleep')
    .option('--handler-processes <p>', 'compute: handler processes, consumer c in process c mod P (default: one per consumer, at most 16)')
    // One load per replay: its CDF is not "per load".
    .addOption(latencyCdfOption({ help: 'store each arm\'s latency CDF (latency at 31 quantile levels, min to max) for the report\'s CDF charts' }))
    .option('-o, --output <file>', 'write the result JSON here (atomically; also for an invalid run, marked valid: false)')
    .addOption(resultJsonOption())
    .addOption(noCacheOption())
    .option('--quiet', 'no progress on stderr')
    .addHelpText('after', `
Exit codes: 0 valid run, 1 invalid run (the reasons are printed; the file says "valid": false),
2 bad options or an unreachable broker (nothing is sent).

Example:
  hsim replay trace.csv --broker redis://127.0.0.1:26379 --arm fifo --arm oracle+no-aging \\
    --load 0.6 --workers 8 --time-scale 1 -o replay.json
  hsim replay trace.csv --broker harbinger://127.0.0.1:50051 --arm fifo --arm predictive \\
    --workers 4 --handlers compute -o replay-compute.json`)
    .action(async (trace: string, opts: Record<string, unknown>) => {
      const { runReplayCommand } = await import('../replay-run.ts');
      await runReplayCommand(trace, opts);
    });
}
