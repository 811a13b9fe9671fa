// The defaults of a simulation's options, declared once: the flags of simulate, replay and the other commands that
// simulate (cli/commands/shared-options.ts), the fields of experiment and sweep files (experiment-file.ts) and the
// demo all take them from here, so a default cannot drift between a command and a file.

/** Each option's default, in the parsed form (`windowBy` is the flag `--window-by` and the file field `window_by`). */
export const SIMULATION_DEFAULTS = {
  /** Virtual workers (SPEC: 64, the deployment the published work modelled). */
  workers: 64,
  /** Priority levels: short, medium, long. */
  levels: 3,
  /** The history/evaluation split. */
  split: 'time',
  /** The history share of the split. */
  fraction: 0.5,
  /** Windows over the evaluation half (the gates' default bootstrap unit). */
  windows: 7,
  /** Windows of equal time, not equal counts. */
  windowBy: 'time',
  /** The seed of seeded arms. */
  seed: 1,
} as const;

/**
 * The defaults as commander hands options over (strings, keyed by the options' attribute names), for code that calls
 * a command's option parser directly (the demo).
 */
export function simulationDefaultFlags(): { workers: string; levels: string; split: string; fraction: string; windows: string; windowBy: string; seed: string } {
  const d = SIMULATION_DEFAULTS;
  return { workers: String(d.workers), levels: String(d.levels), split: d.split, fraction: String(d.fraction), windows: String(d.windows), windowBy: d.windowBy, seed: String(d.seed) };
}
