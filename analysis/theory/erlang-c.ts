// Erlang C: the probability of waiting and the mean wait of M/M/c (SPEC §9), via the stable Erlang B recursion.

/**
 * Erlang B blocking probability B(c, a) for c servers and offered load a = λ/μ (Erlangs), by the recursion
 * B(0) = 1, B(k) = a·B(k−1)/(k + a·B(k−1)) (stable for large c). Throws RangeError for c < 1 or a < 0.
 */
export function erlangB(c: number, a: number): number {
  if (!Number.isInteger(c) || c < 1) throw new RangeError(`servers c must be an integer ≥ 1, got ${c}`);
  if (!(a >= 0) || !Number.isFinite(a)) throw new RangeError(`offered load a must be ≥ 0, got ${a}`);
  let b = 1;
  for (let k = 1; k <= c; k++) b = (a * b) / (k + a * b);
  return b;
}

/**
 * Erlang C probability that an arrival waits, C(c, a) = B / (1 − (a/c)(1 − B)), for a < c
 * (Erlang 1917; Kleinrock, Queueing Systems I, §3.5). Throws RangeError when a ≥ c (unstable) or as erlangB.
 */
export function erlangC(c: number, a: number): number {
  const b = erlangB(c, a);
  const rho = a / c;
  if (rho >= 1) throw new RangeError(`unstable: offered load ${a} ≥ servers ${c}`);
  return b / (1 - rho * (1 - b));
}

/**
 * M/M/c mean wait in queue Wq = C(c, λ/μ) / (cμ − λ), in the time unit of 1/λ and 1/μ.
 * Throws RangeError when λ ≥ cμ or a rate is not positive.
 */
export function mmcMeanWait(lambda: number, mu: number, c: number): number {
  if (!(lambda > 0) || !(mu > 0)) throw new RangeError(`rates must be > 0, got λ ${lambda}, μ ${mu}`);
  return erlangC(c, lambda / mu) / (c * mu - lambda);
}

/** M/M/1 mean wait in queue Wq = ρ/(μ − λ) with ρ = λ/μ. Throws RangeError when λ ≥ μ or a rate is not positive. */
export function mm1MeanWait(lambda: number, mu: number): number {
  if (!(lambda > 0) || !(mu > 0)) throw new RangeError(`rates must be > 0, got λ ${lambda}, μ ${mu}`);
  if (lambda >= mu) throw new RangeError(`unstable: λ ${lambda} ≥ μ ${mu}`);
  return lambda / mu / (mu - lambda);
}
