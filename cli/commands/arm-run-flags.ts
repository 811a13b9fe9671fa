// The flags of the commands that run one predictive arm at one load (`traces diagnose`, `predictor warm`), declared once.
import type { Command } from 'commander';

/** Adds --load (default `load`, described by `loadHelp`), --workers, --levels, --split, --fraction, --arm, --set and --no-cache. */
export function addArmRunFlags(cmd: Command, load: string, loadHelp: string, armHelp: string): Command {
  return cmd
    .option('--load <load>', `${loadHelp} (a number or as-is)`, load)
    .option('--workers <n>', 'virtual workers (for the compress factor)', '64')
    .option('--levels <n>', 'priority levels', '3')
    .option('--split <by>', 'history/evaluation split: time or count (as simulate)', 'time')
    .option('--fraction <f>', 'history share of the split', '0.5')
    .option('--arm <arm>', `${armHelp} (flags keys=producer, sizebins, summary, aging, @overrides)`, 'predictive')
    .option('--set <param=value>', 'override a parameter as in simulate, e.g. predictor.minSamples=5 (repeatable)', (v: string, p: string[]) => [...p, v], [] as string[])
    .option('--no-cache', 'do not use the binary trace cache');
}
