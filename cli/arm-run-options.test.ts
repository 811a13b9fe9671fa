// Tests of the options of `traces diagnose` / `predictor warm`: --levels below 2 is blamed on --levels.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { parseDiagnoseOptions } from './arm-run-options.ts';

const opts = { levels: '3', workers: '4', load: '0.8', split: 'count', fraction: '0.5', arm: 'predictive', set: [] };

describe('parseDiagnoseOptions', () => {
  it('names --levels when a predictive arm gets one level, and takes two', () => {
    let err: unknown;
    try {
      parseDiagnoseOptions({ ...opts, levels: '1' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues).toEqual([expect.stringMatching(/^option --levels: 1 with the predictive arm predictive; expected at least 2 levels: /)]);
    expect(parseDiagnoseOptions({ ...opts, levels: '2' }).levels).toBe(2);
  });
  it('reads a decimal comma in --load as one problem with the load meant', () => {
    expect(() => parseDiagnoseOptions({ ...opts, load: '0,8' })).toThrow(InputError);
    try {
      parseDiagnoseOptions({ ...opts, load: '0,8' });
    } catch (e) {
      expect((e as InputError).issues).toEqual(['option --load: "0,8"; did you mean 0.8? (--load takes a list separated by commas; decimals use a point)']);
    }
  });
});
