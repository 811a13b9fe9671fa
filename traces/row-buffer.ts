// Rows held in memory as growable typed arrays with interned keys: unsorted converter input, in-memory generated traces.
import { intern, stableOrderBy, type Trace } from '../src/trace/trace.ts';
import type { RowSink } from './row-sink.ts';

/** Columnar store of rows; `order()` gives the stable arrival order for writing, `toTrace()` the sorted trace. */
export class RowBuffer implements RowSink {
  /** Whether class ids and sizes are stored (a trace without those columns saves 12 bytes a row). */
  readonly withClass: boolean;
  readonly withSize: boolean;
  n = 0;
  arrival: Float64Array = new Float64Array(1024);
  duration: Float64Array = new Float64Array(1024);
  keyId: Int32Array = new Int32Array(1024);
  classId: Int32Array;
  size: Float64Array;
  readonly keys: string[] = [];
  readonly classes: string[] = [];
  private readonly keyIndex = new Map<string, number>();
  private readonly classIndex = new Map<string, number>();

  constructor(withClass: boolean, withSize: boolean) {
    this.withClass = withClass;
    this.withSize = withSize;
    this.classId = new Int32Array(withClass ? 1024 : 0);
    this.size = new Float64Array(withSize ? 1024 : 0);
  }

  /** Appends one row (amortised O(1)). */
  write(arrival: number, duration: number, key: string, cls: string, size: number): void {
    if (this.n === this.arrival.length) this.grow();
    const i = this.n++;
    this.arrival[i] = arrival;
    this.duration[i] = duration;
    this.keyId[i] = intern(key, this.keys, this.keyIndex);
    if (this.withClass) this.classId[i] = intern(cls, this.classes, this.classIndex);
    if (this.withSize) this.size[i] = size;
  }

  /** Row indices in stable arrival order (ties keep input order). O(n log n). */
  order(): Uint32Array {
    return stableOrderBy(this.arrival.subarray(0, this.n));
  }

  /**
   * The rows as a Trace sorted stably by arrival, keys and classes interned in sorted-row order (what
   * `traceFromRows` gives for the same rows). O(n) when already sorted, O(n log n) otherwise.
   */
  toTrace(): Trace {
    const n = this.n;
    const order = this.order();
    const arrival = new Float64Array(n);
    const duration = new Float64Array(n);
    const keyId = new Int32Array(n);
    const classId = this.withClass ? new Int32Array(n) : null;
    const size = this.withSize ? new Float64Array(n) : null;
    const keys: string[] = [];
    const classes: string[] = [];
    const keyMap = new Int32Array(this.keys.length).fill(-1);
    const classMap = new Int32Array(this.classes.length).fill(-1);
    for (let j = 0; j < n; j++) {
      const i = order[j]!;
      arrival[j] = this.arrival[i]!;
      duration[j] = this.duration[i]!;
      const k = this.keyId[i]!;
      if (keyMap[k] === -1) keyMap[k] = keys.push(this.keys[k]!) - 1;
      keyId[j] = keyMap[k]!;
      if (classId !== null) {
        const c = this.classId[i]!;
        if (classMap[c] === -1) classMap[c] = classes.push(this.classes[c]!) - 1;
        classId[j] = classMap[c]!;
      }
      if (size !== null) size[j] = this.size[i]!;
    }
    return { n, arrival, duration, keyId, keys, classId, classes: classId === null ? null : classes, size };
  }

  private grow(): void {
    const cap = this.arrival.length * 2;
    this.arrival = growF64(this.arrival, cap);
    this.duration = growF64(this.duration, cap);
    if (this.withSize) this.size = growF64(this.size, cap);
    const k = new Int32Array(cap);
    k.set(this.keyId);
    this.keyId = k;
    if (this.withClass) {
      const c = new Int32Array(cap);
      c.set(this.classId);
      this.classId = c;
    }
  }
}

function growF64(a: Float64Array, cap: number): Float64Array {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}
