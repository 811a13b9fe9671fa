// ShareHeap against a sorted list on random pushes, charges and removals, and its tie rule by hand.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ShareHeap } from './share-heap.ts';

describe('ShareHeap', () => {
  it('keeps the queue with the smallest (clock, index) on top through push, fixTop and remove', () => {
    const op = fc.record({ kind: fc.constantFrom('push', 'charge', 'remove'), q: fc.integer({ min: 0, max: 7 }), c: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const clock = new Float64Array(8);
        const heap = new ShareHeap(8, clock);
        const inHeap = new Set<number>();
        for (const o of ops) {
          if (o.kind === 'push' && !inHeap.has(o.q)) {
            heap.push(o.q);
            inHeap.add(o.q);
          } else if (o.kind === 'charge' && inHeap.size > 0) {
            const t = heap.top();
            clock[t] = clock[t]! + o.c;
            heap.fixTop(false);
          } else if (o.kind === 'remove') {
            heap.remove(o.q); // a no-op when q is not in the heap
            inHeap.delete(o.q);
          }
          expect(heap.size).toBe(inHeap.size);
          // The plain rule: the smallest clock, ties to the lower index.
          const best = [...inHeap].sort((a, b) => clock[a]! - clock[b]! || a - b)[0];
          if (best !== undefined) expect(heap.top()).toBe(best);
        }
      }),
      { seed: 20261203, numRuns: 300 },
    );
  });

  it('breaks clock ties to the lower queue, and remove of an absent queue changes nothing', () => {
    const clock = Float64Array.of(1, 1, 0.5);
    const heap = new ShareHeap(3, clock);
    heap.push(1);
    heap.push(0);
    expect(heap.top()).toBe(0);
    heap.remove(2);
    expect([heap.size, heap.top()]).toEqual([2, 0]);
    heap.push(2);
    heap.remove(2);
    heap.remove(0);
    expect([heap.size, heap.top()]).toEqual([1, 1]);
  });
});
