// Quantile selection speed: nearest-rank p50/p95/p99 of 1M values by the radix pass + Floyd–Rivest (what
// nearestRankQuantiles does from 4096 values on), by Floyd–Rivest alone, and by sorting the same values (the plain
// reference), in the same run, on light- and heavy-tailed data (median of 7 alternating runs each).
import { createRng, exponential, lognormal } from '../src/rng/seeded.ts';
import { nearestRankQuantiles, selectionQuantiles } from '../src/stats/select.ts';

const N = 1_000_000;
const rng = createRng('select-bench');
const shapes: Record<string, () => Float64Array> = {
  // FIFO-like latencies: exponential, in random order.
  exponential: () => Float64Array.from({ length: N }, () => exponential(rng, 1000)),
  // sept-like latencies: most messages short, a third waiting hours (lognormal mixture).
  'heavy-tailed': () => Float64Array.from({ length: N }, () => (rng.next() < 0.63 ? lognormal(rng, 300, 1) : lognormal(rng, 60000, 2.5))),
};
const qs = [0.5, 0.95, 0.99];
const out = new Float64Array(qs.length);
for (const [name, make] of Object.entries(shapes)) {
  const values = make();
  const times = { radix: [] as number[], select: [] as number[], sort: [] as number[] };
  for (let r = 0; r < 7; r++) {
    let a = Float64Array.from(values);
    let t0 = performance.now();
    nearestRankQuantiles(a, N, qs, out);
    times.radix.push(performance.now() - t0);
    a = Float64Array.from(values);
    t0 = performance.now();
    selectionQuantiles(a, N, qs, out);
    times.select.push(performance.now() - t0);
    a = Float64Array.from(values);
    t0 = performance.now();
    a.sort();
    times.sort.push(performance.now() - t0);
  }
  const med = (xs: number[]): number => [...xs].sort((x, y) => x - y)[3]!;
  const radix = med(times.radix);
  const sel = med(times.select);
  const sorted = med(times.sort);
  process.stdout.write(
    `quantiles of 1M ${name} values: radix + selection ${radix.toFixed(1)} ms, selection alone ${sel.toFixed(1)} ms (${(sel / radix).toFixed(1)}×), ` +
      `sort ${sorted.toFixed(1)} ms (${(sorted / radix).toFixed(1)}× the radix path)\n`,
  );
}
