// Arm strings: routing, flags, per-arm and global overrides, and the errors for bad ones.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { checkOverride, valueText, type OverrideValue } from '../src/config/overrides.ts';
import { parseArm, splitAssignments } from './arms/index.ts';

describe('parseArm', () => {
  it('parses flags with their defaults', () => {
    const a = parseArm('oracle+weights+pausing', 3);
    expect(a.routing.name).toBe('oracle');
    expect(a.flags).toMatchObject({ weights: [8, 3, 1], pausing: true, agingMs: 5000 });
    expect(parseArm('fifo+no-aging', 3).flags.agingMs).toBeNull();
    expect(parseArm('oracle+weights=4,2,1+aging=30000', 3).flags).toMatchObject({ weights: [4, 2, 1], agingMs: 30000 });
    expect(parseArm('oracle+weights', 4).flags.weights).toEqual([8, 4, 2, 1]);
  });

  it('applies global --set and per-arm @ overrides, per-arm winning', () => {
    const a = parseArm('oracle+weights+pausing@aging=100,weights=4,2,1', 3, ['aging=off', 'weights=16,4,1']);
    expect(a.flags).toMatchObject({ weights: [4, 2, 1], agingMs: 100, pausing: true });
    const b = parseArm('oracle+weights+pausing', 3, ['aging=off']);
    expect(b.flags).toMatchObject({ agingMs: null, pausing: false });
    // Arms without aging or weights are not changed by a global override.
    expect(parseArm('oracle+no-aging', 3, ['aging=1000']).flags.agingMs).toBeNull();
    expect(parseArm('oracle', 3, ['weights=4,2,1']).flags.weights).toBeNull();
    expect(parseArm('oracle@agingInterval=250', 3).agingIntervalMs).toBe(250);
  });

  it('splits assignments whose values hold commas', () => {
    expect(splitAssignments('weights=4,2,1,aging=10')).toEqual([['weights', '4,2,1'], ['aging', '10']]);
  });

  it.each([
    ['nope', /unknown routing "nope"/],
    ['fifo+bogus', /unknown flag "bogus"/],
    ['oracle+weights=1,2', /2 weights for 3 levels/],
    ['oracle+weights=a,b,c', /weights "a,b,c"/],
    ['oracle+aging=-5', /aging "-5"/],
    ['oracle+pausing+no-aging', /pausing together with no-aging/],
    ['fifo+summary=mean', /no predictor/],
    ['per-key+weights', /one queue per key/],
    ['fifo+pausing+pausing', /given twice/],
    ['oracle@colour=red', /unknown parameter "colour"/],
  ])('refuses %s', (text, message) => {
    expect(() => parseArm(text, 3)).toThrow(InputError);
    expect(() => parseArm(text, 3)).toThrow(message);
  });
});

describe('one table for arm strings and experiment overrides', () => {
  // Each value is either accepted by both the experiment-file check and the arm parser, or refused by both.
  it.each<[string, OverrideValue, boolean]>([
    ['aging', 1000, true], ['aging', 'off', true], ['aging', 0, false], ['aging', -5, false],
    ['weights', [4, 2, 1], true], ['weights', '16,4,1', true], ['weights', [4, -2, 1], false],
    ['agingInterval', 250, true], ['agingInterval', 0, false],
    ['predictor.minSamples', 5, true], ['predictor.minSamples', 2.5, false], ['predictor.staleAfterMs', 'off', true],
  ])('%s = %s: accepted %s by both', (name, value, ok) => {
    expect(checkOverride(name, value) === null).toBe(ok);
    const parse = (): void => {
      const arm = parseArm(`predictive+weights+pausing@${name}=${valueText(value)}`, 3);
      arm.routing.check?.(arm.flags, arm.predictorOverrides, 3, 1);
    };
    if (ok) expect(parse).not.toThrow();
    else expect(parse).toThrow(InputError);
  });
});
