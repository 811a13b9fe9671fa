// PriorityHeap against a plain sorted-array reference on seeded random input, and its tie order.
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/rng/seeded.ts';
import { PriorityHeap } from './priority-heap.ts';

describe('PriorityHeap', () => {
  it('pops in (key, index) order: equal keys by index', () => {
    const h = new PriorityHeap(new Float64Array(4), new Int32Array(4));
    h.push(5, 3);
    h.push(2, 7);
    h.push(5, 1);
    h.push(2, 0);
    const out: [number, number][] = [];
    while (h.size > 0) {
      out.push([h.topKey(), h.topIndex()]);
      h.pop();
    }
    expect(out).toEqual([[2, 0], [2, 7], [5, 1], [5, 3]]);
  });

  it('is empty with key Infinity, and a pop of an empty heap keeps it empty', () => {
    const h = new PriorityHeap(new Float64Array(2), new Int32Array(2));
    expect(h.topKey()).toBe(Number.POSITIVE_INFINITY);
    h.pop();
    expect(h.size).toBe(0);
  });

  it('agrees with a sorted reference on 5000 random pushes and pops (keys with many ties)', () => {
    const rng = createRng(11).fork('heap');
    const h = new PriorityHeap(new Float64Array(5000), new Int32Array(5000));
    const ref: [number, number][] = [];
    let nextIndex = 0;
    for (let step = 0; step < 10_000; step++) {
      if (ref.length === 0 || (rng.next() < 0.55 && nextIndex < 5000)) {
        const k = Math.floor(rng.next() * 20);
        h.push(k, nextIndex);
        ref.push([k, nextIndex++]);
        ref.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      } else {
        expect([h.topKey(), h.topIndex()]).toEqual(ref[0]);
        h.pop();
        ref.shift();
      }
      expect(h.size).toBe(ref.length);
    }
  });
});
