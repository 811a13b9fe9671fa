// The wall-clock plan of a replay (SPEC §11): scheduled arrivals and handler durations divided by the time scale.

/** Per evaluation message m (trace row first + m): when to submit it and how long its handler runs, wall ms. */
export interface ReplayPlan {
  readonly first: number;
  readonly count: number;
  /** Scheduled submit time, ms after the run's origin: (arrival − arrival_first) / compress / timeScale. */
  readonly arrivalWall: Float64Array;
  /** Handler time, ms: duration / timeScale. */
  readonly durationWall: Float64Array;
  readonly timeScale: number;
}

/**
 * Builds the plan for trace rows [first, first + count). `compress` is the load's compress factor (1 for as-is),
 * `timeScale` X > 0 divides every time. Throws RangeError when X or compress is not a positive finite number.
 */
export function buildReplayPlan(arrival: Float64Array, duration: Float64Array, first: number, count: number, compress: number, timeScale: number): ReplayPlan {
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new RangeError(`replay plan: time scale ${timeScale}; expected a finite number > 0`);
  if (!(compress > 0) || !Number.isFinite(compress)) throw new RangeError(`replay plan: compress ${compress}; expected a finite number > 0`);
  const arrivalWall = new Float64Array(count);
  const durationWall = new Float64Array(count);
  const origin = count > 0 ? arrival[first]! : 0;
  for (let m = 0; m < count; m++) {
    arrivalWall[m] = (arrival[first + m]! - origin) / compress / timeScale;
    durationWall[m] = duration[first + m]! / timeScale;
  }
  return { first, count, arrivalWall, durationWall, timeScale };
}

/** Sum of handler time over the plan, wall ms (for the expected run length and progress). */
export function planWork(plan: ReplayPlan): number {
  let s = 0;
  for (let m = 0; m < plan.count; m++) s += plan.durationWall[m]!;
  return s;
}
