// Selection of order statistics (Floyd–Rivest; a radix pass first on large arrays), so quantiles cost O(n), not a sort.

/**
 * Rearranges a[lo, hi) so that a[k] holds the value it would have if the range were sorted, everything left of k
 * is ≤ it and everything right is ≥ it. Floyd–Rivest selection (Floyd and Rivest 1975, CACM 18(3), Algorithm 489):
 * on a large range it first selects within a sample-sized window around k's expected place, so the pivot lands next
 * to k and a pass discards nearly everything; cost about n + min(k, n − k) comparisons whatever the order of the
 * data (a median-of-three pivot took several times longer on the heavy-tailed latencies of `sept`). Values must
 * not be NaN.
 */
export function selectKth(a: Float64Array, k: number, lo = 0, hi = a.length): number {
  floydRivest(a, k, lo, hi - 1);
  return a[k]!;
}

/** Floyd–Rivest on the inclusive range [left, right]; windows above 600 elements recurse on their sample first. */
function floydRivest(a: Float64Array, k: number, left: number, right: number): void {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      floydRivest(a, k, Math.max(left, Math.floor(k - (m * s) / n + sd)), Math.min(right, Math.floor(k + ((n - m) * s) / n + sd)));
    }
    // Partition [left, right] around t = a[k]; afterwards j is t's final place.
    const t = a[k]!;
    let i = left;
    let j = right;
    swap(a, left, k);
    if (a[right]! > t) swap(a, left, right);
    while (i < j) {
      swap(a, i, j);
      i++;
      j--;
      while (a[i]! < t) i++;
      while (a[j]! > t) j--;
    }
    if (a[left] === t) swap(a, left, j);
    else {
      j++;
      swap(a, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

/**
 * Nearest-rank quantiles (SPEC §5) of a[0, n) for ascending qs; may reorder a. Writes NaN for every q when n = 0.
 * From RADIX_MIN values on by `radixQuantiles` (the same values: each is the exact order statistic), below by
 * successive Floyd–Rivest selection (`selectionQuantiles`, also the reference the tests hold the radix path to).
 */
export function nearestRankQuantiles(a: Float64Array, n: number, qs: readonly number[], out: Float64Array): void {
  if (n >= RADIX_MIN && qs.length <= 3) radixQuantiles(a, n, qs, out);
  else selectionQuantiles(a, n, qs, out);
}

/**
 * nearestRankQuantiles that leaves a[0, n) as it is: the radix path only reads it; the selection path works on a copy.
 * Saves copying a large input (~8 MB per 1M values, freshly allocated pages) when the radix path applies.
 */
export function nearestRankQuantilesOf(a: Float64Array, n: number, qs: readonly number[], out: Float64Array): void {
  if (n >= RADIX_MIN && qs.length <= 3) radixQuantiles(a, n, qs, out);
  else selectionQuantiles(a.slice(0, n), n, qs, out);
}

/** nearestRankQuantiles by successive Floyd–Rivest selection; reorders a. */
export function selectionQuantiles(a: Float64Array, n: number, qs: readonly number[], out: Float64Array): void {
  let lo = 0;
  for (let j = 0; j < qs.length; j++) {
    if (n === 0) {
      out[j] = Number.NaN;
      continue;
    }
    const k = Math.min(n - 1, Math.max(0, Math.ceil(n * qs[j]!) - 1));
    out[j] = selectKth(a, k, Math.min(lo, k), n);
    lo = k;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** Fewest values for which a counting pass first pays off. */
const RADIX_MIN = 4096;
/** Buckets of the radix pass: the top 16 bits of each value's order-preserving key (sign, exponent, 4 mantissa bits). */
const BUCKETS = 1 << 16;
const counts = new Int32Array(BUCKETS);
/** The values of the wanted buckets, gathered; grows to the largest need and is kept (no allocation per call). */
let gathered = new Float64Array(1 << 16);

/**
 * Nearest-rank quantiles of a[0, n) (a not reordered) for at most three ascending qs: one pass counts the values per
 * bucket of the top 16 bits of their order-preserving key (IEEE-754 bits, all flipped for negatives, the sign bit
 * flipped for the rest: bucket order is value order, −0 before +0, as in a sorted array), which names each rank's
 * bucket and its rank within it; a second pass gathers those buckets' values; Floyd–Rivest selects within each.
 * About two reads of a and one of each wanted bucket, instead of several partitioning passes. Values must not be NaN.
 */
export function radixQuantiles(a: Float64Array, n: number, qs: readonly number[], out: Float64Array): void {
  // The high word of each little-endian float64 is at odd Int32 index 2i + 1.
  const words = new Int32Array(a.buffer, a.byteOffset, 2 * n);
  counts.fill(0);
  countBuckets(words, n, counts);
  const want = [-1, -1, -1];
  const rankIn = [0, 0, 0];
  let bucket = 0;
  let below = 0;
  for (let j = 0; j < qs.length; j++) {
    const k = Math.min(n - 1, Math.max(0, Math.ceil(n * qs[j]!) - 1));
    while (below + counts[bucket]! <= k) below += counts[bucket++]!;
    want[j] = bucket;
    rankIn[j] = k - below;
  }
  // Distinct wanted buckets get consecutive regions of `gathered` (equal ones share one).
  const start = [0, 0, 0];
  let size = 0;
  for (let j = 0; j < qs.length; j++) {
    if (j > 0 && want[j] === want[j - 1]) start[j] = start[j - 1]!;
    else {
      start[j] = size;
      size += counts[want[j]!]!;
    }
  }
  if (gathered.length < size) gathered = new Float64Array(Math.max(size, 2 * gathered.length));
  const b1 = qs.length > 1 && want[1] !== want[0] ? want[1]! : -1;
  const b2 = qs.length > 2 && want[2] !== want[1] ? want[2]! : -1;
  gatherBuckets(a, words, n, gathered, want[0]!, b1, b2, start[0]!, b1 < 0 ? 0 : start[1]!, b2 < 0 ? 0 : start[2]!);
  for (let j = 0; j < qs.length; j++) {
    const from = start[j]!;
    out[j] = selectKth(gathered, from + rankIn[j]!, from, from + counts[want[j]!]!);
  }
}

/** The bucket of a value from its high word `h`: its order-preserving key's top 16 bits. */
function bucketOf(h: number): number {
  return (h ^ ((h >> 31) | 0x80000000)) >>> 16;
}

function countBuckets(words: Int32Array, n: number, into: Int32Array): void {
  for (let i = 0; i < n; i++) into[bucketOf(words[2 * i + 1]!)]!++;
}

/** Copies the values of buckets b0, b1, b2 (−1: none) to `dst` from offsets o0, o1, o2, in index order. */
function gatherBuckets(a: Float64Array, words: Int32Array, n: number, dst: Float64Array, b0: number, b1: number, b2: number, o0: number, o1: number, o2: number): void {
  for (let i = 0; i < n; i++) {
    const b = bucketOf(words[2 * i + 1]!);
    if (b === b0) dst[o0++] = a[i]!;
    else if (b === b1) dst[o1++] = a[i]!;
    else if (b === b2) dst[o2++] = a[i]!;
  }
}
