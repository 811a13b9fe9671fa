// The options several commands share, each declared once: flags, argument, help text, default and argument parser.
import { Option } from 'commander';
import { DEFAULT_QUEUE_NAME } from '../../experiments/redis-target.ts';
import { SIMULATION_DEFAULTS as D } from '../../src/config/simulation-defaults.ts';

/**
 * How one command's copy of a shared option differs from the declaration here. Give it only where the command has a
 * reason, and state the reason in a comment at the call.
 */
export interface OptionVariant {
  /** Help text that replaces the shared one. */
  readonly help?: string;
  /** Default (as commander hands it over, a string) that replaces the shared one. */
  readonly default?: string;
}

/** For the options an experiment or sweep file also sets: `overridesFile` says the command line replaces the file's field. */
export interface FileFieldVariant {
  readonly overridesFile?: boolean;
}

/** Appends each occurrence of a repeatable option to the list of the earlier ones. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function declare(flags: string, help: string, variant: OptionVariant = {}, defaultValue?: string): Option {
  const option = new Option(flags, variant.help ?? help);
  const value = variant.default ?? defaultValue;
  return value === undefined ? option : option.default(value);
}

function repeatable(flags: string, help: string, variant: Pick<OptionVariant, 'help'> = {}): Option {
  return new Option(flags, variant.help ?? help).default([]).argParser(collect);
}

// The options of a simulation (parsed by sim/simulation-config-io.ts and cli/arm-run-options.ts).

/** `--arm <arm>`, repeatable: the arms to run side by side. */
export function armsOption(variant?: Pick<OptionVariant, 'help'>): Option {
  return repeatable('--arm <arm>', 'arm routing[+flag…], repeatable (e.g. fifo, oracle+weights+pausing)', variant);
}

/** `--arm <arm>` of the commands that run one predictive arm (default `predictive`); `purpose` says what it is for. */
export function singleArmOption(purpose: string): Option {
  return declare('--arm <arm>', `${purpose} (flags keys=producer, sizebins, summary, aging, @overrides)`, {}, 'predictive');
}

/** `--load <loads>`: comma-separated target loads, or as-is. */
export function loadsOption(): Option {
  return declare('--load <loads>', 'target loads, comma-separated, or as-is', {}, '0.5,0.8,0.95');
}

/**
 * `--load <load>` of the commands that take one load: what the load is for and its default depend on the command,
 * so both are given.
 */
export function loadOption(help: string, defaultValue: string): Option {
  return declare('--load <load>', help, {}, defaultValue);
}

/** `--workers <n>`: virtual workers (default: SIMULATION_DEFAULTS). */
export function workersOption(variant?: OptionVariant): Option {
  return declare('--workers <n>', 'virtual workers', variant, String(D.workers));
}

/** `--levels <n>`: priority levels (default: SIMULATION_DEFAULTS). */
export function levelsOption(): Option {
  return declare('--levels <n>', 'priority levels', {}, String(D.levels));
}

/** `--split <by>`: the history/evaluation split (default: SIMULATION_DEFAULTS). */
export function splitOption(variant?: OptionVariant): Option {
  return declare('--split <by>', 'history/evaluation split: time, count or none', variant, D.split);
}

/** `--fraction <f>`: the history share of the split (default: SIMULATION_DEFAULTS). */
export function fractionOption(): Option {
  return declare('--fraction <f>', 'history share of the split', {}, String(D.fraction));
}

/** `--windows <k>`: windows over the evaluation half (default: SIMULATION_DEFAULTS). */
export function windowsOption(variant?: OptionVariant): Option {
  return declare('--windows <k>', 'number of windows', variant, String(D.windows));
}

/** `--window-by <by>`: windows by time or count (default: SIMULATION_DEFAULTS). */
export function windowByOption(): Option {
  return declare('--window-by <by>', 'windows by time or count', {}, D.windowBy);
}

/** `--static-map <file>`: the level map of static-map arms. */
export function staticMapOption(): Option {
  return declare('--static-map <file>', 'JSON map key-or-class → level, for static-map arms');
}

/** `--set <param=value>`, repeatable: parameter overrides of every arm. */
export function setOption(variant?: Pick<OptionVariant, 'help'>): Option {
  return repeatable('--set <param=value>', 'override a parameter, e.g. predictor.minSamples=5 (repeatable)', variant);
}

/** `--predictor-snapshot <file>`: the snapshot warm predictive arms start from. */
export function predictorSnapshotOption(): Option {
  return declare('--predictor-snapshot <file>', 'start warm predictive arms from this predictor snapshot');
}

/** `--seed <n>`: the seed of seeded arms (default: SIMULATION_DEFAULTS). */
export function seedOption(): Option {
  return declare('--seed <n>', 'seed for seeded arms (static-random)', {}, String(D.seed));
}

/** `--latency-cdf`: store each arm's latency CDF. */
export function latencyCdfOption(variant?: OptionVariant): Option {
  return declare('--latency-cdf', 'store each arm\'s latency CDF per load (latency at 31 quantile levels, min to max) for the report\'s CDF charts', variant);
}

/** `--json` of the commands that print a result file: the file's JSON instead of the table. */
export function resultJsonOption(): Option {
  return declare('--json', 'print the result JSON to stdout instead of a table');
}

/** `--json` of the commands that print a text report: stable JSON instead. */
export function stableJsonOption(): Option {
  return declare('--json', 'print stable JSON instead of text');
}

/** `--no-cache`: read the trace without the binary trace cache. */
export function noCacheOption(): Option {
  return declare('--no-cache', 'do not use the binary trace cache');
}

// The perturbations and the contention model: on the command line of simulate, or replacing an experiment file's field.

/** `--ties <order>`: the order of rows sharing an arrival time. */
export function tiesOption(variant: FileFieldVariant = {}): Option {
  return variant.overridesFile === true
    ? declare('--ties <order>', 'file or shuffle:SEED: order of rows sharing an arrival time (replaces the file\'s "ties")')
    : declare('--ties <order>', 'order of rows sharing an arrival time: file (as written) or shuffle:SEED, applied before the split');
}

/** `--jitter <ms:seed>`: seeded uniform moves of each arrival. */
export function jitterOption(variant: FileFieldVariant = {}): Option {
  return variant.overridesFile === true
    ? declare('--jitter <ms:seed>', 'move each arrival within ±MS ms, seeded, before the split (replaces the file\'s "jitter")')
    : declare('--jitter <ms:seed>', 'move each arrival uniformly within ±MS ms (seeded), then re-sort stably, before the split');
}

/** `--cores <n>`: the cores the running handlers share (none: a core each). */
export function coresOption(variant: FileFieldVariant = {}): Option {
  return variant.overridesFile === true
    ? declare('--cores <n>', 'handlers compute: the running ones share N cores (replaces the file\'s "cores")')
    : declare('--cores <n>', 'handlers compute: the running ones share N cores (processor sharing); default a core each');
}

/** `--overhead <ms>`: a fixed broker cost per message. */
export function overheadOption(variant: FileFieldVariant = {}): Option {
  return variant.overridesFile === true
    ? declare('--overhead <ms>', 'a fixed broker cost per message before its handler starts (replaces the file\'s "overhead_ms")')
    : declare('--overhead <ms>', 'a fixed broker cost per message before its handler starts (the worker is busy; CPU that shares the --cores)');
}

// The options of the commands that run an experiment's cells (`run`, `sweep`) and serve them (`worker`).

/** `--jobs <n>`: cells at once (default 1). */
export function jobsOption(variant?: OptionVariant): Option {
  return declare('--jobs <n>', 'worker threads running cells in parallel', variant, '1');
}

/** `--resume`: skip the cells already written. */
export function resumeOption(): Option {
  return declare('--resume', 'skip cells whose file exists with the same input hash and trace SHA-256');
}

/** `--queue <url>`: the Redis whose BullMQ queue carries the cells. */
export function queueOption(variant?: OptionVariant): Option {
  return declare('--queue <url>', 'put the cells on a BullMQ queue on this Redis (redis://host:port) for hsim worker processes', variant);
}

/** `--queue-name <name>`: the BullMQ queue; the coordinator and its workers must name the same one. */
export function queueNameOption(variant?: OptionVariant): Option {
  return declare('--queue-name <name>', 'BullMQ queue name (the workers must use the same)', variant, DEFAULT_QUEUE_NAME);
}

/** `-o, --out <dir>` of `run` and `sweep`: the output folder, by default the `file`'s "out" (e.g. `experiment`). */
export function outFolderOption(file: string): Option {
  return declare('-o, --out <dir>', `output folder (default: the ${file}'s "out", relative to its file)`);
}
