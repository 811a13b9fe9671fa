// Abbreviations of long arm names: unique even when long names share a prefix, short names untouched, and a key.
import { describe, expect, it } from 'vitest';
import { ABBREVIATION_MAX, armAbbreviations, armKeyTable, labelExpression } from './arm-abbreviations.ts';

describe('armAbbreviations', () => {
  const arms = [
    'fifo', 'predictive+weights+pausing', 'predictive+weights=4,2,1+pausing', 'predictive+weights=4,2,1+pausing+sizebins',
    'predictive+weights=4,2,1+pausing@predictor.decay=0.98', 'predictive+weights=4,2,1+pausing@predictor.decay=0.99',
    // Two names whose shortened forms are the same word for word, and two that differ only past the cut.
    'predictive-colder+weights+pausing', 'predictive-colden+weights+pausing',
    'predictive+weights=4,2,1+pausing+sizebins@predictor.minSamples=5,predictor.kappa=8', 'predictive+weights=4,2,1+pausing+sizebins@predictor.minSamples=5,predictor.kappa=9',
  ];
  const short = armAbbreviations(arms);

  it('leaves names up to the limit alone and abbreviates the longer ones within it', () => {
    expect(short.has('fifo')).toBe(false);
    expect(short.has('predictive+weights+pausing')).toBe(false); // 26 characters
    expect(short.get('predictive+weights=4,2,1+pausing')).toBe('pre+wei=4,2,1+pau');
    expect(short.get('predictive+weights=4,2,1+pausing@predictor.decay=0.98')).toBe('pre+wei=4,2,1+pau@pre.dec=0.98');
    for (const s of short.values()) expect(s.length).toBeLessThanOrEqual(ABBREVIATION_MAX + 3);
  });

  it('gives every arm a label no other arm has, also where long names share a prefix', () => {
    const labels = arms.map((a) => short.get(a) ?? a);
    expect(new Set(labels).size).toBe(arms.length);
    // The two "pre-col+wei+pau" collide word for word: the second in name order gets ~2.
    expect([short.get('predictive-colden+weights+pausing'), short.get('predictive-colder+weights+pausing')]).toEqual(['pre-col+wei+pau', 'pre-col+wei+pau~2']);
    const cut = 'pre+wei=4,2,1+pau+siz@pre.min=5,pre.kap…';
    expect([8, 9].map((k) => short.get(`predictive+weights=4,2,1+pausing+sizebins@predictor.minSamples=5,predictor.kappa=${k}`))).toEqual([cut, `${cut}~2`]);
  });

  it('does not depend on the order of the names, and abbreviates nothing in a set of short names', () => {
    expect([...armAbbreviations([...arms].reverse())].sort()).toEqual([...short].sort());
    expect(armAbbreviations(['fifo', 'oracle+weights+pausing']).size).toBe(0);
  });

  it('lists the key once per abbreviated arm (abbreviation → full name) and nothing without abbreviations', () => {
    const key = armKeyTable(short);
    expect(key.header).toEqual(['abbreviation', 'arm']);
    expect(key.rows.map((r) => r[1])).toEqual([...short.keys()]);
    expect(key.rows).toContainEqual(['pre+wei=4,2,1+pau', 'predictive+weights=4,2,1+pausing']);
    expect(armKeyTable(new Map()).rows).toEqual([]);
  });
});

describe('labelExpression', () => {
  it('maps each full label to its short form and leaves others, or is null with nothing to map', () => {
    expect(labelExpression(new Map([['a+long', 'a+l'], ['b+long', 'b+l']]))).toBe('datum.label === "a+long" ? "a+l" : datum.label === "b+long" ? "b+l" : datum.label');
    expect(labelExpression(new Map())).toBeNull();
  });
});
