// Simulation options from the CLI: each number is checked against its documented range, all problems at once.
import { describe, expect, it } from 'vitest';
import { parseInteger, parseLoads } from './sim-options.ts';

describe('parseInteger', () => {
  it('accepts a whole number inside the range', () => {
    const issues: string[] = [];
    expect(parseInteger('64', 'option --workers', 'workers', issues)).toBe(64);
    expect(parseInteger('0', 'option --seed', 'seed', issues)).toBe(0);
    expect(issues).toEqual([]);
  });
  it('refuses the values that used to crash, exhaust memory or run for minutes (issue 17)', () => {
    const issues: string[] = [];
    parseInteger('1e12', 'option --workers', 'workers', issues);
    parseInteger('1e300', 'option --windows', 'windows', issues);
    parseInteger('1e8', 'option --levels', 'levels', issues);
    parseInteger('', 'option --levels', 'levels', issues);
    parseInteger('2.5', 'option --windows', 'windows', issues);
    expect(issues).toEqual([
      'option --workers: "1e12"; expected an integer from 1 to 100000',
      'option --windows: "1e300"; expected an integer from 1 to 10000',
      'option --levels: "1e8"; expected an integer from 1 to 64',
      'option --levels: ""; expected an integer from 1 to 64',
      'option --windows: "2.5"; expected an integer from 1 to 10000',
    ]);
  });
});

describe('parseLoads', () => {
  it('parses a list of loads and as-is', () => {
    const issues: string[] = [];
    expect(parseLoads('0.5, 0.8,as-is', 'option --load', issues)).toEqual([0.5, 0.8, 'as-is']);
    expect(issues).toEqual([]);
  });
  it('refuses a subnormal, zero, huge or non-numeric load', () => {
    const issues: string[] = [];
    expect(parseLoads('1e-320,0,1e9,x', 'option --load', issues)).toEqual([]);
    expect(issues).toHaveLength(4);
    expect(issues[0]).toBe('option --load: load "1e-320"; expected a number from 0.000001 to 1000 or as-is');
  });
});
