// Options of the commands that run one predictive arm at one load (`traces diagnose`, `predictor warm`), parsed at once.
import { InputError, atOption } from '../src/errors.ts';
import { parseArm, type RoutingModule } from '../sim/arms/index.ts';
import type { EstimateRun } from '../sim/diagnose/predictor-estimates.ts';
import { armLevelsProblem, defaultLevelFor, parseFraction, parseLoads, parseSplit } from '../sim/sim-options.ts';
import { parseInteger } from '../src/config/numeric-input.ts';

/**
 * Validates --levels, --workers, --load (a single one), --split (time or count), --fraction, --arm and --set for
 * `command`; `armProblem` returns what the arm should be when its routing does not fit, else null. Throws
 * InputError listing every problem.
 */
export function parseArmRunOptions(opts: Record<string, unknown>, command: string, armProblem: (routing: RoutingModule) => string | null): EstimateRun {
  const issues: string[] = [];
  const levels = parseInteger(String(opts.levels), 'option --levels', 'levels', issues);
  const workers = parseInteger(String(opts.workers), 'option --workers', 'workers', issues);
  const loads = parseLoads(String(opts.load), 'option --load', issues);
  if (loads.length > 1) issues.push(atOption('--load', String(opts.load), 'a single load'));
  const split = parseSplit(String(opts.split), 'option --split', issues);
  if (split === 'none') issues.push(atOption('--split', 'none', `time or count: ${command} needs a history half`));
  const fraction = parseFraction(String(opts.fraction), 'option --fraction', issues);
  const defaultLevel = defaultLevelFor(levels);
  let arm;
  try {
    arm = parseArm(String(opts.arm), levels, (opts.set as string[] | undefined) ?? []);
    const levelsProblem = Number(String(opts.levels)) === levels ? armLevelsProblem(arm, levels) : null;
    if (levelsProblem !== null) throw new InputError(levelsProblem);
    arm.routing.check?.(arm.flags, arm.predictorOverrides, levels, defaultLevel);
    const problem = armProblem(arm.routing);
    if (problem !== null) issues.push(atOption('--arm', String(opts.arm), problem));
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    issues.push(...err.issues);
  }
  if (issues.length > 0 || arm === undefined || loads.length !== 1 || split === 'none') {
    throw new InputError(`${command}: ${issues.length} problem${issues.length === 1 ? '' : 's'} with the options`, issues);
  }
  return { arm, load: loads[0]!, workers, levels, defaultLevel, split, fraction };
}

/** Validates the options of `traces diagnose` (a warm predictive arm that routes by its estimate). Throws InputError. */
export function parseDiagnoseOptions(opts: Record<string, unknown>): EstimateRun {
  return parseArmRunOptions(opts, 'traces diagnose', (r) =>
    r.needsPredictor && r.needsHistory && r.routesToDefault !== true ? null : 'a warm predictive arm that routes by its estimate (e.g. predictive, predictive+weights+pausing)');
}
