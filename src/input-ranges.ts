// The documented range of every numeric option and experiment field of a simulation, checked where input is parsed.

/** One numeric input's bounds (inclusive) and whether it must be a whole number. */
export interface InputRange {
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}

/**
 * Ranges of the simulation inputs (CLI options and experiment fields). Each upper bound keeps a run's memory and
 * time proportional to its trace: workers and windows size per-run arrays, levels size per-level state, repeats
 * multiply cells; a load below 1e-6 stretches the evaluation span past float64's range (a mean of −Infinity).
 */
export const INPUT_RANGES = {
  workers: { min: 1, max: 100_000, integer: true },
  levels: { min: 1, max: 64, integer: true },
  windows: { min: 1, max: 10_000, integer: true },
  seed: { min: 0, max: 2 ** 32 - 1, integer: true },
  repeats: { min: 1, max: 1000, integer: true },
  load: { min: 1e-6, max: 1000, integer: false },
  // Handlers that compute (--cores, --overhead): cores like workers; the overhead is ms per message, up to an hour.
  cores: { min: 1, max: 100_000, integer: true },
  overhead: { min: 0, max: 3_600_000, integer: false },
  /** Queue samples per arm and load (`--series N`): the result file stores N · (2 · levels + 2) numbers. */
  series: { min: 1, max: 100_000, integer: true },
  /**
   * Rows of a trace generated for an experiment (`"generate": {"n": …}`, also in a queue job): a cell holds its
   * trace in memory (~40 bytes a row), so 1e8 rows is ~4 GB per thread; `hsim generate` streams and has no bound.
   */
  generatedRows: { min: 1, max: 100_000_000, integer: true },
} as const satisfies Record<string, InputRange>;

export type RangedInput = keyof typeof INPUT_RANGES;

/** Whether `v` lies in the range (finite, inside the bounds, whole where required). */
export function inRange(range: InputRange, v: number): boolean {
  return Number.isFinite(v) && v >= range.min && v <= range.max && (!range.integer || Number.isInteger(v));
}

/** The range in words for messages: `an integer from 1 to 100000`, `a number from 1e-6 to 1000`. */
export function rangeText(range: InputRange): string {
  return `${range.integer ? 'an integer' : 'a number'} from ${range.min} to ${range.max}`;
}
