// Reusable typed arrays for engine runs: fresh memory costs page faults, so arms and loads of one simulation share them.

/** A pool of named typed arrays that grow on demand; a run's outputs stay valid until the next run using the pool. */
export class EngineBuffers {
  private readonly f64s = new Map<string, Float64Array>();
  private readonly i32s = new Map<string, Int32Array>();
  private readonly u8s = new Map<string, Uint8Array>();
  private readonly i8s = new Map<string, Int8Array>();

  /** A Float64Array view of length n (contents unspecified). */
  f64(name: string, n: number): Float64Array {
    return view(this.f64s, name, n, (k) => new Float64Array(k));
  }

  i32(name: string, n: number): Int32Array {
    return view(this.i32s, name, n, (k) => new Int32Array(k));
  }

  u8(name: string, n: number): Uint8Array {
    return view(this.u8s, name, n, (k) => new Uint8Array(k));
  }

  i8(name: string, n: number): Int8Array {
    return view(this.i8s, name, n, (k) => new Int8Array(k));
  }
}

function view<T extends Float64Array | Int32Array | Uint8Array | Int8Array>(pool: Map<string, T>, name: string, n: number, make: (k: number) => T): T {
  let a = pool.get(name);
  if (!a || a.length < n) {
    a = make(Math.max(1, n));
    pool.set(name, a);
  }
  return a.subarray(0, n) as T;
}
