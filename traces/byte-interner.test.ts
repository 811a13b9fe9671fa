// Tests of the byte-string interner against a Map reference, including hash collisions and table growth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteInterner, hashBytes } from './byte-interner.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('ByteInterner', () => {
  it('gives dense ids in order of first sight and finds them again', () => {
    const it8 = new ByteInterner();
    const ids = ['a', 'bb', 'a', 'ключ', 'bb', ''].map((s) => {
      const b = enc(s);
      return it8.intern(b, 0, b.length, hashBytes(b, 0, b.length));
    });
    expect(ids).toEqual([0, 1, 0, 2, 1, 3]);
    expect(it8.strings).toEqual(['a', 'bb', 'ключ', '']);
    expect(it8.size).toBe(4);
  });

  it('tells apart different bytes with the same hash', () => {
    const it8 = new ByteInterner();
    const a = enc('first');
    const b = enc('second');
    expect(it8.intern(a, 0, a.length, 42)).toBe(0);
    expect(it8.intern(b, 0, b.length, 42)).toBe(1);
    expect(it8.intern(a, 0, a.length, 42)).toBe(0);
  });

  it('returns -1 for bytes that are not UTF-8, adding nothing', () => {
    const it8 = new ByteInterner();
    const bad = new Uint8Array([0x61, 0xc3]);
    expect(it8.intern(bad, 0, 2, hashBytes(bad, 0, 2))).toBe(-1);
    expect(it8.size).toBe(0);
  });

  it('agrees with a Map over many strings (growth and rehash; property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 3000 }), (words) => {
        const it8 = new ByteInterner();
        const ref = new Map<string, number>();
        for (const w of words) {
          const b = enc(w);
          if (!ref.has(w)) ref.set(w, ref.size);
          expect(it8.intern(b, 0, b.length, hashBytes(b, 0, b.length))).toBe(ref.get(w));
        }
        expect(it8.strings).toEqual([...ref.keys()]);
      }),
      { seed: 11, numRuns: 30 },
    );
  });
});
