// M/G/1 mean waits and responses of size-based orders: non-preemptive SJF (Phipps 1956) and SRPT (Schrage–Miller 1966).

/** A service-time distribution given by its density, for numerical integration on [0, upper]. */
export interface ServiceDensity {
  /** Density f(x) of the service time x ≥ 0. */
  readonly pdf: (x: number) => number;
  /** Upper limit of integration: beyond it the remaining probability mass is negligible. */
  readonly upper: number;
}

/** Exponential service with mean `mean`; integrated up to 40 means (tail mass e^−40). */
export function exponentialDensity(mean: number): ServiceDensity {
  return { pdf: (x) => Math.exp(-x / mean) / mean, upper: 40 * mean };
}

/** ∫_a^b g by composite Simpson's rule with `n` (even) intervals. */
export function simpson(g: (x: number) => number, a: number, b: number, n = 2000): number {
  const h = (b - a) / n;
  let s = g(a) + g(b);
  for (let k = 1; k < n; k++) s += (k % 2 === 1 ? 4 : 2) * g(a + k * h);
  return (s * h) / 3;
}

/** Load of jobs of size at most x, ρ(x) = λ ∫_0^x t f(t) dt. */
export function loadUpTo(lambda: number, dist: ServiceDensity, x: number): number {
  return x <= 0 ? 0 : lambda * simpson((t) => t * dist.pdf(t), 0, x, 400);
}

/**
 * Mean wait in queue of a job of size x under non-preemptive shortest job first, M/G/1 with continuous sizes
 * (Phipps 1956): W(x) = W0 / ((1 − ρ(x⁻))(1 − ρ(x))), W0 = λ E[S²]/2; for a continuous distribution ρ(x⁻) = ρ(x).
 * Throws RangeError when the total load is ≥ 1.
 */
export function sjfWaitAt(lambda: number, dist: ServiceDensity, x: number): number {
  const w0 = (lambda * simpson((t) => t * t * dist.pdf(t), 0, dist.upper)) / 2;
  const total = loadUpTo(lambda, dist, dist.upper);
  if (!(total < 1)) throw new RangeError(`load ${total} ≥ 1: no steady state`);
  const r = loadUpTo(lambda, dist, x);
  return w0 / ((1 - r) * (1 - r));
}

/**
 * Mean response time (sojourn) of a job of size x under preemptive-resume SRPT, M/G/1 (Schrage and Miller 1966):
 * T(x) = λ(∫_0^x t² f(t) dt + x²(1 − F(x))) / (2(1 − ρ(x))²) + ∫_0^x dt / (1 − ρ(t)).
 */
export function srptResponseAt(lambda: number, dist: ServiceDensity, x: number): number {
  if (x <= 0) return 0;
  const m2 = simpson((t) => t * t * dist.pdf(t), 0, x, 400);
  const tail = 1 - simpson(dist.pdf, 0, x, 400);
  const r = loadUpTo(lambda, dist, x);
  const waiting = (lambda * (m2 + x * x * tail)) / (2 * (1 - r) * (1 - r));
  const residence = simpson((t) => 1 / (1 - loadUpTo(lambda, dist, t)), 0, x, 200);
  return waiting + residence;
}

/** Mean over job sizes of `at(x)`, optionally restricted to sizes in [lo, hi): ∫ at(x) f(x) dx / P(lo ≤ S < hi). */
export function meanOverSizes(at: (x: number) => number, dist: ServiceDensity, lo = 0, hi = dist.upper, n = 400): number {
  const mass = simpson(dist.pdf, lo, hi, n);
  return simpson((x) => at(x) * dist.pdf(x), lo, hi, n) / mass;
}
