// A binary min-heap of message indices keyed by a number (a completion time, a priority), on typed arrays, allocation-free.

/**
 * Min-heap of message indices ordered by (key, index): the smaller key first, equal keys in index (arrival) order.
 * The engines keep their running messages in one (keyed by completion time) and the ideal-order engines their
 * waiting ones (keyed by priority). The storage is passed in (e.g. from EngineBuffers); its length is the capacity.
 */
export class PriorityHeap {
  size = 0;

  constructor(
    private readonly key: Float64Array,
    private readonly idx: Int32Array,
  ) {}

  /** A heap with storage of its own for `capacity` entries (at least one). */
  static ofCapacity(capacity: number): PriorityHeap {
    const n = Math.max(1, capacity);
    return new PriorityHeap(new Float64Array(n), new Int32Array(n));
  }

  /** Key of the first entry, Infinity when empty. */
  topKey(): number {
    return this.size > 0 ? this.key[0]! : Number.POSITIVE_INFINITY;
  }

  /** Index of the first entry (undefined behaviour when empty). */
  topIndex(): number {
    return this.idx[0]!;
  }

  /** Adds entry (k, i); the caller keeps size within the capacity. */
  push(k: number, i: number): void {
    const key = this.key;
    const idx = this.idx;
    let c = this.size++;
    while (c > 0) {
      const p = (c - 1) >> 1;
      const pk = key[p]!;
      if (pk < k || (pk === k && idx[p]! < i)) break;
      key[c] = pk;
      idx[c] = idx[p]!;
      c = p;
    }
    key[c] = k;
    idx[c] = i;
  }

  /** Removes the first entry. */
  pop(): void {
    const key = this.key;
    const idx = this.idx;
    const n = --this.size;
    if (n <= 0) {
      this.size = 0;
      return;
    }
    const k = key[n]!;
    const i = idx[n]!;
    let c = 0;
    for (;;) {
      let ch = 2 * c + 1;
      if (ch >= n) break;
      const c2 = ch + 1;
      if (c2 < n && (key[c2]! < key[ch]! || (key[c2] === key[ch] && idx[c2]! < idx[ch]!))) ch = c2;
      const ck = key[ch]!;
      if (k < ck || (k === ck && i < idx[ch]!)) break;
      key[c] = ck;
      idx[c] = idx[ch]!;
      c = ch;
    }
    key[c] = k;
    idx[c] = i;
  }
}
