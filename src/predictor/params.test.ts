// Tests of the predictor parameters: defaults, parsing, range errors, cross-field rules.
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { DEFAULT_PREDICTOR_PARAMS, PREDICTOR_PARAM_NAMES, applyPredictorOverrides, parsePredictorParam, validatePredictorParams } from './params.ts';

describe('predictor parameters', () => {
  it('has the SPEC §6 defaults', () => {
    expect(DEFAULT_PREDICTOR_PARAMS).toMatchObject({
      levels: 3, defaultLevel: 1, minSamples: 20, spreadRatio: 16, spreadQuantile: 0.99, censoredShare: 0.05,
      decay: 0.995, idleHalfLifeMs: 600000, idleMinGapMs: 1000, staleAfterMs: 1800000, pooledDecay: 0.9999,
      firstRefreshAt: 100, refreshEvery: 256, hysteresis: 0.1, maxKeys: 16384, shards: 16,
      recycleProvenIdleMs: 600000, recycleColdIdleMs: 30000, summary: 'median',
    });
    expect(PREDICTOR_PARAM_NAMES).toHaveLength(19);
    expect(() => validatePredictorParams(DEFAULT_PREDICTOR_PARAMS)).not.toThrow();
  });

  it('parses values, `off` where a parameter can be disabled, and summaries', () => {
    expect(parsePredictorParam('decay', '0.99')).toEqual({ name: 'decay', value: 0.99 });
    expect(parsePredictorParam('staleAfterMs', 'off')).toEqual({ name: 'staleAfterMs', value: Infinity });
    expect(parsePredictorParam('summary', 'p75')).toEqual({ name: 'summary', value: 'p75' });
    expect(parsePredictorParam('minSamples', 5)).toEqual({ name: 'minSamples', value: 5 });
  });

  it('refuses out-of-range values with where / found / expected', () => {
    expect(() => parsePredictorParam('decay', '1.5')).toThrow(new InputError('option --set predictor.decay: found 1.5; expected a number in (0, 1]'));
    expect(() => parsePredictorParam('decay', '0')).toThrow(/expected a number in \(0, 1\]/);
    expect(() => parsePredictorParam('levels', '2.5')).toThrow('option --set predictor.levels: found 2.5; expected an integer in [2, 32]');
    expect(() => parsePredictorParam('decay', 'off')).toThrow(InputError);
    expect(() => parsePredictorParam('spreadQuantile', '1')).toThrow('expected a number in (0, 1)');
    expect(() => parsePredictorParam('minSamples', '')).toThrow(InputError);
    expect(() => parsePredictorParam('summary', 'p90')).toThrow('expected one of median, mean, p75');
  });

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => parsePredictorParam('decayRate', '0.9')).toThrow(/option --set predictor.decayRate: found an unknown predictor parameter 'decayRate'; expected one of levels, defaultLevel/);
  });

  it('applies overrides, moving the default level with the levels, and collects every issue', () => {
    const p = applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { levels: '5', decay: '0.9' });
    expect(p.levels).toBe(5);
    expect(p.defaultLevel).toBe(2);
    expect(p.decay).toBe(0.9);
    expect(DEFAULT_PREDICTOR_PARAMS.decay).toBe(0.995);
    expect(applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { levels: 4, defaultLevel: 3 }).defaultLevel).toBe(3);
    let err: unknown;
    try {
      applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { decay: '2', foo: '1' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues).toHaveLength(2);
  });

  it('checks the cross-field rules', () => {
    expect(() => applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { defaultLevel: 3 })).toThrow('found 3 with levels=3; expected an integer in [0, 2]');
    expect(() => applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { maxKeys: 100 })).toThrow('expected a multiple of shards');
  });
});
