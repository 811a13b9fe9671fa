// Non-preemptive priority M/G/1 mean waits (Cobham 1954) for k classes, and the FIFO wait they are compared with.

/** One Poisson class: arrival rate λ, mean service E[S] and second moment E[S²] (same time unit). */
export interface ServiceClass {
  readonly lambda: number;
  readonly meanService: number;
  readonly secondMoment: number;
}

/** An exponential-service class: E[S²] = 2·E[S]². */
export function exponentialClass(lambda: number, meanService: number): ServiceClass {
  return { lambda, meanService, secondMoment: 2 * meanService * meanService };
}

/** Mean residual work seen by an arrival, W0 = ½ Σ λ_c E[S_c²]. */
export function residualWork(classes: readonly ServiceClass[]): number {
  let w0 = 0;
  for (const c of classes) w0 += c.lambda * c.secondMoment;
  return w0 / 2;
}

/** Total utilisation ρ = Σ λ_c E[S_c]. */
export function utilisation(classes: readonly ServiceClass[]): number {
  let rho = 0;
  for (const c of classes) rho += c.lambda * c.meanService;
  return rho;
}

/**
 * Mean waits in queue per class under non-preemptive priority, class 0 served first (Cobham 1954):
 * W_k = W0 / ((1 − σ_{k−1})(1 − σ_k)) with σ_k = ρ_0 + … + ρ_k. For two classes this is
 * W_short = W0/(1−ρ_s), W_long = W0/((1−ρ_s)(1−ρ)). Throws RangeError when ρ ≥ 1 or a class is invalid.
 */
export function priorityMeanWaits(classes: readonly ServiceClass[]): number[] {
  validate(classes);
  const w0 = residualWork(classes);
  const waits: number[] = [];
  let sigmaBefore = 0;
  for (const c of classes) {
    const sigma = sigmaBefore + c.lambda * c.meanService;
    waits.push(w0 / ((1 - sigmaBefore) * (1 - sigma)));
    sigmaBefore = sigma;
  }
  return waits;
}

/** FIFO M/G/1 mean wait (Pollaczek–Khinchine) W = W0/(1 − ρ). Throws RangeError when ρ ≥ 1. */
export function fifoMeanWait(classes: readonly ServiceClass[]): number {
  validate(classes);
  return residualWork(classes) / (1 - utilisation(classes));
}

function validate(classes: readonly ServiceClass[]): void {
  if (classes.length === 0) throw new RangeError('no classes');
  for (const c of classes) {
    if (!(c.lambda >= 0 && c.meanService > 0 && c.secondMoment >= c.meanService * c.meanService)) {
      throw new RangeError(`invalid class: λ ${c.lambda}, E[S] ${c.meanService}, E[S²] ${c.secondMoment} (need λ ≥ 0, E[S] > 0, E[S²] ≥ E[S]²)`);
    }
  }
  const rho = utilisation(classes);
  if (rho >= 1) throw new RangeError(`unstable: utilisation ${rho} ≥ 1`);
}
