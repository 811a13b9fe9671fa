// `hsim broker`: run the Harbinger broker (gRPC) with the shared scheduler and predictor until stopped.
import type { Command } from 'commander';

/** Registers `hsim broker`. */
export function registerBroker(program: Command): void {
  program
    .command('broker')
    .description('run the Harbinger broker: levels, predictor routing, aging on a wall-clock timer, leases, retries, dead letters')
    .requiredOption('--listen <host:port>', 'address to listen on (port 0 = any free port, printed on stdout)')
    .option('--predictor-snapshot <file>', 'load this predictor snapshot at start (queues created with use_snapshot start from it)')
    .option('--token <secret>', 'require this shared secret on every call (default: $HSIM_BROKER_TOKEN; replay clients read the same variable)')
    .option('--tls-cert <file>', 'serve TLS with this PEM certificate (chain); clients pass its CA as --tls-ca')
    .option('--tls-key <file>', 'the PEM private key of --tls-cert (never commit it)')
    .option('--insecure-listen', 'allow a non-loopback --listen address without a token and TLS')
    .option('--max-queue-messages <n>', 'most messages a queue holds (waiting + in flight); a Submit past it is RESOURCE_EXHAUSTED', '1000000')
    .option('--max-queue-bytes <n>', 'most bytes of payloads, ids and keys a queue holds', String(256 * 2 ** 20))
    .option('--max-queues <n>', 'most queues held at once; a CreateQueue past it is RESOURCE_EXHAUSTED', '64')
    .option('--max-memory-bytes <n>', 'memory budget of everything held (queues, predictors, messages, dead letters); past it RESOURCE_EXHAUSTED', String(2 ** 30))
    .option('--quiet', 'no diagnostics on stderr')
    .addHelpText('after', `
Prints "listening <host:port>" on stdout once ready; stops on SIGINT or SIGTERM. A non-loopback --listen needs
a token and TLS (or --insecure-listen). SIGUSR2 prints the memory account and RSS on stderr (after a full GC).

Example:
  hsim broker --listen 127.0.0.1:27051 &
  hsim replay trace.csv --broker harbinger://127.0.0.1:27051 --arm predictive+weights+pausing`)
    .action(async (opts: Record<string, unknown>) => {
      const { runBrokerCommand } = await import('../broker-run.ts');
      await runBrokerCommand(opts);
    });
}
