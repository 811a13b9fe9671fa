// `hsim sweep`: vary parameters one at a time (or as a grid) and record whether each variant flips a gate's verdict.
import type { Command } from 'commander';

/** Registers `hsim sweep <sweep.json> [--jobs N] [--resume] [--queue redis://…] [--unfrozen]`. */
export function registerSweep(program: Command): void {
  program
    .command('sweep')
    .description('run a sweep: every variant\'s cells, the gate on each variant, <out>/sweep.json and a table of flipped verdicts')
    .argument('<sweep>', 'sweep file (JSON); its paths are relative to its folder')
    .option('--jobs <n>', 'worker threads running cells in parallel', '1')
    .option('--resume', 'skip cells whose file exists with the same input hash and trace SHA-256')
    .option('--queue <url>', 'put the cells on a BullMQ queue on this Redis (redis://host:port) for hsim worker processes')
    .option('--queue-name <name>', 'BullMQ queue name (the workers must use the same)', 'hsim-cells')
    .option('-o, --out <dir>', 'output folder (default: the sweep\'s "out", relative to its file)')
    .option('--unfrozen', 'evaluate the gate without a lock (recorded as gate_frozen: false)')
    .option('--no-cache', 'do not use the binary trace cache')
    .option('--ties <order>', 'file or shuffle:SEED: order of rows sharing an arrival time (replaces the file\'s "ties")')
    .option('--jitter <ms:seed>', 'move each arrival within ±MS ms, seeded, before the split (replaces the file\'s "jitter")')
    .option('--cores <n>', 'handlers compute: the running ones share N cores (replaces the file\'s "cores")')
    .option('--overhead <ms>', 'a fixed broker cost per message before its handler starts (replaces the file\'s "overhead_ms")')
    .option('--quiet', 'no progress bar and no summary on stderr')
    .addHelpText('after', `
Example:
  hsim generate serverless -o out/traces/serverless-100k.csv --seed 1   # the trace experiments/sensitivity.json names
  hsim sweep experiments/sensitivity.json --jobs 2 --unfrozen`)
    .action(async (file: string, opts: Record<string, unknown>) => {
      const { runSweepCommand } = await import('../sweep-command.ts');
      const { printResumeOnInterrupt } = await import('../resume-hint.ts');
      const stop = printResumeOnInterrupt(process.argv.slice(2));
      try {
        await runSweepCommand(file, opts);
      } finally {
        stop();
      }
    });
}
