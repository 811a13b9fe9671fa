// Describing parsed JSON values in messages, and telling plain objects from arrays and null.
import { describe as group, expect, it } from 'vitest';
import { describe, isObject } from './json-value.ts';

group('json values', () => {
  it('describes values briefly, shortening long texts', () => {
    expect([describe(undefined), describe(null), describe([1]), describe({}), describe('ab'), describe(3)]).toEqual(['nothing', 'null', 'an array', 'an object', '"ab"', '3']);
    expect(describe('x'.repeat(70))).toBe(`"${'x'.repeat(57)}..."`);
  });

  it('knows a plain object from an array and null', () => {
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject([1]) || isObject(null) || isObject('a')).toBe(false);
  });
});
