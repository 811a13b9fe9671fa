// Tests of `buildSimulationConfig`: the option a problem is blamed on is the option the user typed.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { buildSimulationConfig, type RawOptions } from './simulation-config-io.ts';

const base: RawOptions = { levels: '3', workers: '4', windows: '1', seed: '1', load: '0.8', split: 'count', fraction: '0.5', windowBy: 'count', arm: ['fifo'] };

function issuesOf(opts: RawOptions): readonly string[] {
  try {
    buildSimulationConfig({ ...base, ...opts });
  } catch (err) {
    if (err instanceof InputError) return err.issues;
    throw err;
  }
  return [];
}

describe('buildSimulationConfig: --levels with a predictive arm', () => {
  it('names --levels, not predictor.levels, and says predictive routing needs two levels', () => {
    expect(issuesOf({ levels: '1', arm: ['fifo', 'predictive', 'shadow'] })).toEqual([
      'option --levels: 1 with the predictive arm predictive; expected at least 2 levels: predictive routing sends each message to the level of its predicted tier, and one level leaves no tier to choose (e.g. --levels 3, the default; for a single queue use the fifo arm)',
      'option --levels: 1 with the predictive arm shadow; expected at least 2 levels: predictive routing sends each message to the level of its predicted tier, and one level leaves no tier to choose (e.g. --levels 3, the default; for a single queue use the fifo arm)',
    ]);
  });
  it('takes one level for arms without a predictor and two for a predictive one; a refused --levels is one issue', () => {
    expect(issuesOf({ levels: '1', arm: ['fifo'] })).toEqual([]);
    expect(issuesOf({ levels: '2', arm: ['predictive'] })).toEqual([]);
    expect(issuesOf({ levels: 'x', arm: ['predictive'] })).toEqual(['option --levels: "x"; expected an integer from 1 to 64']);
  });
});
