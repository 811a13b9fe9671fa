// `hsim demo`: the README's main job on generated traces, no download needed.
import type { Command } from 'commander';

/** Registers `hsim demo`. */
export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('generate a serverless trace and a prodflow trace, simulate several arms, sweep a few parameters, check the gates, write a report')
    .option('-o, --output <dir>', 'output folder', 'out/demo')
    .option('--n <jobs>', 'jobs in the serverless trace', '60000')
    .option('--seed <n>', 'seed of the generated traces', '1')
    .option('--quiet', 'no progress on stderr')
    .addHelpText('after', `
Example:
  hsim demo -o out/demo`)
    .action(async (opts: Record<string, unknown>) => {
      const { runDemo } = await import('../demo-run.ts');
      await runDemo(opts);
    });
}
