// The broker's Scheduler: strict and weighted order by level, FIFO within a level, refusals (its differential runs in scheduler-core.test.ts).
import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.ts';

describe('Scheduler', () => {
  it('serves strict priority by level, FIFO within a level', () => {
    const s = new Scheduler<string>({ levels: 3, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
    s.enqueue(2, 'c', 0);
    s.enqueue(1, 'b1', 1);
    s.enqueue(1, 'b2', 2);
    s.enqueue(0, 'a', 3);
    expect([s.dequeue(4), s.dequeue(4), s.dequeue(4), s.dequeue(4), s.dequeue(4)]).toEqual(['a', 'b1', 'b2', 'c', null]);
  });

  it('weighted shares: with weights 3:1 and unit cost, level 0 gets 3 of every 4 starts', () => {
    const s = new Scheduler<string>({ levels: 2, weights: [3, 1], agingMs: null, agingIntervalMs: 500, pausing: false });
    for (let i = 0; i < 8; i++) {
      s.enqueue(0, `a${i}`, 0);
      s.enqueue(1, `b${i}`, 0);
    }
    const got: number[] = [];
    for (let i = 0; i < 8; i++) {
      s.dequeue(0);
      got.push(s.lastLevel);
    }
    // Hand-computed: clocks (a, b) start (0, 0); charges 1/3 and 1; ties go to level 0.
    expect(got).toEqual([0, 1, 0, 0, 0, 1, 0, 0]);
  });

  it('rejects a bad level and a bad config', () => {
    const s = new Scheduler<number>({ levels: 2, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false });
    expect(() => s.enqueue(2, 0, 0)).toThrow(/level 2/);
    expect(() => new Scheduler({ levels: 3, weights: [1, 2], agingMs: null, agingIntervalMs: 500, pausing: false })).toThrow(/2 weights/);
  });
});
