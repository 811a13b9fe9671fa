// Options of `hsim traces diagnose` parsed into the run it simulates (every problem reported at once).
import { InputError, atOption } from '../errors.ts';
import { parseArm } from '../../sim/arms/index.ts';
import type { EstimateRun } from '../../sim/diagnose/predictor-estimates.ts';
import { defaultLevelFor, parseFraction, parseInteger, parseLoads, parseSplit } from '../../sim/sim-options.ts';

/** Validates the options of `traces diagnose`. Throws InputError listing every problem. */
export function parseDiagnoseOptions(opts: Record<string, unknown>): EstimateRun {
  const issues: string[] = [];
  const levels = parseInteger(String(opts.levels), 'option --levels', 2, issues);
  const workers = parseInteger(String(opts.workers), 'option --workers', 1, issues);
  const loads = parseLoads(String(opts.load), 'option --load', issues);
  if (loads.length > 1) issues.push(atOption('--load', String(opts.load), 'a single load'));
  const split = parseSplit(String(opts.split), 'option --split', issues);
  if (split === 'none') issues.push(atOption('--split', 'none', 'time or count: diagnosis compares with a history half'));
  const fraction = parseFraction(String(opts.fraction), 'option --fraction', issues);
  const defaultLevel = defaultLevelFor(levels);
  let arm;
  try {
    arm = parseArm(String(opts.arm), levels, (opts.set as string[] | undefined) ?? []);
    arm.routing.check?.(arm.flags, arm.predictorOverrides, levels, defaultLevel);
    if (!arm.routing.needsPredictor || !arm.routing.needsHistory || arm.routing.routesToDefault === true) {
      issues.push(atOption('--arm', String(opts.arm), 'a warm predictive arm that routes by its estimate (e.g. predictive, predictive+weights+pausing)'));
    }
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    issues.push(...err.issues);
  }
  if (issues.length > 0 || arm === undefined || loads.length !== 1 || split === 'none') {
    throw new InputError(`traces diagnose: ${issues.length} problem${issues.length === 1 ? '' : 's'} with the options`, issues);
  }
  return { arm, load: loads[0]!, workers, levels, defaultLevel, split, fraction };
}
