// Tie shuffles and jitter: hand-checked orders, determinism per seed, the untouched identity, and bad input.
import { describe, expect, it } from 'vitest';
import { traceFromRows } from './trace.ts';
import { isProblem, parseJitter, parseTies, perturbTrace } from './perturb.ts';

const rows = [
  { arrival_ms: 0, duration_ms: 1, key: 'a' },
  { arrival_ms: 5, duration_ms: 2, key: 'b' },
  { arrival_ms: 5, duration_ms: 3, key: 'c' },
  { arrival_ms: 5, duration_ms: 4, key: 'd' },
  { arrival_ms: 9, duration_ms: 5, key: 'e' },
];

describe('perturbTrace', () => {
  it('no perturbation returns the very trace', () => {
    const t = traceFromRows(rows);
    expect(perturbTrace(t, { ties: null, jitter: null })).toBe(t);
  });

  it('a tie shuffle permutes only rows that share an arrival, deterministically per seed', () => {
    const t = traceFromRows(rows);
    const orders = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const p = perturbTrace(t, { ties: { seed }, jitter: null });
      expect(Array.from(p.arrival)).toEqual([0, 5, 5, 5, 9]);
      expect(p.duration[0]).toBe(1);
      expect(p.duration[4]).toBe(5);
      expect([...p.duration.subarray(1, 4)].sort()).toEqual([2, 3, 4]);
      // Each row keeps its own key: the columns move together.
      for (let i = 0; i < 5; i++) expect(p.keys[p.keyId[i]!]).toBe('abcde'[p.duration[i]! - 1]);
      orders.add(Array.from(p.duration).join(','));
      expect(Array.from(perturbTrace(t, { ties: { seed }, jitter: null }).duration)).toEqual(Array.from(p.duration));
    }
    // 30 seeds over the 6 orders of three tied rows: all of them appear.
    expect(orders.size).toBe(6);
  });

  it('jitter moves each arrival within ±ms and re-sorts stably', () => {
    const t = traceFromRows(rows);
    const p = perturbTrace(t, { ties: null, jitter: { ms: 2, seed: 4 } });
    const a = Array.from(p.arrival);
    expect(a).toEqual([...a].sort((x, y) => x - y));
    for (let i = 0; i < 5; i++) {
      const original = rows[p.duration[i]! - 1]!.arrival_ms;
      expect(Math.abs(p.arrival[i]! - original)).toBeLessThanOrEqual(2);
    }
    // Zero jitter is a stable re-sort of unchanged arrivals: the file order.
    expect(Array.from(perturbTrace(t, { ties: null, jitter: { ms: 0, seed: 4 } }).duration)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('parseTies and parseJitter', () => {
  it('accept file, shuffle:SEED and MS:SEED', () => {
    expect(parseTies('file')).toBeNull();
    expect(parseTies('shuffle:7')).toEqual({ seed: 7 });
    expect(parseJitter('12.5:3')).toEqual({ ms: 12.5, seed: 3 });
  });

  it('refuse a shuffle without a seed and a negative jitter', () => {
    const t = parseTies('shuffle');
    expect(isProblem(t) && t.expected).toMatch(/shuffle:SEED/);
    const j = parseJitter('-5:1');
    expect(isProblem(j) && j.found).toBe('"-5:1"');
    expect(isProblem(parseJitter('5'))).toBe(true);
  });
});
