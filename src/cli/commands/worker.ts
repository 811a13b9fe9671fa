// `hsim worker`: process experiment cells from a BullMQ queue (on any number of machines) until stopped.
import type { Command } from 'commander';

/** Registers `hsim worker --queue redis://host:port [--jobs N]`. */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('serve cells of hsim run/sweep --queue: needs each trace at the same path (checked by SHA-256); stops on SIGINT/SIGTERM')
    .requiredOption('--queue <url>', 'Redis URL, e.g. redis://127.0.0.1:6379')
    .option('--queue-name <name>', 'BullMQ queue name (as given to hsim run)', 'hsim-cells')
    .option('--jobs <n>', 'cells at once, each on its own worker thread', '1')
    .option('--quiet', 'no log lines on stderr')
    .addHelpText('after', `
Example:
  hsim worker --queue redis://10.0.0.5:6379 --jobs 2`)
    .action(async (opts: Record<string, unknown>) => {
      const { runWorkerCommand } = await import('../worker-command.ts');
      await runWorkerCommand(opts);
    });
}
