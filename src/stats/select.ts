// In-place selection of order statistics (Floyd–Rivest), so quantiles cost O(n) instead of a sort.

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
 * Nearest-rank quantiles (SPEC §5) of a[0, n) for ascending qs, by successive selection; reorders a.
 * Writes NaN for every q when n = 0.
 */
export function nearestRankQuantiles(a: Float64Array, n: number, qs: readonly number[], out: Float64Array): void {
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
