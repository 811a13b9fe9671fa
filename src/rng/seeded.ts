// Seeded random generators with named substreams (STYLE.md: no global seed; fork by name).
import seedrandom from 'seedrandom';

/** A seeded uniform generator on [0, 1) that can derive independent named substreams. */
export interface Rng {
  /** Next uniform double in [0, 1). */
  next(): number;
  /** A generator for the substream `name`, independent of how much this one has been used. */
  fork(name: string): Rng;
}

/** Creates a generator from a seed; `fork('arrivals')` gives the substream seeded `${seed}/arrivals`. */
export function createRng(seed: number | string): Rng {
  const label = String(seed);
  const prng = seedrandom.alea(label);
  return {
    next: () => prng(),
    fork: (name: string) => createRng(`${label}/${name}`),
  };
}

/** Exponential variate with the given mean. */
export function exponential(rng: Rng, mean: number): number {
  return -mean * Math.log(1 - rng.next());
}

/** Standard normal variate (Box–Muller; uses two uniforms, discards the second normal for simplicity). */
export function standardNormal(rng: Rng): number {
  const u1 = 1 - rng.next();
  const u2 = rng.next();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Lognormal variate with the given median and log-space sigma. */
export function lognormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * standardNormal(rng));
}
