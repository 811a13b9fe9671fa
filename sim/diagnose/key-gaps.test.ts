// Tests of the key section: history coverage, first arrivals, and gaps at the simulated time scale.
import { describe, expect, it } from 'vitest';
import { keyGaps } from './key-gaps.ts';

// Rows (arrival ms, key): history 0 a, 10 b; evaluation 30 a, 31 c, 100 a, 101 b. Compress 2 halves every gap:
// a: 30 − 0 = 30 → 15; c: first; a: 100 − 30 = 70 → 35; b: 101 − 10 = 91 → 45.5.
const arrival = Float64Array.of(0, 10, 30, 31, 100, 101);
const keys = { rowKeyId: Int32Array.of(0, 1, 0, 2, 0, 1), distinct: ['a', 'b', 'c'] };

describe('keyGaps', () => {
  it('counts gaps strictly above each limit at the compressed scale', () => {
    const g = keyGaps(arrival, 2, 6, keys, 2, 35, 15);
    expect(g).toEqual({
      count: 3, history_count: 2, evaluation_count: 3,
      in_history_share: 3 / 4, first_arrival_share: 1 / 4,
      stale_share: 1 / 4, // only 45.5 > 35 (35 itself is not stale: the rule is strict)
      idle_share: 2 / 4, // 35 and 45.5 > 15
      stale_after_ms: 35, idle_half_life_ms: 15,
    });
  });
  it('counts nothing stale when staleness is off, and shares are 0 without evaluation rows', () => {
    expect(keyGaps(arrival, 2, 6, keys, 1, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY).stale_share).toBe(0);
    expect(keyGaps(arrival, 6, 6, keys, 1, 1, 1)).toMatchObject({ evaluation_count: 0, stale_share: 0, in_history_share: 0 });
  });
});
