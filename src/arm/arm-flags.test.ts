// The one table of arm flags and parameters: lookups, value checks and the messages that list them.
import { describe, expect, it } from 'vitest';
import {
  ARM_FLAGS, checkParamValue, defaultFlagState, defaultWeights, findFlag, findParam, paramNames, parseWeightList, type RoutingTraits,
} from './arm-flags.ts';

const levels: RoutingTraits = { name: 'oracle', needsPredictor: false, queues: 'levels' };
const perKey: RoutingTraits = { name: 'per-key', needsPredictor: false, queues: 'per-key' };
const predictive: RoutingTraits = { name: 'predictive', needsPredictor: true, queues: 'levels' };

describe('flags', () => {
  it('finds each flag, and which routings take it by their declared properties', () => {
    expect(ARM_FLAGS.map((f) => f.usage).join(', ')).toBe('weights[=a,b,c], pausing, no-aging, aging=<ms>, summary=median|mean|p75, keys=producer, sizebins');
    expect(findFlag('no-aging')!.slot).toBe(findFlag('aging')!.slot);
    expect(findFlag('colour')).toBeUndefined();
    expect(findFlag('summary')!.refusedBy(levels, 'summary')).toEqual({ found: 'flag "summary" on routing "oracle", which has no predictor', expected: 'a predictive routing' });
    expect(findFlag('summary')!.refusedBy(predictive, 'summary')).toBeNull();
    expect(findFlag('pausing')!.refusedBy(perKey, 'pausing')!.expected).toBe('no scheduling flags');
  });

  it('applies values to the state, and refuses bad ones', () => {
    const s = defaultFlagState();
    expect(s.agingMs).toBe(5000);
    expect(findFlag('weights')!.apply(s, null, 4)).toBeNull();
    expect(s.weights).toEqual([8, 4, 2, 1]);
    expect(findFlag('aging')!.apply(s, '250', 3)).toBeNull();
    expect(s.agingMs).toBe(250);
    expect(findFlag('aging')!.apply(s, '-1', 3)).toEqual({ found: 'aging "-1"', expected: 'aging=<ms> with a positive number of milliseconds' });
    expect(findFlag('pausing')!.apply(s, 'yes', 3)).toEqual({ found: 'flag "pausing=yes"', expected: '"pausing" without a value' });
  });

  it('reads weight lists and default weights (SPEC §5: 8, 3, 1 for three levels)', () => {
    expect(parseWeightList('4,2,1')).toEqual([4, 2, 1]);
    expect(parseWeightList('4,,1')).toBeNull();
    expect(defaultWeights(3)).toEqual([8, 3, 1]);
    expect(defaultWeights(2)).toEqual([2, 1]);
  });
});

describe('parameters', () => {
  it('finds parameters by name or prefix and lists them by scope', () => {
    expect(findParam('predictor.decay')!.name).toBe('predictor.');
    expect(findParam('levels')!.scope).toBe('option');
    expect(findParam('bogus')).toBeUndefined();
    expect(paramNames('arm')).toEqual(['predictor.<name>', 'aging', 'weights', 'agingInterval']);
    expect(paramNames('option')).toEqual(['levels', 'workers']);
  });

  it('checks experiment values, with the predictor rules for predictor.*', () => {
    expect(checkParamValue('aging', 'off')).toBeNull();
    expect(checkParamValue('aging', 0)).toEqual({ found: '0', expected: 'a positive number of ms or "off"' });
    expect(checkParamValue('weights', [8, 3, 1])).toBeNull();
    expect(checkParamValue('workers', 0)).toEqual({ found: '0', expected: 'an integer from 1 to 100000' });
    expect(checkParamValue('predictor.decay', 1.5)).toEqual({ found: '1.5', expected: 'a number in (0, 1]' });
    expect(checkParamValue('bogus', 1)).toEqual({ found: 'an unknown parameter "bogus"', expected: 'predictor.<name>, aging, weights, agingInterval, levels, workers' });
  });

  it('applies to the arms that concern them: predictor.* to predictive routings, weights to weighted arms', () => {
    const state = { flags: defaultFlagState(), byFlags: { ages: true, pausing: false }, predictorOverrides: {}, agingIntervalMs: 500 };
    expect(findParam('predictor.decay')!.appliesTo(levels, state)).toBe(false);
    expect(findParam('predictor.decay')!.appliesTo(predictive, state)).toBe(true);
    expect(findParam('weights')!.appliesTo(levels, state)).toBe(false);
    expect(findParam('aging')!.appliesTo(perKey, state)).toBe(false);
  });
});
