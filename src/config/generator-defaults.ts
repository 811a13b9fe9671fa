// Default options of the workload generators (import-free, so the CLI can show them without loading the generators).

/** Defaults of `generate mmc`. */
export const MMC_DEFAULTS = { n: 20000, c: 1, rho: 0.8, meanServiceMs: 100, service: 'exp' as 'exp' | 'lognormal', sigma: 1, keys: 1 };

/** Defaults of `generate priority`; `classes` in the CLI's label:mean_ms:share form. */
export const PRIORITY_DEFAULTS = { n: 20000, c: 1, rho: 0.8, classes: 'short:10:0.8,long:100:0.2' };

/** Defaults of `generate serverless`. */
export const SERVERLESS_DEFAULTS = {
  n: 100000,
  keys: 400,
  zipf: 1,
  sigma: 1,
  minMedianMs: 0.5,
  maxMedianMs: 60000,
  spanMs: 86400000,
  periodMs: 86400000,
  amplitude: 0.5,
};

/** Defaults of `generate prodflow`. */
export const PRODFLOW_DEFAULTS = { workers: 4 };

/** Default noise of `--sizes`: a job twice the size costs 1.6–2.5× (±1σ) more. */
export const DEFAULT_SIZE_NOISE = 0.25;

/** Seed used when `--seed` is not given. */
export const DEFAULT_SEED = 1;
