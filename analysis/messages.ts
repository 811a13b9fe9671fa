// User-facing texts of the analysis: gates, criteria, result sets.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atLocation, atPath } from '../src/errors.ts';

/** The one issue itself, or `<count> <what>` as the headline over several (the issues follow as a list). */
export function oneOrCount(issues: readonly string[], what: string): string {
  return issues.length === 1 ? issues[0]! : `${issues.length} ${what}`;
}
/** A JSON input file that cannot be read; `what` says what it should be. */
export function fileUnreadable(path: string, what: string): string {
  return atLocation(path, undefined, 'not found or not readable', what);
}
/** Headline of the problems in a gate file. */
export function problemsInGate(path: string, issues: readonly string[]): string {
  return oneOrCount(issues, `problems in gate file ${path}:`);
}
/** Headline of the problems evaluating a gate on a result file. */
export function problemsEvaluatingGate(gateId: string, issues: readonly string[]): string {
  return oneOrCount(issues, `problems evaluating gate ${gateId}:`);
}
/** Headline of the problems in the results a gate judges. */
export function problemsInResults(issues: readonly string[]): string {
  return oneOrCount(issues, 'problems in the results:');
}
/** A gate's lock exists and belongs to another version of the gate. */
export function lockMismatch(lockPath: string, gatePath: string, lockSha256: string): string {
  return atLocation(lockPath, undefined, `already exists and does not match ${gatePath} (sha256 ${lockSha256})`, 'no lock for a gate that changed', 'a frozen gate is not re-frozen after edits: delete the lock deliberately, or save the new gate under a new name');
}
/** The experiment a gate names cannot be read. */
export function gateExperimentUnreadable(gatePath: string, file: string, abs: string): string {
  return atLocation(gatePath, undefined, `"experiment": "${file}" (${abs}) not found or not readable`, 'the experiment config (JSON) this gate judges, relative to the gate file');
}
/** The experiment a gate names is not a valid experiment file (as `hsim run` reads it): nothing is frozen. */
export function gateExperimentInvalid(gatePath: string, file: string, count: number): string {
  return `${gatePath}: "experiment": "${file}" is not an experiment file hsim run accepts (${count === 1 ? '1 problem' : `${count} problems`}); nothing was frozen: fix it first (docs/experiment-file.md)`;
}
/** A gate edited after it was frozen. */
export function gateChangedSinceFrozen(gatePath: string, lockPath: string, lockSha256: string, sha256: string, changes: string): string {
  return `${gatePath}: changed since it was frozen (lock ${lockPath} records sha256 ${lockSha256}, the file now has ${sha256}); ` +
    `a pre-registered gate cannot be evaluated after edits: restore it, or freeze a new gate before a new run. Changed: ${changes}`;
}
/** A gate checked without a lock (and without --unfrozen). */
export function gateNotFrozen(gatePath: string, lockPath: string): string {
  return atLocation(gatePath, undefined, `not frozen (no ${lockPath})`, 'a frozen gate', `run \`hsim gate freeze ${gatePath}\` before the run, or pass --unfrozen to evaluate it marked as not pre-registered`);
}
/** A criterion's arm or baseline that hsim cannot run (`why`: what the arm parser says). */
export function gateArmNotRunnable(gatePath: string, criterion: string, role: 'arm' | 'baseline', arm: string, why: string): string {
  return `${gatePath} → criteria.${criterion}.${role}: "${arm}"; expected an arm hsim can run (${why})`;
}
/** A frozen gate's lock that binds another experiment (or none) than the gate names. */
export function lockExperimentMismatch(lockPath: string, lockExperiment: string | undefined, gatePath: string, gateExperiment: string): string {
  return `${lockPath}: binds ${lockExperiment === undefined ? 'no experiment config' : `experiment "${lockExperiment}"`}, but ${gatePath} names "${gateExperiment}"; ` +
    'a lock stripped of (or moved off) its experiment binding is not a pre-registration: restore the lock, or freeze a new gate before a new run';
}
/** The experiment config a gate was frozen with is gone. */
export function lockedExperimentMissing(abs: string, gatePath: string, sha256: string): string {
  return `${abs}: the experiment config frozen with ${gatePath} is missing; expected the file of sha256 ${sha256} (restore it, or freeze a new gate before a new run)`;
}
/** The experiment config a gate was frozen with has changed (`changes`: the JSON paths that differ). */
export function lockedExperimentChanged(abs: string, gatePath: string, lockSha256: string, sha256: string, changes: string): string {
  return `${abs}: the experiment config changed since ${gatePath} was frozen (the lock records sha256 ${lockSha256}, the file now has ${sha256}); ` +
    `a pre-registered gate cannot judge an edited experiment: restore it, or freeze a new gate before a new run. Changed: ${changes}`;
}
/** A field of a gate lock that is not a string. */
export function lockFieldNotString(lockPath: string, key: string, found: string): string {
  return atPath(lockPath, key, found, 'a string (re-freeze the gate)');
}
/** A gate lock with only one of experiment_file and experiment_sha256. */
export function lockExperimentHalf(lockPath: string, found: string): string {
  return atPath(lockPath, 'experiment_sha256', found, 'experiment_file and experiment_sha256 together (re-freeze the gate)');
}
/** A result file of another trace than the gate's `trace_sha256`. */
export function resultOfOtherTrace(file: string, found: string | null, gateSha256: string, gatePath: string): string {
  return `${file} → trace.sha256: found ${found ?? 'nothing'}; expected ${gateSha256} (the trace_sha256 of ${gatePath})`;
}
/** An invalid replay among the results a gate judges. */
export function replayNotAResult(file: string): string {
  return `${file} → replay.valid: false (the replay run is invalid and is never evaluated as a result; see docs/result-file.md)`;
}
/** Result files of two traces given together. */
export function resultsOfTwoTraces(file: string, found: string, sha256: string, firstFile: string): string {
  return `${file} → trace.sha256: found ${found}; expected ${sha256} as in ${firstFile} (results of different traces cannot be paired)`;
}
/** The same load and arm in two result files. */
export function loadArmTwice(load: string, arm: string, firstFile: string, file: string): string {
  return `load ${load}, arm ${arm}: found in both ${firstFile} and ${file}; expected each load+arm in one result file`;
}
/** Results without any load to evaluate a gate at. */
export function gateNoLoads(files: readonly string[], gateId: string): string {
  return `${files.join(', ')}: no loads in the results; expected at least one load to evaluate gate ${gateId}`;
}
/** A load the gate names that the results lack (`index`: its place in the gate's "loads"). */
export function gateLoadAbsent(gatePath: string, index: number, load: string, present: readonly string[]): string {
  return atPath(gatePath, `loads[${index}]`, `load "${load}", absent from the results`, `one of ${present.join(', ')}`);
}
/** A criterion's arm or baseline that the results lack at a load (`present`: the arms there, listed). */
export function gateArmAbsent(gatePath: string, criterion: string, role: 'arm' | 'baseline', arm: string, load: string, present: string): string {
  return atPath(gatePath, `criteria.${criterion}.${role}`, `"${arm}", absent from the results at load ${load}`, `one of the arms there (${present})`);
}
/** A criterion's metric missing from some window of an arm (`role`: arm or baseline, `file`: its result file). */
export function gateMetricAbsent(gatePath: string, criterion: string, metric: string, role: string, arm: string, load: string, file: string): string {
  return atPath(gatePath, `criteria.${criterion}.metric`, `"${metric}", not available in every window of ${role} ${arm} at load ${load} (${file})`, 'a metric the results carry');
}
/** A criterion whose arm and baseline have different (or no) window counts. */
export function gateWindowCounts(gatePath: string, criterion: string, arm: string, armWindows: number, baseline: string, baseWindows: number, load: string): string {
  return atPath(gatePath, `criteria.${criterion}`, `${arm} has ${armWindows} windows and ${baseline} ${baseWindows} at load ${load}`, 'the same non-zero number of windows in both');
}
/** Results with another number of windows than the gate pre-registered. */
export function gateWindowsNotAsRegistered(gatePath: string, windows: number, arm: string, load: string, registered: number): string {
  return atPath(gatePath, 'windows', `${windows} windows in the results for ${arm} at load ${load}`, `${registered} as pre-registered`);
}
/** A bootstrap block longer than the window series. */
export function gateBlockTooLong(gatePath: string, block: number, windows: number, load: string): string {
  return atPath(gatePath, 'bootstrap.block', `${block}, longer than the ${windows} windows at load ${load}`, `a block length ≤ ${windows}`);
}
/** A criterion that pairs or pools replications the results do not hold. */
export function gatePairWithoutReplications(gatePath: string, criterion: string, pair: string, arm: string, load: string): string {
  return atPath(gatePath, `criteria.${criterion}.pair`, `"${pair}", but the results hold no replications (${arm}#sSEED) of ${arm} at load ${load}`, 'results of an experiment with "replications", or no "pair"');
}
/** Replicated arm and baseline that share no seed. */
export function gateNoCommonSeed(gatePath: string, criterion: string, baseline: string, arm: string, load: string): string {
  return atPath(gatePath, `criteria.${criterion}.baseline`, `"${baseline}", with no replication seed in common with ${arm} at load ${load}`, 'both arms run with the same replication seeds');
}

/** An input that is not a regular file (a named pipe, socket, device or folder): not read, since it could block forever. */
export function notRegularFile(file: string, kind: string, expected: string): string {
  return atLocation(file, undefined, `is ${kind}, not a regular file, so it is not read`, expected, 'reading a named pipe or a device could wait forever');
}
