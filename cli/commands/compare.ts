// `hsim compare`: a replay beside the simulation of the same trace and arms (whole-run means, change vs FIFO, gap).
import type { Command } from 'commander';

/** Registers `hsim compare`. */
export function registerCompare(program: Command): void {
  program
    .command('compare')
    .description('set a replay result beside simulations of the same trace and arms: mean change vs FIFO and the gap in points')
    .argument('<files...>', 'result files of hsim simulate (one or more, e.g. without and with --cores), then the result file of hsim replay (must be valid)')
    .option('--json', 'print the rows as JSON')
    .addHelpText('after', `
Exits 1 when the replay is marked invalid; 2 when a file is unreadable or does not match.

Example:
  hsim simulate trace.csv --arm fifo --arm oracle+no-aging --load 0.6 --workers 8 -o sim.json
  hsim replay trace.csv --broker redis://127.0.0.1:26379 --arm fifo --arm oracle+no-aging --load 0.6 --workers 8 -o replay.json
  hsim compare sim.json replay.json
  hsim compare sim.json sim-cores.json replay.json   # several simulations side by side`)
    .action(async (files: string[], opts: Record<string, unknown>) => {
      const { runCompareCommand } = await import('../compare-run.ts');
      runCompareCommand(files, opts);
    });
}
