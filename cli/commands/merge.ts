// `hsim merge`: join the outputs of `hsim run --shard` into one folder with merged results.
import type { Command } from 'commander';

/** Registers `hsim merge DIR… -o OUT [--partial]`. */
export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('join shard outputs (their cells/ folders) into one output with merged results; conflicting duplicates are refused')
    .argument('<dirs...>', 'output folders of hsim run (--shard)')
    .requiredOption('-o, --output <dir>', 'folder to write cells/ and results.json into')
    .option('--partial', 'merge even when cells of the experiment are missing')
    .option('--quiet', 'no summary on stderr')
    .addHelpText('after', `
Example:
  hsim merge out/shard1 out/shard2 -o out/all`)
    .action(async (dirs: string[], opts: Record<string, unknown>) => {
      const { runMergeCommand } = await import('../merge-command.ts');
      runMergeCommand(dirs, opts);
    });
}
