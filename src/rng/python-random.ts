// CPython-compatible `random.Random(seed)`: MT19937 seeded by init_by_array, random() from two 32-bit outputs.

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/**
 * A Mersenne Twister (Matsumoto–Nishimura MT19937) that reproduces CPython's `random.Random(seed)` for integer
 * seeds: `random()` returns the same doubles, in the same order, as Python does.
 */
export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private mti = N + 1;

  /**
   * Seeds like CPython's `random.seed(int)`: the key is the 32-bit words of |seed|, least significant first
   * (one zero word for seed 0). Throws RangeError for a non-integer number.
   */
  constructor(seed: number | bigint) {
    this.initByArray(seedKey(seed));
  }

  /** Next raw 32-bit output (genrand_uint32), as an unsigned integer. */
  nextUint32(): number {
    const mt = this.mt;
    if (this.mti >= N) {
      let kk = 0;
      for (; kk < N - M; kk++) {
        const y = (mt[kk]! & UPPER_MASK) | (mt[kk + 1]! & LOWER_MASK);
        mt[kk] = mt[kk + M]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        const y = (mt[kk]! & UPPER_MASK) | (mt[kk + 1]! & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      const y = (mt[N - 1]! & UPPER_MASK) | (mt[0]! & LOWER_MASK);
      mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      this.mti = 0;
    }
    let y = mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** Uniform double in [0, 1) with 53 random bits: ((a >> 5)·2^26 + (b >> 6)) / 2^53, as CPython's random(). */
  random(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** An index in [0, n): floor(random()·n), the draw the published bootstrap analyses use. */
  index(n: number): number {
    return Math.floor(this.random() * n);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.mti = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    const keyLength = key.length;
    for (let k = Math.max(N, keyLength); k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= keyLength) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = (((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) >>> 0) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.mti = N;
  }
}

/** The init_by_array key CPython derives from an integer seed: 32-bit words of |seed|, low word first. */
export function seedKey(seed: number | bigint): number[] {
  if (typeof seed === 'number' && !Number.isInteger(seed)) {
    throw new RangeError(`PythonRandom seed must be an integer, got ${seed}`);
  }
  let v = typeof seed === 'bigint' ? seed : BigInt(seed);
  if (v < 0n) v = -v;
  const key: number[] = [];
  while (v > 0n) {
    key.push(Number(v & 0xffffffffn));
    v >>= 32n;
  }
  if (key.length === 0) key.push(0);
  return key;
}
