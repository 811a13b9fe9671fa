// FIFO queues (priority levels, or one per key) as intrusive linked lists over message indices.

/**
 * Q FIFO queues over message indices 0 … capacity−1. A message is in at most one queue; `next` links are shared,
 * so memory is O(M + Q) whatever Q is, and no operation allocates (`ensure` grows the links on demand).
 */
export class LevelQueues {
  readonly head: Int32Array;
  readonly tail: Int32Array;
  readonly length: Int32Array;
  private next: Int32Array;
  total = 0;

  /** `next` (optional) is a reusable array of at least `messages` entries; its contents are overwritten as used. */
  constructor(queues: number, messages: number, next?: Int32Array) {
    this.head = new Int32Array(queues).fill(-1);
    this.tail = new Int32Array(queues).fill(-1);
    this.length = new Int32Array(queues);
    this.next = next ?? new Int32Array(Math.max(1, messages));
  }

  /** Makes room for message indices 0 … cap − 1 (keeps the links). */
  ensure(cap: number): void {
    if (cap <= this.next.length) return;
    const n = new Int32Array(cap);
    n.set(this.next);
    this.next = n;
  }

  /** Appends message m at the tail of queue q. */
  push(q: number, m: number): void {
    this.next[m] = -1;
    const t = this.tail[q]!;
    if (t < 0) this.head[q] = m;
    else this.next[t] = m;
    this.tail[q] = m;
    this.length[q]!++;
    this.total++;
  }

  /** Removes and returns the head of queue q (which must be non-empty). */
  shift(q: number): number {
    const m = this.head[q]!;
    const nx = this.next[m]!;
    this.head[q] = nx;
    if (nx < 0) this.tail[q] = -1;
    this.length[q]!--;
    this.total--;
    return m;
  }
}
