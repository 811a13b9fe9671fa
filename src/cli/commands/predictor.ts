// `hsim predictor warm`: build a predictor snapshot from a trace's history half.
import type { Command } from 'commander';

/** Registers `hsim predictor warm`. */
export function registerPredictor(program: Command): void {
  const predictor = program.command('predictor').description('work with predictor snapshots');
  predictor
    .command('warm')
    .description("observe a trace's history half (as the predictive arm's warm start does) and save the predictor as a snapshot")
    .argument('<trace>', 'common-format trace (.csv or .csv.gz)')
    .requiredOption('-o, --output <file>', 'snapshot file (written atomically; an existing one is kept as <file>.prev)')
    .option('--load <load>', 'load whose compress factor sets the warm-start clock (a number or as-is)', 'as-is')
    .option('--workers <n>', 'virtual workers (for the compress factor)', '64')
    .option('--levels <n>', 'priority levels', '3')
    .option('--split <by>', 'history/evaluation split: time or count', 'time')
    .option('--fraction <f>', 'history share of the split', '0.5')
    .option('--arm <arm>', 'the predictive arm whose keying and parameters to use (flags keys=producer, sizebins, summary, @overrides)', 'predictive')
    .option('--set <param=value>', 'predictor parameter override, e.g. predictor.minSamples=5 (repeatable)', (v: string, p: string[]) => [...p, v], [] as string[])
    .option('--no-cache', 'do not use the binary trace cache')
    .addHelpText('after', `
Example:
  hsim predictor warm trace.csv.gz --load 0.8 -o warm.snap
  hsim simulate trace.csv.gz --arm predictive --load 0.8 --predictor-snapshot warm.snap`)
    .action(async (trace: string, opts: Record<string, unknown>) => {
      const { runPredictorWarm } = await import('../predictor-warm-run.ts');
      await runPredictorWarm(trace, opts);
    });
}
