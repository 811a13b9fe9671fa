// PythonRandom: CPython's MT19937 reproduced exactly (its check values, how it keys seeds, the state refresh).
import { describe, expect, it } from 'vitest';
import { PythonRandom, seedKey } from './python-random.ts';

describe('PythonRandom', () => {
  it('reproduces the SPEC §7 check values for seed 2026', () => {
    // Provenance: SPEC.md §7 (CPython random.Random(2026)).
    const r = new PythonRandom(2026);
    expect([r.random(), r.random(), r.random()]).toEqual([0.11911988496396309, 0.5025157552312506, 0.511822712773071]);
    const s = new PythonRandom(2026);
    expect(Array.from({ length: 14 }, () => s.index(7))).toEqual([0, 3, 3, 6, 0, 1, 4, 3, 5, 3, 5, 5, 5, 4]);
  });

  it('keys seeds ≥ 2^32, negative seeds and 0 as CPython does', () => {
    // Provenance: Python 3.11.7, random.Random(s).random() for s = 2**40+5, -7, 0.
    expect(new PythonRandom(2 ** 40 + 5).random()).toBe(0.5043802970418443);
    expect(new PythonRandom(2n ** 40n + 5n).random()).toBe(0.5043802970418443);
    expect(new PythonRandom(-7).random()).toBe(0.32383276483316237);
    expect(new PythonRandom(0).random()).toBe(0.8444218515250481);
    expect(seedKey(2n ** 40n + 5n)).toEqual([5, 256]);
    expect(seedKey(0)).toEqual([0]);
  });

  it('stays in [0, 1) past the first 624-word state refresh', () => {
    const r = new PythonRandom(1);
    for (let i = 0; i < 2000; i++) {
      const v = r.random();
      expect(v >= 0 && v < 1).toBe(true);
    }
  });

  it('rejects a non-integer seed', () => {
    expect(() => new PythonRandom(1.5)).toThrow(RangeError);
  });
});
