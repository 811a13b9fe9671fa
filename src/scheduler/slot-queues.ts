// FIFO levels as intrusive linked lists over growable message slots (the scheduler's storage).

/** L FIFO queues over slot indices; a slot is in at most one queue. Grows on demand via `ensure`. */
export class SlotQueues {
  readonly head: Int32Array;
  readonly tail: Int32Array;
  readonly length: Int32Array;
  private next = new Int32Array(64).fill(-1);
  total = 0;

  constructor(levels: number) {
    this.head = new Int32Array(levels).fill(-1);
    this.tail = new Int32Array(levels).fill(-1);
    this.length = new Int32Array(levels);
  }

  /** Makes room for slots 0 … cap − 1. */
  ensure(cap: number): void {
    if (cap <= this.next.length) return;
    const n = new Int32Array(cap).fill(-1);
    n.set(this.next);
    this.next = n;
  }

  /** The slot after `s` in its queue, −1 at the tail. */
  nextOf(s: number): number {
    return this.next[s]!;
  }

  /** Appends slot s at the tail of queue l. */
  push(l: number, s: number): void {
    this.next[s] = -1;
    const t = this.tail[l]!;
    if (t < 0) this.head[l] = s;
    else this.next[t] = s;
    this.tail[l] = s;
    this.length[l]!++;
    this.total++;
  }

  /** Removes and returns the head of queue l (which must be non-empty). */
  shift(l: number): number {
    const s = this.head[l]!;
    const nx = this.next[s]!;
    this.head[l] = nx;
    if (nx < 0) this.tail[l] = -1;
    this.length[l]!--;
    this.total--;
    return s;
  }

  /** Unlinks slot s from queue l, given its predecessor `prev` (−1 when s is the head). */
  unlink(l: number, s: number, prev: number): void {
    if (prev < 0) {
      this.shift(l);
      return;
    }
    const nx = this.next[s]!;
    this.next[prev] = nx;
    if (nx < 0) this.tail[l] = prev;
    this.length[l]!--;
    this.total--;
  }
}
