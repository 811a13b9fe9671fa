// `hsim replay`: play a trace's evaluation half in wall-clock time through a real broker (SPEC §11).
import type { Command } from 'commander';

/** Registers `hsim replay`. */
export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('replay the evaluation half of a trace through a real broker; writes the simulate result file plus `replay`')
    .argument('<trace>', 'common-format trace (.csv or .csv.gz)')
    .requiredOption('--broker <url>', 'amqp://user:pass@host:port (RabbitMQ), redis://host:port (BullMQ) or harbinger://host:port')
    .option('--arm <arm>', 'arm routing[+flag…], repeatable; RabbitMQ and BullMQ need +no-aging on priority arms', collect, [])
    .option('--load <load>', 'one target load, or as-is', '0.5')
    .option('--time-scale <x>', 'divide every time by X (2 = twice as fast)', '1')
    .option('--workers <n>', 'consumers, one message in flight each', '64')
    .option('--levels <n>', 'priority levels', '3')
    .option('--split <by>', 'history/evaluation split: time, count or none', 'time')
    .option('--fraction <f>', 'history share of the split', '0.5')
    .option('--windows <k>', 'number of windows', '28')
    .option('--window-by <by>', 'windows by time or count', 'time')
    .option('--static-map <file>', 'JSON map key-or-class → level, for static-map arms')
    .option('--set <param=value>', 'override a parameter, e.g. predictor.minSamples=5 (repeatable)', collect, [])
    .option('--predictor-snapshot <file>', 'start warm predictive arms from this predictor snapshot')
    .option('--tls-ca <file>', 'harbinger: connect over TLS, trusting this PEM certificate (the broker\'s --tls-cert or its CA)')
    .option('--use-broker-snapshot', 'harbinger: start predictive arms from the snapshot the broker loaded at start')
    .option('--lateness-bound <ms>', 'a run whose producer lateness p99 exceeds this is invalid', '10')
    .option('--max-retries <n>', 'harbinger: deliveries beyond 1 + n dead-letter a message', '3')
    .option('--stall-timeout <ms>', 'an arm with no delivery or acknowledgement for this long while messages are outstanding ends invalid (default: max(10000, 3 × the longest scaled duration))')
    .option('--seed <n>', 'seed for seeded arms (static-random)', '1')
    .option('--handlers <kind>', 'sleep: each handler sleeps its duration; compute: a calibrated CPU loop in handler processes', 'sleep')
    .option('--handler-processes <p>', 'compute: handler processes, consumer c in process c mod P (default: one per consumer, at most 16)')
    .option('--latency-cdf', 'store each arm\'s latency CDF (latency at 31 quantile levels, min to max) for the report\'s CDF charts')
    .option('-o, --output <file>', 'write the result JSON here (atomically; also for an invalid run, marked valid: false)')
    .option('--json', 'print the result JSON to stdout instead of a table')
    .option('--no-cache', 'do not use the binary trace cache')
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

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
