// User-facing texts of a simulation: arms, loads, splits, options, probes and its output files.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atOption } from '../src/errors.ts';

/** `<command>: N problem(s)` (compare), always counted. */
export function commandProblems(command: string, count: number): string {
  return `${command}: ${count} problem${count > 1 ? 's' : ''}`;
}
/** `<command>: N problem(s) with the options` (simulate, replay), always counted. */
export function commandOptionProblems(command: string, count: number): string {
  return `${commandProblems(command, count)} with the options`;
}
/** An arm whose routing no module registers (`hint`: did-you-mean, or "repeat --arm" for a comma list). */
export function unknownRouting(where: string, name: string, names: readonly string[], hint: string | undefined): string {
  return atOption(where, `unknown routing "${name}"`, `one of ${names.join(', ')}`, hint);
}
/** An arm flag that is not in the flag table (`usages`: every flag as written, `hint`: did-you-mean). */
export function unknownArmFlag(where: string, flag: string, usages: readonly string[], hint: string | undefined): string {
  return atOption(where, `unknown flag "${flag}"`, usages.join(', '), hint);
}
/** An arm flag given twice, or with its opposite. */
export function armFlagTwice(where: string, flag: string): string {
  return atOption(where, `flag "${flag}" given twice (or with its opposite)`, 'each flag at most once');
}
/** A parameter override (`--set` or `@name=value`) whose name is not an arm parameter. */
export function unknownArmParam(place: string, name: string, names: readonly string[]): string {
  return `${place}: unknown parameter "${name}"; expected ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]!}`;
}
/** A parameter override whose value its rule refuses (`found` and `expected` from the parameter table). */
export function armParamValue(place: string, found: string, expected: string): string {
  return `${place}: ${found}; expected ${expected}`;
}
/** An arm with a weight list whose length is not the number of levels. */
export function weightsPerLevel(where: string, weights: number, levels: number): string {
  return atOption(where, `${weights} weights for ${levels} levels`, `exactly ${levels} weights (set them with weights=a,b,…)`);
}
/** An arm with pausing but no aging. */
export function pausingWithoutAging(where: string): string {
  return atOption(where, 'pausing together with no-aging', 'pausing only with aging on');
}
/** An ideal-order arm (no levels) carrying level flags (`bad`: the flags, `agingAllowed`: whether aging=<ms> is). */
export function levelFlagsOnIdealArm(name: string, bad: readonly string[], agingAllowed: boolean): string {
  return atOption(`--arm ${name}`, `flag "${bad.join('", "')}" on "${name}", a continuous-priority order without levels`, agingAllowed ? 'no flag but aging=<ms>' : 'no scheduling flags');
}

/** `--load` scaling with too few evaluation rows. */
export function loadTooFewRows(load: number, rows: number): string {
  return atOption('--load', `${load} with ${rows} evaluation rows`, 'at least 2 evaluation rows to scale arrivals', 'use --load as-is');
}
/** `--load` scaling an evaluation half with no span or no work. */
export function loadNothingToScale(load: number): string {
  return atOption('--load', String(load), 'a trace whose evaluation half has a positive span and positive total duration', 'use --load as-is');
}

/** The gain phrase of a verdict when the static per-key history median explains the most. */
export function verdictStaticGain(pct: string): string {
  return `per-key history medians explain ${pct} of the error a global median leaves`;
}
/** The gain phrase of a verdict when the online per-key predictor explains the most. */
export function verdictOnlineGain(pct: string): string {
  return `the online per-key predictor explains ${pct} of the error a global median leaves on the jobs it predicts`;
}
/** The bottom line of a learnable trace. */
export function verdictLearnable(gain: string, obstacle: string): string {
  return `Bottom line: learnable — ${gain}; main obstacle: ${obstacle}`;
}
/** The bottom line when keys tell too little about durations. */
export function verdictNotLearnable(gain: string): string {
  return `Bottom line: not learnable — ${gain}; main obstacle: keys carry little or no information about durations (they vary as much within a key as across keys)`;
}
/** The bottom line when every duration equals the global median. */
export function verdictNothingToLearn(): string {
  return 'Bottom line: nothing to learn — the global median already predicts the durations exactly; main obstacle: none';
}
/** The bottom line when no row has a prediction and a positive duration. */
export function verdictNoData(): string {
  return 'Bottom line: cannot tell — no evaluation job has both a prediction and a positive duration; main obstacle: no usable durations';
}
/** The obstacle when the predictor routes (nearly) everything by estimate. */
export function obstacleNone(covered: string): string {
  return `none (${covered} of arrivals routed by estimate)`;
}
/**
 * The obstacle phrase for the predictor's most frequent fallback `outcome`: `share` of arrivals in the simulation,
 * `onlineShare` in the online run without queueing.
 */
export function obstacleText(outcome: string, share: string, onlineShare: string, minSamples: number, spreadRatio: number): string {
  switch (outcome) {
    case 'stale_key':
      return `${share} of arrivals fall back as stale under backlog (${onlineShare} without queueing)`;
    case 'cold_key':
      return `${share} of arrivals fall back as cold keys, never seen or with fewer than ${minSamples} observations (${onlineShare} without queueing)`;
    case 'high_spread':
      return `${share} of arrivals fall back because their key's durations spread too widely (p99 > ${spreadRatio}× p50)`;
    case 'unready':
      return `${share} of arrivals come before the predictor has published boundaries`;
    case 'censored':
      return `${share} of arrivals fall back for censored observations`;
    default:
      return `${share} of arrivals fall back as ${outcome}`;
  }
}
/** Warning: per-key prediction is no better than a global median. */
export function keysUninformative(keyError: string, onlineError: string, globalError: string): string {
  return `keys carry no information about durations: the per-key history median (median |log2 error| ${keyError}) and the online per-key predictor (${onlineError}) predict no better than one global median (${globalError}), so a per-key predictor cannot order jobs by size`;
}
/**
 * Why the simulated stale fallbacks (`simShare`) differ from the share arriving more than τ after their key's previous
 * arrival (`gapShare`); `onlineShare` is the online run's (no queueing), which matches the gap share.
 */
export function staleGapNote(simShare: string, onlineShare: string, gapShare: string, tau: string, more: boolean): string {
  const head = `${simShare} of arrivals fall back as stale in the simulation and ${onlineShare} without queueing, while ${gapShare} arrive more than ${tau} after their key's previous arrival`;
  return more
    ? `${head}: the predictor counts staleness from the key's last activity, and a stale key is revived only when one of its jobs completes — under backlog that comes a wait plus a duration after the arrival, so every arrival of the key until then falls back as stale too (and then as cold until it has new observations)`
    : `${head}: the predictor counts staleness from the key's last activity (a prediction or a completion), not its last arrival, and completions after the previous arrival keep keys fresh`;
}
/** `--levels` below 2 with an arm that routes by a predictor's tiers. */
export function predictiveNeedsLevels(levels: number, arm: string): string {
  return atOption('--levels', `${levels} with the predictive arm ${arm}`, 'at least 2 levels: predictive routing sends each message to the level of its predicted tier, and one level leaves no tier to choose', 'e.g. --levels 3, the default; for a single queue use the fifo arm');
}
/** An arm that starts with a flag (`pausing+predictive`); `suggestion` is the arm with its routing first, or null. */
export function flagAsRouting(where: string, flag: string, suggestion: string | null, routings: readonly string[]): string {
  return atOption(where, `${flag} is a flag, not a routing`, `routing[+flag…], the routing first (one of ${routings.join(', ')})`, suggestion === null ? `write a routing first, e.g. predictive+${flag}` : `write ${suggestion}`);
}
/** A list option written with a decimal comma (`--load 0,8`): `meant` is the list read with decimal points. */
export function decimalCommaList(where: string, text: string, meant: string): string {
  return `${where}: "${text}"; did you mean ${meant}? (${where.replace(/^option /, '')} takes a list separated by commas; decimals use a point)`;
}
/**
 * The order of rows that share an arrival time, as a run uses it: the file's, a seeded shuffle (`--ties shuffle:S`),
 * or random by `--jitter MS:S` (applied after the shuffle, it moves tied rows apart).
 */
export function tieOrder(tiesSeed: number | null, jitter: { ms: number; seed: number } | null): string {
  if (jitter !== null && jitter.ms > 0) return `set by --jitter ${jitter.ms}:${jitter.seed}, which moves each arrival within ±${jitter.ms} ms and so orders tied rows at random`;
  return tiesSeed === null ? 'the file order' : `a seeded shuffle within each tie group (--ties shuffle:${tiesSeed})`;
}
/** Offered CPU demand above `--cores` at a load (numbers preformatted). */
export function coresOverloaded(load: string, workers: number, demand: string, cores: number, ratio: string, withOverhead: boolean): string {
  return `at load ${load} the ${workers} workers offer ${demand} cores of CPU demand (load × workers${withOverhead ? ', plus --overhead per message' : ''}) to --cores ${cores}: the cores are overloaded ${ratio}×, so handlers run slower than their durations and queues grow for as long as the trace lasts (lower the load, or give more cores)`;
}
/**
 * Durations implausible against the arrivals (`kind` long or short; numbers preformatted). `declared` is the
 * duration unit the conversion used and `likely` the unit they probably are in (null when unknown); `fix` says how to
 * fix it where the warning is given (the convert flag, or re-converting).
 */
export function durationUnitSuspect(kind: 'long' | 'short', median: string, span: string, load: string, workers: number, declared: string | null, likely: string | null, fix: string): string {
  const facts = kind === 'long'
    ? `durations look far too long for their arrivals (median duration ${median} against an arrival span of ${span}; as-is load ${load} on ${workers} workers)`
    : `durations look far too short for their arrivals (median duration ${median} over an arrival span of ${span}; on average ${load} jobs would run at once)`;
  const guess = declared !== null && likely !== null
    ? `are they in ${likely} but declared as ${declared}?`
    : kind === 'long' ? 'are they in ms but declared as s?' : 'are they in s but declared as ms?';
  return `${facts}: ${guess} ${fix}`;
}

/** A typed-table output in a folder that does not exist. */
export function tableOutputFolderMissing(option: string, file: string, dir: string): string {
  return atOption(option, `folder ${dir} of ${file} does not exist`, 'a file in an existing folder');
}
/** `--series-out` without `--series N`: the number of samples is not known. */
export function seriesOutWithoutSeries(file: string): string {
  return atOption('--series-out', `${file} without --series`, '--series N beside it', 'N samples of the queues per arm and load, e.g. --series 200');
}
