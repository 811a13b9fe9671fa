// Whether a result file was produced from a gate's locked experiment: same traces, loads, arms and options.
import { isObject } from '../src/json/json-value.ts';
import type { ExperimentSpec } from '../src/config/experiment-file.ts';

/**
 * Every way result file `file` (parsed JSON) departs from `experiment` (the config its gate's lock binds): a trace
 * the experiment does not list, a load or arm outside it, simulate options other than the experiment's (workers and
 * levels may take any value its overrides give them), or `--set` overrides no experiment applies. Empty when the
 * result could have come from the experiment. Messages read `file → path: found; expected … (locked experiment X)`.
 */
export function experimentDepartures(result: unknown, file: string, experiment: ExperimentSpec, experimentFile: string): string[] {
  const out: string[] = [];
  const locked = `locked experiment ${experimentFile}`;
  const say = (path: string, found: unknown, expected: string): void => void out.push(`${file} → ${path}: ${JSON.stringify(found)}; expected ${expected} (${locked})`);
  if (!isObject(result)) return [`${file}: not a result object (${locked})`];
  const trace = isObject(result['trace']) ? result['trace'] : {};
  const shas = experiment.traces.map((t) => t.sha256);
  if (!shas.includes(trace['sha256'] as string)) say('trace.sha256', trace['sha256'], `one of ${shas.join(', ')}`);
  const options = isObject(result['options']) ? result['options'] : {};
  const allowed = (name: 'workers' | 'levels'): number[] => [experiment[name], ...experiment.overrides.flatMap((o) => (typeof o[name] === 'number' ? [o[name]] : []))];
  const expectSame = (path: string, found: unknown, want: unknown): void => {
    if (found !== want) say(`options.${path}`, found, JSON.stringify(want));
  };
  for (const name of ['workers', 'levels'] as const) {
    if (!allowed(name).includes(options[name] as number)) say(`options.${name}`, options[name], `one of ${[...new Set(allowed(name))].join(', ')}`);
  }
  expectSame('split', options['split'], experiment.split);
  expectSame('fraction', options['fraction'], experiment.fraction);
  expectSame('windows', options['windows'], experiment.windows);
  expectSame('window_by', options['window_by'], experiment.windowBy);
  expectSame('seed', options['seed'], experiment.seed);
  if (options['set'] !== undefined) say('options.set', options['set'], 'no --set overrides: an experiment names its overrides per cell');
  const results = isObject(result['results']) ? result['results'] : {};
  for (const [load, lr] of Object.entries(results)) {
    if (!experiment.loads.includes(load)) say(`results.${load}`, load, `a load of ${experiment.loads.join(', ')}`);
    const arms = isObject(lr) && isObject(lr['arms']) ? Object.keys(lr['arms']) : [];
    for (const arm of arms) {
      const base = arm.split('@')[0]!;
      if (!experiment.arms.includes(base)) say(`results.${load}.arms`, arm, `an arm of ${experiment.arms.join(', ')}`);
    }
  }
  return out;
}
