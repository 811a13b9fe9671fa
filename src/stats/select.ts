// In-place selection of order statistics (quickselect), so quantiles cost O(n) instead of a sort.

/**
 * Rearranges a[lo, hi) so that a[k] holds the value it would have if the range were sorted, everything left of k
 * is ≤ it and everything right is ≥ it. Expected O(hi − lo). Values must not be NaN.
 */
export function selectKth(a: Float64Array, k: number, lo = 0, hi = a.length): number {
  let l = lo;
  let r = hi - 1;
  while (r > l) {
    if (r - l < 16) {
      // Insertion sort for short ranges.
      for (let i = l + 1; i <= r; i++) {
        const v = a[i]!;
        let j = i - 1;
        while (j >= l && a[j]! > v) {
          a[j + 1] = a[j]!;
          j--;
        }
        a[j + 1] = v;
      }
      break;
    }
    // Median of three as the pivot, then Hoare partition.
    const m = (l + r) >>> 1;
    if (a[m]! < a[l]!) swap(a, m, l);
    if (a[r]! < a[l]!) swap(a, r, l);
    if (a[r]! < a[m]!) swap(a, r, m);
    const pivot = a[m]!;
    let i = l;
    let j = r;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) r = j;
    else if (k >= i) l = i;
    else break;
  }
  return a[k]!;
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
