// User-facing texts of the experiment runner: experiment files, cells, sweeps, the cell queue.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atLocation, atOption } from '../src/errors.ts';
import { INPUT_RANGES, rangeText } from '../src/input-ranges.ts';
import { oneOrCount } from '../analysis/messages.ts';

/** Headline of the problems found in a file: the problem itself, or `N problems in FILE:`. */
export function problemsIn(file: string, issues: readonly string[]): string {
  return oneOrCount(issues, `problems in ${file}:`);
}
/** Headline of the problems with a command's options: the problem itself, or `N problems with the options`. */
export function problemsWithOptions(issues: readonly string[]): string {
  return oneOrCount(issues, 'problems with the options');
}
/** Headline of the problems of merging cells (`hsim run`, `hsim merge`). */
export function problemsMergingCells(issues: readonly string[]): string {
  return oneOrCount(issues, 'problems merging cells:');
}
/** `--jobs` out of 1…256 (hsim run, sweep, worker). */
export function jobsOutOfRange(raw: string): string {
  return atOption('--jobs', `"${raw}"`, 'an integer from 1 to 256');
}
/** `--shard` is not `i/n`. */
export function badShard(text: string): string {
  return atOption('--shard', `"${text}"`, 'i/n with 1 ≤ i ≤ n, e.g. 1/4 (shards are numbered from 1)');
}
/** `--shard` and `--queue` together. */
export function shardWithQueue(): string {
  return atOption('--shard', 'given with --queue', 'one of them: shards split the cells between machines without Redis');
}
/** A trace whose SHA-256 is not the one the experiment recorded. */
export function traceChanged(path: string, found: string, recorded: string): string {
  return atLocation(path, undefined, `SHA-256 ${found}`, `${recorded} as the experiment records`, 'the trace changed since the experiment was written: regenerate it, or update the experiment deliberately');
}
/** Some cells failed; the finished ones were kept. */
export function cellsFailed(failed: number, total: number): string {
  return `${failed} of ${total} cells failed (the finished ones are kept; fix the cause and rerun with --resume)`;
}
/** Headline over cell files that a merge needs and cannot read. */
export function cellFilesMissing(count: number): string {
  return `${count} cell files missing or unreadable`;
}
/** One cell file a merge needs and cannot read. */
export function cellFileMissing(path: string): string {
  return `${path}: missing; expected a cell file (rerun with --resume)`;
}
/** `repeats` > 1 for arms that do not depend on the seed (`seeded`: the routings that do). */
export function repeatsIdentical(file: string, repeats: number, seeded: readonly string[]): string {
  return `${file} → repeats: ${repeats}; expected 1 for these arms (the engine and the predictor are deterministic: only ${seeded.join(', ')} depends on the seed, so repeats would be identical copies)`;
}
/** An experiment's trace path that does not exist (`abs`: resolved against the experiment file's folder). */
export function experimentTraceMissing(file: string, index: number, path: string, abs: string): string {
  return `${file} → traces[${index}].path: "${path}" (${abs}) does not exist; expected a trace file (paths are relative to the experiment file's folder)`;
}
/** A problem reading an experiment's trace (`problem`: the trace reader's message). */
export function experimentTraceProblem(file: string, index: number, problem: string): string {
  return `${file} → traces[${index}]: ${problem}`;
}
/** One failed cell (`why`: its error's message). */
export function cellFailed(id: string, why: string): string {
  return `cell ${id}: ${why}`;
}
/** A cell of another trace than the first cell of its merge. */
export function cellOfOtherTrace(id: string, sha256: string, firstSha256: string, firstId: string): string {
  return `cell ${id}: trace sha256 ${sha256}; expected ${firstSha256} as in cell ${firstId}`;
}
/** Two cells for one load and arm. */
export function cellTwice(load: string, arm: string, id: string): string {
  return `load ${load}, arm ${arm}: two cells (${id} and another); expected one cell per load and arm`;
}
/** A Redis URL that does not parse. */
export function redisUrlInvalid(option: string, text: string): string {
  return atOption(option, `"${text}"`, 'a Redis URL such as redis://127.0.0.1:6379');
}
/** A URL that is not redis://host[:port][/db]. */
export function redisUrlUnsupported(option: string, text: string): string {
  return atOption(option, `"${text}"`, 'a Redis URL such as redis://127.0.0.1:6379 or redis://host:6379/2');
}
/** Redis does not answer. */
export function redisUnreachable(option: string, url: string, reason: string): string {
  return atOption(option, `cannot reach Redis at ${url} (${reason})`, 'a running Redis server', 'start one, e.g. redis-server --port 6379, or check host and port');
}

/** A generated trace asked for with a kind no generator has (a queue job's spec). */
export function generatedTraceKindUnknown(kind: string): string {
  return `generated trace: kind ${JSON.stringify(kind.slice(0, 40))}; expected one of the generator kinds (it names a file in the cache folder)`;
}
/** A generated trace asked for with a seed that is not a whole number in range (a queue job's seed). */
export function generatedTraceSeedInvalid(seed: string): string {
  return `generated trace: seed ${JSON.stringify(seed.slice(0, 40))}; expected ${rangeText(INPUT_RANGES.seed)} (it names a file in the cache folder)`;
}
/** A queue job whose data is not JSON (BullMQ could not parse it): refused at once rather than left locked. */
export function queueJobNotJson(): string {
  return 'queue job: its data is not JSON; expected the cell task written by hsim run --queue';
}
/** A queue job refused: its issues (each names the job's field and quotes only the job's own value). */
export function queueJobRefused(issues: readonly string[]): string {
  return issues.length === 1 ? issues[0]! : `${issues.length} problems in the queue job: ${issues.join('; ')}`;
}
/** A queue job's trace path outside the folders the worker reads. */
export function jobTraceOutside(path: string, folders: readonly string[]): string {
  return `queue job → tracePath: ${JSON.stringify(path)} is outside the folders this worker reads (${folders.join(', ')}); expected a trace under one of them; start the worker with --data DIR for the folder that holds the traces`;
}
/** A queue job's trace that is not there. */
export function jobTraceMissing(path: string): string {
  return `queue job → tracePath: no file at ${JSON.stringify(path)}; expected the trace at the same path as on the machine running hsim run (a shared folder)`;
}
/** A queue job's trace that is not a regular file. */
export function jobTraceNotFile(path: string): string {
  return `queue job → tracePath: ${JSON.stringify(path)} is not a regular file; expected a trace file`;
}
/** A queue job's trace that cannot be read (the error code only: no message that could quote the file). */
export function jobTraceUnreadable(path: string, code: string): string {
  return `queue job → tracePath: ${JSON.stringify(path)} cannot be read (${code}); expected a readable trace file`;
}
/** A queue job's trace whose content is not the one the job names by SHA-256 (checked before it is parsed). */
export function jobTraceShaMismatch(path: string, expected: string): string {
  return `queue job → tracePath: the content of ${JSON.stringify(path)} does not have the job's SHA-256 ${expected}; expected the trace hsim run checked (is the shared folder in sync?)`;
}
/** A cell whose result the coordinator refused, put back on the queue for another try. */
export function queuedCellRequeued(reason: string, retry: number, most: number): string {
  return `${reason}; the cell goes back on the queue (retry ${retry} of ${most})`;
}
/**
 * The coordinator's notice when no cell finished for a while: how many are left and which worker holds which cell
 * (since `since`, ms since the epoch), the others queued.
 */
export function queueCellsWaiting(left: number, total: number, held: readonly { id: string; worker: string; since: number }[], now: number): string {
  const on = held.map((h) => `${h.id} on worker ${h.worker} (${Math.max(0, Math.round((now - h.since) / 1000))} s)`);
  const queued = left - held.length;
  return `waiting: ${left} of ${total} cells left: ${on.length > 0 ? on.join(', ') : 'none running'}${queued > 0 ? `; ${queued} queued` : ''}`;
}
/** A cell result a queue worker returned that the coordinator refused (nothing of it is written). */
export function queuedCellRefused(id: string, worker: string | null, issues: readonly string[]): string {
  return `cell ${id} from worker ${worker ?? '(unnamed)'} refused: ${issues.join('; ')}; expected the cell hsim run planned (a worker of another hsim version, or one not to be trusted?)`;
}
/** An output folder another `hsim run` holds (or held on another host, or whose lock cannot be read). */
export function outLockHeld(outDir: string, lock: string, holder: { pid: number; host: string; command: string } | null): string {
  const who = holder === null ? 'a lock file that cannot be read' : `hsim ${holder.command} process ${holder.pid} on ${holder.host}`;
  return `output folder ${outDir} is in use by ${who} (${lock}); expected one hsim run or sweep per output folder; wait for it to finish, or give another folder with -o (remove ${lock} only if no run is active)`;
}
/** A lock of an output folder left by a process of this host that is gone: taken over. */
export function outLockStale(lock: string, holder: { pid: number; host: string; command: string }): string {
  return `warning: taking over ${lock}, left by hsim ${holder.command} process ${holder.pid} on ${holder.host}, which is no longer running`;
}

