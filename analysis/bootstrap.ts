// Percentile bootstrap of a mean: iid, moving-block and circular-block resampling (SPEC §7), CPython-compatible draws.
import { PythonRandom } from '../src/rng/python-random.ts';
import { exactMean } from './exact-sum.ts';

/** Resampling schemes: iid indices, moving blocks (Künsch 1989) or circular blocks (Politis–Romano 1992). */
export type BootstrapMethod = 'iid' | 'moving-block' | 'circular-block';

/** The bootstrap methods accepted in gate files. */
export const BOOTSTRAP_METHODS: readonly BootstrapMethod[] = ['iid', 'moving-block', 'circular-block'];

/** How to bootstrap: method, block length (block methods), number of resamples B, seed and confidence level. */
export interface BootstrapOptions {
  readonly method: BootstrapMethod;
  readonly block: number;
  readonly samples: number;
  readonly seed: number;
  readonly confidence: number;
}

/** A percentile interval. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** A source of uniform doubles on [0, 1) (PythonRandom in practice). */
export interface UniformSource {
  random(): number;
}

/**
 * Fills out[0..n) with the indices of one resample of n values, drawing from `rng` in SPEC §7 order:
 * iid — n indices floor(random()·n); moving-block — ⌈n/b⌉ starts floor(random()·(n−b+1)), each followed by its
 * b consecutive indices, cut to n; circular-block — starts floor(random()·n), indices wrapping modulo n.
 * Throws RangeError when n < 1 or a block method has b outside 1..n.
 */
export function resampleIndices(method: BootstrapMethod, n: number, block: number, rng: UniformSource, out: Int32Array): void {
  if (n < 1) throw new RangeError(`cannot resample ${n} values`);
  if (method === 'iid') {
    for (let k = 0; k < n; k++) out[k] = Math.floor(rng.random() * n);
    return;
  }
  if (!Number.isInteger(block) || block < 1 || block > n) throw new RangeError(`block length ${block} must be 1..${n} for ${n} values`);
  const blocks = Math.ceil(n / block);
  const starts = method === 'moving-block' ? n - block + 1 : n;
  let k = 0;
  for (let j = 0; j < blocks; j++) {
    const start = Math.floor(rng.random() * starts);
    for (let t = 0; t < block && k < n; t++) out[k++] = method === 'moving-block' ? start + t : (start + t) % n;
  }
}

/**
 * The B resample means of x, sorted ascending, from a fresh PythonRandom(seed): each mean is math.fsum/n of the
 * resample. Cost O(B·n). Throws RangeError as resampleIndices does.
 */
export function bootstrapMeans(x: ArrayLike<number>, options: BootstrapOptions): Float64Array {
  const n = x.length;
  const rng = new PythonRandom(options.seed);
  const idx = new Int32Array(n);
  const sample = new Float64Array(n);
  const means = new Float64Array(options.samples);
  for (let s = 0; s < options.samples; s++) {
    resampleIndices(options.method, n, options.block, rng, idx);
    for (let k = 0; k < n; k++) sample[k] = x[idx[k]!]!;
    means[s] = exactMean(sample, n);
  }
  return means.sort();
}

/**
 * The percentile interval of sorted resample statistics at `confidence` (α = 1 − confidence):
 * low = sorted[⌊B·α/2⌋], high = sorted[⌈B·(1−α/2)⌉ − 1] (SPEC §7; B·α/2 is snapped to an integer when within
 * rounding error, so B 10000 at 0.95 gives indices 250 and 9749). Throws RangeError on an empty array or a
 * confidence outside (0, 1).
 */
export function percentileInterval(sorted: ArrayLike<number>, confidence: number): Interval {
  const b = sorted.length;
  if (b < 1) throw new RangeError('no resamples');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence ${confidence} outside (0, 1)`);
  let tail = (b * (1 - confidence)) / 2;
  const nearest = Math.round(tail);
  if (Math.abs(tail - nearest) < 1e-9 * Math.max(1, b)) tail = nearest;
  const lowIndex = Math.min(b - 1, Math.floor(tail));
  const highIndex = Math.max(0, Math.min(b - 1, Math.ceil(b - tail) - 1));
  return { low: sorted[lowIndex]!, high: sorted[highIndex]! };
}

/** The bootstrap percentile interval of the mean of x (bootstrapMeans + percentileInterval). */
export function bootstrapMeanInterval(x: ArrayLike<number>, options: BootstrapOptions): Interval {
  return percentileInterval(bootstrapMeans(x, options), options.confidence);
}
