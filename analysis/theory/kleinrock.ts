// Kleinrock's conservation law for work-conserving non-preemptive M/G/1 disciplines: Σ ρ_c W_c = ρ·W_FIFO.
import { fifoMeanWait, utilisation, type ServiceClass } from './cobham.ts';

/**
 * Both sides of Kleinrock's conservation law (Kleinrock 1965): the load-weighted mean wait Σ ρ_c W_c of a
 * discipline's per-class waits, and ρ·W_FIFO = ρ·W0/(1 − ρ), which every work-conserving non-preemptive
 * discipline must equal. Throws RangeError when the lengths differ or ρ ≥ 1.
 */
export function conservation(classes: readonly ServiceClass[], waits: readonly number[]): { weighted: number; fifo: number } {
  if (waits.length !== classes.length) throw new RangeError(`${waits.length} waits for ${classes.length} classes`);
  let weighted = 0;
  classes.forEach((c, i) => {
    weighted += c.lambda * c.meanService * waits[i]!;
  });
  return { weighted, fifo: utilisation(classes) * fifoMeanWait(classes) };
}
