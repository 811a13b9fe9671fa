// `hsim run`: run an experiment file's cells (trace × load × arm × override), resumable, parallel, sharded or queued.
import type { Command } from 'commander';

/** Registers `hsim run <experiment.json> [--jobs N] [--resume] [--shard i/n] [--queue redis://…]`. */
export function registerRun(program: Command): void {
  program
    .command('run')
    .description('run an experiment: every cell written atomically to <out>/cells/, merged into <out>/results.json (docs/experiment-file.md)')
    .argument('<experiment>', 'experiment file (JSON); its paths are relative to its folder')
    .option('--jobs <n>', 'worker threads running cells in parallel', '1')
    .option('--resume', 'skip cells whose file exists with the same input hash and trace SHA-256')
    .option('--shard <i/n>', 'run only every n-th cell starting at the i-th (1-based); join shards with hsim merge')
    .option('--queue <url>', 'put the cells on a BullMQ queue on this Redis (redis://host:port) for hsim worker processes')
    .option('--queue-name <name>', 'BullMQ queue name (the workers must use the same)', 'hsim-cells')
    .option('-o, --out <dir>', 'output folder (default: the experiment\'s "out", relative to its file)')
    .option('--no-cache', 'do not use the binary trace cache')
    .option('--ties <order>', 'file or shuffle:SEED: order of rows sharing an arrival time (replaces the file\'s "ties")')
    .option('--jitter <ms:seed>', 'move each arrival within ±MS ms, seeded, before the split (replaces the file\'s "jitter")')
    .option('--cores <n>', 'handlers compute: the running ones share N cores (replaces the file\'s "cores")')
    .option('--overhead <ms>', 'a fixed broker cost per message before its handler starts (replaces the file\'s "overhead_ms")')
    .option('--quiet', 'no progress bar, no summary and no table')
    .addHelpText('after', `
Example:
  hsim run experiments/example-run.json --jobs 2
  hsim run experiments/example-run.json --shard 1/2 -o out/shard1   # and 2/2 elsewhere, then: hsim merge out/shard1 out/shard2 -o out/all`)
    .action(async (file: string, opts: Record<string, unknown>) => {
      const { runExperimentCommand } = await import('../run-command.ts');
      const { printResumeOnInterrupt } = await import('../resume-hint.ts');
      const stop = printResumeOnInterrupt(process.argv.slice(2));
      try {
        await runExperimentCommand(file, opts);
      } finally {
        stop();
      }
    });
}
