// The weighted-shares selector: non-empty queues in a min-heap by (virtual clock, queue index).

/** Min-heap of queue indices ordered by (clock[q], q); each queue is in it at most once. */
export class ShareHeap {
  private readonly items: Int32Array;
  size = 0;

  constructor(queues: number, private readonly clock: Float64Array) {
    this.items = new Int32Array(Math.max(1, queues));
  }

  private less(a: number, b: number): boolean {
    const ca = this.clock[a]!;
    const cb = this.clock[b]!;
    return ca < cb || (ca === cb && a < b);
  }

  /** The queue with the smallest clock (ties to the lower index). Undefined when empty. */
  top(): number {
    return this.items[0]!;
  }

  push(q: number): void {
    const items = this.items;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.less(items[p]!, q)) break;
      items[i] = items[p]!;
      i = p;
    }
    items[i] = q;
  }

  /** Removes queue q (rare: a level emptied by promotion); a no-op when q is not in the heap. */
  remove(q: number): void {
    const items = this.items;
    let p = 0;
    while (p < this.size && items[p] !== q) p++;
    if (p === this.size) return;
    const last = items[--this.size]!;
    if (p === this.size) return;
    // Put the last item in q's place, then sift it up or down (the order (clock, index) is total).
    let i = p;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (this.less(items[up]!, last)) break;
      items[i] = items[up]!;
      i = up;
    }
    if (i === p) {
      for (;;) {
        let c = 2 * i + 1;
        if (c >= this.size) break;
        if (c + 1 < this.size && this.less(items[c + 1]!, items[c]!)) c++;
        if (!this.less(items[c]!, last)) break;
        items[i] = items[c]!;
        i = c;
      }
    }
    items[i] = last;
  }

  /** Restores order after the top's clock increased (or removes the top when `remove`). */
  fixTop(remove: boolean): void {
    const items = this.items;
    const n = remove ? --this.size : this.size;
    if (n === 0) return;
    const q = remove ? items[n]! : items[0]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.less(items[c + 1]!, items[c]!)) c++;
      if (!this.less(items[c]!, q)) break;
      items[i] = items[c]!;
      i = c;
    }
    items[i] = q;
  }
}
