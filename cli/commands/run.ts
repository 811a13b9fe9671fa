// `hsim run`: run an experiment file's cells (trace × load × arm × override), resumable, parallel, sharded or queued.
import type { Command } from 'commander';
import {
  coresOption, jitterOption, jobsOption, noCacheOption, outFolderOption, overheadOption, queueNameOption, queueOption, resumeOption,
  tiesOption,
} from './shared-options.ts';

/** Registers `hsim run <experiment.json> [--jobs N] [--resume] [--shard i/n] [--queue redis://…]`. */
export function registerRun(program: Command): void {
  program
    .command('run')
    .description('run an experiment: every cell written atomically to <out>/cells/, merged into <out>/results.json (docs/experiment-file.md)')
    .argument('<experiment>', 'experiment file (JSON); its paths are relative to its folder')
    .addOption(jobsOption())
    .addOption(resumeOption())
    .option('--shard <i/n>', 'run only every n-th cell starting at the i-th (1-based); join shards with hsim merge')
    .addOption(queueOption())
    .addOption(queueNameOption())
    .addOption(outFolderOption('experiment'))
    .addOption(noCacheOption())
    .addOption(tiesOption({ overridesFile: true }))
    .addOption(jitterOption({ overridesFile: true }))
    .addOption(coresOption({ overridesFile: true }))
    .addOption(overheadOption({ overridesFile: true }))
    .option('--quiet', 'no progress bar, no summary and no table')
    .addHelpText('after', `
Example:
  hsim run experiments/example-run.json --jobs 2
  hsim run experiments/example-run.json --shard 1/2 -o out/shard1   # and 2/2 elsewhere, then: hsim merge out/shard1 out/shard2 -o out/all`)
    .action(async (file: string, opts: Record<string, unknown>) => {
      const { runExperimentCommand } = await import('../run-command.ts');
      const { withResumeHint } = await import('../resume-hint.ts');
      await withResumeHint(process.argv.slice(2), () => runExperimentCommand(file, opts));
    });
}
