// `hsim worker`: process experiment cells from a BullMQ queue (on any number of machines) until stopped.
import type { Command } from 'commander';
import { jobsOption, queueNameOption, queueOption } from './shared-options.ts';

/** Registers `hsim worker --queue redis://host:port [--jobs N] [--data DIR]… [--name NAME]`. */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('serve cells of hsim run/sweep --queue: needs each trace at the same path, inside a --data folder (checked by SHA-256); stops on SIGINT/SIGTERM, putting its running cells back on the queue')
    // A worker serves one queue: it must be named; the help speaks from the worker's side of the queue.
    .addOption(queueOption({ help: 'Redis URL, e.g. redis://127.0.0.1:6379' }).makeOptionMandatory())
    .addOption(queueNameOption({ help: 'BullMQ queue name (as given to hsim run)' }))
    .addOption(jobsOption({ help: 'cells at once, each on its own worker thread' }))
    .option('--data <dir>', 'a folder whose traces (and subfolders\' traces) jobs may name; repeatable (default: the current folder)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--name <name>', 'this worker\'s name in cell files and the coordinator\'s notices (default: host:pid)')
    .option('--quiet', 'no log lines on stderr')
    .addHelpText('after', `
Example:
  hsim worker --queue redis://10.0.0.5:6379 --jobs 2`)
    .action(async (opts: Record<string, unknown>) => {
      const { runWorkerCommand } = await import('../worker-command.ts');
      await runWorkerCommand(opts);
    });
}
