// The Table 12 sweep summary: robust vs flips at values, variants passing, several gates, and a missing base.
import { describe, expect, it } from 'vitest';
import { formatSweepSummary, summarizeSweep, variantParameters } from './sweep-summary.ts';

const v = (variant: string, load: string, passed: boolean) => ({ trace: 't', load, variant, passed });

describe('summarizeSweep', () => {
  it('per gate and parameter: robust or the flipping values, and n of N passing (hand-counted)', () => {
    const gateA = [
      v('base', '0.8', true), v('base', '0.95', false),
      v('predictor.minSamples=5', '0.8', true), v('predictor.minSamples=5', '0.95', false),
      v('predictor.minSamples=100', '0.8', true), v('predictor.minSamples=100', '0.95', false),
      v('aging=1000', '0.8', false), v('aging=1000', '0.95', true),
      v('aging=30000', '0.8', false), v('aging=30000', '0.95', false),
    ];
    const gateB = gateA.map((l) => ({ ...l, passed: true }));
    const rows = summarizeSweep(new Map([['A', gateA], ['B', gateB]]));
    expect(rows).toEqual([
      { parameter: 'predictor.minSamples', gate: 'A', verdict: 'robust', passing: 2, total: 4 },
      { parameter: 'aging', gate: 'A', verdict: 'flips at 1000, 30000', passing: 1, total: 4 },
      { parameter: 'predictor.minSamples', gate: 'B', verdict: 'robust', passing: 4, total: 4 },
      { parameter: 'aging', gate: 'B', verdict: 'robust', passing: 4, total: 4 },
    ]);
    expect(formatSweepSummary(rows).split('\n')[2]).toBe('aging                 A     flips at 1000, 30000  1 of 4');
  });

  it('splits grid variants and comma values, and refuses a verdict without its base', () => {
    expect(variantParameters('weights=4,2,1,aging=off')).toEqual([['weights', '4,2,1'], ['aging', 'off']]);
    expect(variantParameters('base')).toEqual([]);
    expect(() => summarizeSweep(new Map([['A', [v('aging=1', '0.8', true)]]]))).toThrow(/no base verdict/);
  });
});
