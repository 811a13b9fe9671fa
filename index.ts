// The library API of hsim (package.json "exports"): read a trace, simulate arms × loads, evaluate a gate, in TypeScript run by tsx.
import { parseGateFile } from './analysis/gate-file.ts';
import { evaluateGate as evaluateGateOnSet, type LoadReport } from './analysis/gate-evaluation.ts';
import { parseResultFile } from './src/result/result-reader.ts';
import { mergeResults } from './analysis/result-set.ts';
import { parseArm } from './sim/arms/arm-spec.ts';
import './sim/arms/index.ts';
import { defaultLevelFor } from './sim/sim-options.ts';
import { simulate as simulateConfig, type SimulationOutput } from './sim/simulate.ts';
import type { Load, SplitBy } from './sim/split.ts';
import type { WindowBy } from './sim/metrics.ts';
import { InputError } from './src/errors.ts';
import { readTrace } from './traces/trace-io.ts';

export { readTrace };
export type { LoadedTrace } from './traces/trace-io.ts';
export type { LoadReport, SimulationOutput };

/** What to simulate; every field but `arms` has the CLI's default (`hsim simulate --help`). */
export interface SimulateOptions {
  /** Arms as on the command line: `fifo`, `predictive+weights+pausing`, `predictive@predictor.minSamples=5`. */
  readonly arms: readonly string[];
  /** Target loads, or `as-is` (default 0.5, 0.8, 0.95). */
  readonly loads?: readonly Load[];
  readonly workers?: number;
  readonly levels?: number;
  readonly split?: SplitBy;
  readonly fraction?: number;
  readonly windows?: number;
  readonly windowBy?: WindowBy;
  readonly seed?: number;
}

/**
 * Simulates every arm at every load on `trace` (from `readTrace(path)`), as `hsim simulate` does, and returns the
 * results by load and arm (SPEC §10's `results`). Throws InputError for an unknown arm or an unreachable load.
 */
export function simulate(trace: Awaited<ReturnType<typeof readTrace>>['trace'], options: SimulateOptions): SimulationOutput {
  const levels = options.levels ?? 3;
  return simulateConfig(trace, {
    loads: options.loads ?? [0.5, 0.8, 0.95],
    arms: options.arms.map((a) => parseArm(a, levels)),
    workers: options.workers ?? 64,
    levels,
    defaultLevel: defaultLevelFor(levels),
    split: options.split ?? 'time',
    fraction: options.fraction ?? 0.5,
    windows: options.windows ?? 7,
    windowBy: options.windowBy ?? 'time',
    staticMap: null,
    seed: options.seed ?? 1,
  });
}

/**
 * Evaluates a gate (the parsed JSON of a gate file, e.g. `experiments/gates/*.sim.json`) on simulation results, as
 * `hsim gate check --unfrozen` does, and returns the verdict per load (`passed`, and each criterion's estimate,
 * interval, margin and status). Throws InputError when the gate is invalid or needs an arm or load the results lack.
 */
export function evaluateGate(gate: unknown, output: SimulationOutput, name = 'gate.json'): Record<string, LoadReport> {
  const parsedGate = parseGateFile(gate, name);
  if (!parsedGate.ok) throw new InputError(`${name}: not a valid gate`, parsedGate.issues);
  const parsed = parseResultFile({ tool: 'hsim', results: output.results }, 'results');
  if (!parsed.ok) throw new InputError('results: not valid simulation results', parsed.issues);
  const { set, issues } = mergeResults([{ file: 'results', result: parsed.value }]);
  if (issues.length > 0) throw new InputError('results: cannot be evaluated', [...issues]);
  return evaluateGateOnSet(parsedGate.value, name, set);
}
