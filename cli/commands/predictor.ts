// `hsim predictor warm` and `hsim predictor show`: build a predictor snapshot from a trace's history half, and look inside one.
import type { Command } from 'commander';
import { addArmRunFlags } from './arm-run-flags.ts';
import { stableJsonOption } from './shared-options.ts';

/** Registers `hsim predictor warm` and `hsim predictor show`. */
export function registerPredictor(program: Command): void {
  const predictor = program.command('predictor').description('work with predictor snapshots');
  const warm = predictor
    .command('warm')
    .description("observe a trace's history half (as the predictive arm's warm start does) and save the predictor as a snapshot")
    .argument('<trace>', 'common-format trace (.csv or .csv.gz)')
    .requiredOption('-o, --output <file>', 'snapshot file (written atomically; an existing one is kept as <file>.prev)');
  addArmRunFlags(warm, 'as-is', 'load whose compress factor sets the warm-start clock', 'the predictive arm whose keying and parameters to use')
    .addHelpText('after', `
Example:
  hsim predictor warm trace.csv.gz --load 0.8 -o warm.snap
  hsim simulate trace.csv.gz --arm predictive --load 0.8 --predictor-snapshot warm.snap`)
    .action(async (trace: string, opts: Record<string, unknown>) => {
      const { runPredictorWarm } = await import('../predictor-warm-run.ts');
      await runPredictorWarm(trace, opts);
    });
  predictor
    .command('show')
    .description("what a predictor snapshot believes: boundaries, and per key n, decayed median, p99, spread ratio, censored share, last activity, held tier and the gate it passes or fails")
    .argument('<snapshot>', 'a snapshot written by hsim predictor warm')
    .addOption(stableJsonOption())
    .option('--key <key>', 'show only this key')
    .option('--top <n>', 'show the N keys with the most observations', '20')
    .option('-o, --output <dir>', "also write the paper's Figure 4 (pooled and per-key histograms with the boundaries) as predictor.vl.json and predictor.svg here")
    .addHelpText('after', `
Example:
  hsim predictor warm trace.csv.gz --load 0.8 -o warm.snap
  hsim predictor show warm.snap --top 10 -o out/warm-chart`)
    .action(async (snapshot: string, opts: Record<string, unknown>) => {
      const { runPredictorShow } = await import('../predictor-show-run.ts');
      await runPredictorShow(snapshot, opts);
    });
}
