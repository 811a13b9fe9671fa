// The implementation of `hsim predictor warm`: the predictive arm's warm start, saved as a snapshot.
import { InputError, atOption } from '../errors.ts';
import { Predictor } from '../predictor/predictor.ts';
import { writePredictorSnapshot } from '../io/predictor-snapshot-io.ts';
import { readTraceForCli } from './cli-trace-read.ts';
import { parseArm } from '../../sim/arms/index.ts';
import { predictorParamsFor, warmStart } from '../../sim/arms/predictive.ts';
import { rowKeysFor } from '../../sim/row-keys.ts';
import { compressFactor, splitTrace } from '../../sim/split.ts';
import { defaultLevelFor, parseFraction, parseInteger, parseLoads, parseSplit } from '../../sim/sim-options.ts';

/** Runs `hsim predictor warm`. */
export async function runPredictorWarm(tracePath: string, opts: Record<string, unknown>): Promise<void> {
  const issues: string[] = [];
  const levels = parseInteger(String(opts.levels), 'option --levels', 1, issues);
  const workers = parseInteger(String(opts.workers), 'option --workers', 1, issues);
  const loads = parseLoads(String(opts.load), 'option --load', issues);
  if (loads.length > 1) issues.push(atOption('--load', String(opts.load), 'a single load'));
  const split = parseSplit(String(opts.split), 'option --split', issues);
  if (split === 'none') issues.push(atOption('--split', 'none', 'time or count: a warm start needs a history half'));
  const fraction = parseFraction(String(opts.fraction), 'option --fraction', issues);
  let params;
  let arm;
  try {
    arm = parseArm(String(opts.arm), levels, (opts.set as string[]) ?? []);
    if (!arm.routing.needsPredictor) issues.push(atOption('--arm', String(opts.arm), 'a predictive arm'));
    params = predictorParamsFor(arm.flags, arm.predictorOverrides, levels, defaultLevelFor(levels));
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    issues.push(...err.issues);
  }
  if (issues.length > 0 || !params || !arm) throw new InputError('predictor warm: problems with the options', issues);
  const { trace } = await readTraceForCli(tracePath, { cache: opts.cache !== false });
  const s = splitTrace(trace, split, fraction);
  if (s.cut === 0) throw new InputError(atOption('--split', `${split} ${fraction}`, 'a split that leaves history rows', `${tracePath} has ${trace.n} rows`));
  const compress = compressFactor(trace, s, loads[0]!, workers);
  const predictor = new Predictor(params);
  warmStart(predictor, { trace, first: s.cut, compress }, rowKeysFor(trace, arm.flags.keysProducer, arm.flags.sizebins));
  const out = String(opts.output);
  writePredictorSnapshot(out, predictor);
  process.stdout.write(
    `predictor warm: ${s.cut} history rows observed (clock ${predictor.nowMs()} ms at compress ${compress}), ` +
      `${predictor.keyCount()} keys, boundaries [${predictor.boundaries().map((b) => b.toPrecision(6)).join(', ')}] ms → ${out}\n`,
  );
}
