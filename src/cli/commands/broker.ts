// `hsim broker`: run the Harbinger broker (gRPC) with the shared scheduler and predictor until stopped.
import type { Command } from 'commander';

/** Registers `hsim broker`. */
export function registerBroker(program: Command): void {
  program
    .command('broker')
    .description('run the Harbinger broker: levels, predictor routing, aging on a wall-clock timer, leases, retries, dead letters')
    .requiredOption('--listen <host:port>', 'address to listen on (port 0 = any free port, printed on stdout)')
    .option('--predictor-snapshot <file>', 'load this predictor snapshot at start (queues created with use_snapshot start from it)')
    .option('--quiet', 'no diagnostics on stderr')
    .addHelpText('after', `
Prints "listening <host:port>" on stdout once ready; stops on SIGINT or SIGTERM.

Example:
  hsim broker --listen 127.0.0.1:27051 &
  hsim replay trace.csv --broker harbinger://127.0.0.1:27051 --arm predictive+weights+pausing`)
    .action(async (opts: Record<string, unknown>) => {
      const { runBrokerCommand } = await import('../broker-run.ts');
      await runBrokerCommand(opts);
    });
}
