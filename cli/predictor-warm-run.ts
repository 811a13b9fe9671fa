// The implementation of `hsim predictor warm`: the predictive arm's warm start, saved as a snapshot.
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { parseArmRunOptions } from './arm-run-options.ts';
import { Predictor } from '../src/predictor/predictor.ts';
import { writePredictorSnapshot } from '../src/io/predictor-snapshot-io.ts';
import { readTraceForCli } from '../traces/trace-read-io.ts';
import { predictorParamsFor, warmStart } from '../sim/arms/predictive.ts';
import { rowKeysFor } from '../sim/row-keys.ts';
import { compressFactor, splitTrace } from '../sim/split.ts';

/** Runs `hsim predictor warm`. */
export async function runPredictorWarm(tracePath: string, opts: Record<string, unknown>): Promise<void> {
  const { arm, load, workers, levels, defaultLevel, split, fraction } = parseArmRunOptions(opts, 'predictor warm', (r) => (r.needsPredictor ? null : 'a predictive arm'));
  const params = predictorParamsFor(arm.flags, arm.predictorOverrides, levels, defaultLevel);
  const { trace } = await readTraceForCli(tracePath, { cache: opts.cache !== false });
  const s = splitTrace(trace, split, fraction);
  if (s.cut === 0) throw new InputError(msg.splitLeavesNoHistory(split, fraction, tracePath, trace.n));
  const compress = compressFactor(trace, s, load, workers);
  const predictor = new Predictor(params);
  warmStart(predictor, { trace, first: s.cut, compress }, rowKeysFor(trace, arm.flags.keysProducer, arm.flags.sizebins));
  const out = String(opts.output);
  writePredictorSnapshot(out, predictor);
  process.stdout.write(
    `predictor warm: ${s.cut} history rows observed (clock ${predictor.nowMs()} ms at compress ${compress}), ` +
      `${predictor.keyCount()} keys, boundaries [${predictor.boundaries().map((b) => b.toPrecision(6)).join(', ')}] ms → ${out}\n`,
  );
}
