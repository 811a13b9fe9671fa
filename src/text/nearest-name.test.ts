// levenshtein and nearestName on hand-worked pairs (kitten → sitting is the textbook distance 3).
import { describe, expect, it } from 'vitest';
import { didYouMean, levenshtein, nearestName } from './nearest-name.ts';

describe('levenshtein', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('predictve', 'predictive')).toBe(1);
    expect(levenshtein('', 'abc')).toBe(3);
  });
  it('is 0 only for equal strings', () => {
    expect(levenshtein('fifo', 'fifo')).toBe(0);
    expect(levenshtein('fifo', 'fifa')).toBe(1);
  });
});

describe('nearestName', () => {
  const routings = ['fifo', 'oracle', 'per-key', 'predictive', 'predictive-cold', 'shadow'];
  it('finds the nearest known name of a typo', () => {
    expect(nearestName('predictve', routings)).toBe('predictive');
    expect(nearestName('wieghts', ['weights', 'pausing', 'no-aging'])).toBe('weights');
    expect(nearestName('FIFO', routings)).toBe('fifo');
  });
  it('suggests nothing for an unrelated word', () => {
    expect(nearestName('banana', routings)).toBeNull();
    expect(didYouMean('banana', routings)).toBeUndefined();
    expect(didYouMean('orcale', routings)).toBe('did you mean "oracle"?');
  });
});
