// Simulation options from the CLI: each number is checked against its documented range, all problems at once.
import { describe, expect, it } from 'vitest';
import { decimalCommaLoads, parseFraction, parseLoads, parseStaticMap } from './sim-options.ts';
import { parseInteger } from '../src/config/numeric-input.ts';
import { mutateJson } from '../src/rng/fuzz-mutate.ts';
import { createRng } from '../src/rng/seeded.ts';

describe('parseInteger', () => {
  it('accepts a whole number inside the range', () => {
    const issues: string[] = [];
    expect(parseInteger('64', 'option --workers', 'workers', issues)).toBe(64);
    expect(parseInteger('0', 'option --seed', 'seed', issues)).toBe(0);
    expect(issues).toEqual([]);
  });
  it('refuses the values that used to crash, exhaust memory or run for minutes', () => {
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

describe('parseStaticMap fuzz (seeded)', () => {
  it('600 mutated static maps: a map of valid levels or issues naming the file; nothing throws', () => {
    const rng = createRng(1703).fork('static-map');
    const base = { 'app/f': 0, 'app/g': 2, invoice: 1, 'u1/q': 1 };
    let refused = 0;
    for (let i = 0; i < 600 * Number(process.env.HSIM_FUZZ_SCALE ?? '1'); i++) {
      const issues: string[] = [];
      const map = parseStaticMap(mutateJson(rng, base), 'map.json', 3, issues);
      for (const level of map.values()) expect(Number.isInteger(level) && level >= 0 && level < 3).toBe(true);
      for (const issue of issues) expect(issue.startsWith('map.json'), issue).toBe(true);
      if (issues.length > 0) refused++;
    }
    expect(refused).toBeGreaterThan(150);
  });
});

describe('decimal commas', () => {
  it('reads a digits part that is no load by itself, then a digits part, as one decimal when that is a load', () => {
    expect(decimalCommaLoads('0,8')).toBe('0.8');
    expect(decimalCommaLoads('0,5,0,8')).toBe('0.5,0.8');
    expect(decimalCommaLoads('0,95, 0.5')).toBe('0.95,0.5');
  });
  it('leaves real lists alone: decimals with points, whole loads in range, and joins that are no load either', () => {
    for (const list of ['0.5,0.8', '1,5', '0.8', 'as-is', '2000,5', '0,0', '0,-8']) expect(decimalCommaLoads(list), list).toBeNull();
    const issues: string[] = [];
    expect(parseLoads('0.5,0.8', 'option --load', issues)).toEqual([0.5, 0.8]);
    expect(parseLoads('1,5', 'option --load', issues)).toEqual([1, 5]);
    expect(issues).toEqual([]);
  });
  it('gives one issue with the list meant, and a hint for single numbers', () => {
    const issues: string[] = [];
    expect(parseLoads('0,8', 'option --load', issues)).toEqual([]);
    parseFraction('0,3', 'option --fraction', issues);
    parseInteger('0,5', 'option --overhead', 'overhead', issues);
    parseInteger('6,4', 'option --workers', 'workers', issues);
    expect(issues).toEqual([
      'option --load: "0,8"; did you mean 0.8? (--load takes a list separated by commas; decimals use a point)',
      'option --fraction: "0,3"; expected a number in (0, 1) (did you mean 0.3? decimals use a point)',
      'option --overhead: "0,5"; expected a number from 0 to 3600000 (did you mean 0.5? decimals use a point)',
      'option --workers: "6,4"; expected an integer from 1 to 100000',
    ]);
  });
});
