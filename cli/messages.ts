// User-facing texts of the commands themselves: options and their combinations.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atOption } from '../src/errors.ts';
import { oneOrCount } from '../analysis/messages.ts';

/** Headline of the problems of `hsim merge`. */
export function problemsMerging(issues: readonly string[]): string {
  return oneOrCount(issues, 'problems merging:');
}
/** Headline of the bad options of `hsim theory`. */
export function badOptions(issues: readonly string[]): string {
  return issues.length === 1 ? issues[0]! : 'bad options:';
}
/** An integer option below its minimum; `shown` is the value as the user should see it (quoted or not). */
export function integerAtLeast(option: string, shown: string, min: number): string {
  return atOption(option, shown, `an integer ≥ ${min}`);
}
/** A numeric option that is not a number. */
export function notANumber(option: string, text: string): string {
  return atOption(option, `"${text}"`, 'a number');
}
/** `hsim generate -o` not ending in .csv or .csv.gz. */
export function outputNotCsv(output: string): string {
  return atOption('--output', `"${output}"`, 'a path ending in .csv or .csv.gz');
}
/** `hsim generate mmc --service` neither exp nor lognormal. */
export function unknownServiceDistribution(service: string): string {
  return atOption('--service', `"${service}"`, 'exp or lognormal');
}
/** `hsim convert` given both --check and -o. */
export function checkWithOutput(): string {
  return atOption('--check', 'given with -o', 'either --check (count only) or -o (write)');
}
/** `hsim convert` given neither --check nor -o. */
export function convertWithoutOutput(): string {
  return atOption('-o', 'missing', 'an output path DIR/NAME.csv[.gz], or --check to only count');
}
/** `--split` leaves no history rows to warm the predictor on. */
export function splitLeavesNoHistory(split: string, fraction: number, tracePath: string, rows: number): string {
  return atOption('--split', `${split} ${fraction}`, 'a split that leaves history rows', `${tracePath} has ${rows} rows`);
}
/** `hsim sweep --shard`. */
export function sweepCannotShard(): string {
  return 'option --shard: not available for sweeps; expected a whole sweep (split an experiment with hsim run --shard instead)';
}

/** A file given to `hsim compare` that is not a readable result file. */
export function notAResultFile(path: string, why: string): string {
  return `${path}: ${why}; expected a result file written by hsim simulate or hsim replay`;
}
/** A sweep variant whose cells do not merge. */
export function variantCannotMerge(variant: string, trace: string): string {
  return `variant ${variant} of trace ${trace}: cannot merge its cells`;
}
/** `hsim gate check` failed at some loads (exit 1). */
export function gateFailed(gate: string, loads: readonly string[]): string {
  return `gate ${gate} failed at load ${loads.join(', ')}`;
}

/** A replay that broke its validity rules: not a result (exit 1). */
export function replayInvalid(reasons: readonly string[]): string {
  return `replay is invalid (not a result):\n${reasons.map((r) => `  - ${r}`).join('\n')}`;
}
/** `hsim broker --listen` that is not host:port. */
export function listenAddressInvalid(text: string): string {
  return atOption('--listen', `"${text}"`, 'host:port, e.g. 127.0.0.1:27051 (port 0 = any free port)');
}
/** `hsim broker --listen` on an address that cannot be bound. */
export function cannotListen(host: string, port: number, why: string): string {
  return atOption('--listen', `cannot listen on ${host}:${port} (${why})`, 'a free local address');
}
/** `hsim broker --listen` on an address other machines reach, without a token. */
export function listenWithoutToken(host: string, tokenEnv: string): string {
  return atOption('--listen', `${host} is reachable from other machines and the broker has no token`, `a loopback address, or a token (--token or $${tokenEnv}) and TLS (--tls-cert, --tls-key)`, 'or --insecure-listen to accept unauthenticated calls anyway');
}
/** `hsim broker --listen` on an address other machines reach, with a token but without TLS. */
export function listenWithoutTls(host: string): string {
  return atOption('--listen', `${host} is reachable from other machines and the broker has a token but no TLS, so the token would cross the network in clear`, 'a loopback address, or TLS (--tls-cert FILE --tls-key FILE)', 'or --insecure-listen to serve plaintext anyway');
}
/** The label of an arm's replications folded into one row or cell: `arm (5 seeds)`. */
export function armOverSeeds(arm: string, seeds: number): string {
  return `${arm} (${seeds} seeds)`;
}
/** The note under `hsim run`'s table when some arms ran with replications. */
export function runTableOverSeeds(): string {
  return 'arm (N seeds): means over the seeds; mean vs fifo = mean over seeds of each seed\'s change against fifo of the same seed, [95 % t-interval over seeds].';
}

/** A trace path recorded in results that is not a regular file (a report does not diagnose it). */
export function traceNotRegularFile(path: string): string {
  return `the trace file ${path} recorded in the results is not a regular file (a named pipe, device or folder), so it is not read`;
}

/** `hsim worker --data DIR` naming no folder. */
export function workerDataNotFolder(dir: string): string {
  return atOption('--data', JSON.stringify(dir), 'an existing folder whose traces queue jobs may name');
}
/** `hsim worker --name` that is not a short printable name. */
export function workerNameInvalid(name: string): string {
  return atOption('--name', JSON.stringify(name.slice(0, 60)), '1 to 200 printable ASCII characters', 'e.g. --name gpu-node-3');
}
/** An output option naming the same file as another output (`otherWritten`) or an input of the same command. */
export function sameFileTwice(option: string, other: string, path: string, otherWritten: boolean): string {
  return atOption(option, `${path} is also the file of ${other}${otherWritten ? ': both outputs would be written to it and one would overwrite the other' : ', which this command reads: writing it would destroy the input'}`, `a file of its own`, `give ${option} another file name`);
}
/** A table file written (stderr). */
export function tableWritten(path: string, rows: number): string {
  return `hsim: wrote ${path} (${rows} rows)`;
}
/** The broker's memory line (SIGUSR2): the account against the budget, queues, refusals and the process's RSS. */
export function brokerMemoryReport(used: number, limit: number, queues: number, refusals: number, rss: number): string {
  return `memory accounted ${used} of ${limit} bytes, ${queues} queues, ${refusals} refusals, rss ${rss}`;
}

// The reasons a trace or warm-start cache file is not used; the caller prints `<path> was not used: <reason>; …`.
