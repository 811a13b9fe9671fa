// Parsed rows held as growable typed arrays (interned keys) for when the input is not sorted by arrival.
import { intern, stableOrderBy } from '../src/trace/trace.ts';

/** Columnar store of kept rows; `order()` gives the stable arrival order for writing. */
export class RowBuffer {
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
  push(arrival: number, duration: number, key: string, cls: string, size: number): void {
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
