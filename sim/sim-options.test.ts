// Simulation options from the CLI: each number is checked against its documented range, all problems at once.
import { describe, expect, it } from 'vitest';
import { parseInteger, parseLoads, parseStaticMap } from './sim-options.ts';
import { mutateJson } from '../src/rng/fuzz-mutate.ts';
import { createRng } from '../src/rng/seeded.ts';

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
