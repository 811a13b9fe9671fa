// A binary min-heap of running messages ordered by (completion time, row index), allocation-free.

/** Min-heap keyed by (time, row). Capacity is fixed at construction (the number of workers). */
export class CompletionHeap {
  private readonly time: Float64Array;
  private readonly row: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.time = new Float64Array(Math.max(1, capacity));
    this.row = new Int32Array(Math.max(1, capacity));
  }

  /** Earliest completion time, Infinity when empty. */
  topTime(): number {
    return this.size > 0 ? this.time[0]! : Number.POSITIVE_INFINITY;
  }

  /** Row of the earliest completion (undefined behaviour when empty). */
  topRow(): number {
    return this.row[0]!;
  }

  push(t: number, r: number): void {
    const time = this.time;
    const row = this.row;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = time[p]!;
      if (pt < t || (pt === t && row[p]! < r)) break;
      time[i] = pt;
      row[i] = row[p]!;
      i = p;
    }
    time[i] = t;
    row[i] = r;
  }

  /** Removes the earliest entry. */
  pop(): void {
    const time = this.time;
    const row = this.row;
    const n = --this.size;
    if (n === 0) return;
    const t = time[n]!;
    const r = row[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const c2 = c + 1;
      if (c2 < n && (time[c2]! < time[c]! || (time[c2] === time[c] && row[c2]! < row[c]!))) c = c2;
      const ct = time[c]!;
      if (t < ct || (t === ct && r < row[c]!)) break;
      time[i] = ct;
      row[i] = row[c]!;
      i = c;
    }
    time[i] = t;
    row[i] = r;
  }
}
