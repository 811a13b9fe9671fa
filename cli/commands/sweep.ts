// `hsim sweep`: vary parameters one at a time (or as a grid) and record whether each variant flips a gate's verdict.
import type { Command } from 'commander';
import {
  coresOption, jitterOption, jobsOption, noCacheOption, outFolderOption, overheadOption, queueNameOption, queueOption, resumeOption,
  tiesOption,
} from './shared-options.ts';

/** Registers `hsim sweep <sweep.json> [--jobs N] [--resume] [--queue redis://…] [--unfrozen]`. */
export function registerSweep(program: Command): void {
  program
    .command('sweep')
    .description('run a sweep: every variant\'s cells, the gate on each variant, <out>/sweep.json and a table of flipped verdicts')
    .argument('<sweep>', 'sweep file (JSON); its paths are relative to its folder')
    .addOption(jobsOption())
    .addOption(resumeOption())
    .addOption(queueOption())
    .addOption(queueNameOption())
    .addOption(outFolderOption('sweep'))
    .option('--unfrozen', 'evaluate the gate without a lock (recorded as gate_frozen: false)')
    .addOption(noCacheOption())
    .addOption(tiesOption({ overridesFile: true }))
    .addOption(jitterOption({ overridesFile: true }))
    .addOption(coresOption({ overridesFile: true }))
    .addOption(overheadOption({ overridesFile: true }))
    .option('--quiet', 'no progress bar and no summary on stderr')
    .addHelpText('after', `
Example:
  hsim generate serverless -o out/traces/serverless-100k.csv --seed 1   # the trace experiments/sensitivity.json names
  hsim sweep experiments/sensitivity.json --jobs 2 --unfrozen`)
    .action(async (file: string, opts: Record<string, unknown>) => {
      const { runSweepCommand } = await import('../sweep-command.ts');
      const { withResumeHint } = await import('../resume-hint.ts');
      await withResumeHint(process.argv.slice(2), () => runSweepCommand(file, opts));
    });
}
