// The flags of the commands that run one predictive arm at one load (`traces diagnose`, `predictor warm`), taken from shared-options.ts.
import type { Command } from 'commander';
import {
  fractionOption, levelsOption, loadOption, noCacheOption, setOption, singleArmOption, splitOption, workersOption,
} from './shared-options.ts';

/** Adds --load (default `load`, described by `loadHelp`), --workers, --levels, --split, --fraction, --arm, --set and --no-cache. */
export function addArmRunFlags(cmd: Command, load: string, loadHelp: string, armHelp: string): Command {
  return cmd
    .addOption(loadOption(`${loadHelp} (a number or as-is)`, load))
    // Here the workers matter through the compress factor that --load sets on them.
    .addOption(workersOption({ help: 'virtual workers (for the compress factor)' }))
    .addOption(levelsOption())
    // These commands need a history half: the split cannot be none (arm-run-options.ts refuses it).
    .addOption(splitOption({ help: 'history/evaluation split: time or count (as simulate)' }))
    .addOption(fractionOption())
    .addOption(singleArmOption(armHelp))
    .addOption(setOption({ help: 'override a parameter as in simulate, e.g. predictor.minSamples=5 (repeatable)' }))
    .addOption(noCacheOption());
}
