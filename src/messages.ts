// Every user-facing error text, one named function per message (vega-lite's src/log/message.ts is the model).
//
// Throw sites call these instead of writing texts inline, so a message is worded once, found by name, and tested
// where it is used. The location builders (atLocation, atOption, atPath) live in errors.ts beside the error types.
import { atLocation, atOption } from './errors.ts';

// ── Collected issues ──────────────────────────────────────────────────────────────────────────────────────────────

/** The one issue itself, or `<count> <what>` as the headline over several (the issues follow as a list). */
function oneOrCount(issues: readonly string[], what: string): string {
  return issues.length === 1 ? issues[0]! : `${issues.length} ${what}`;
}

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

/** Headline of the problems of `hsim merge`. */
export function problemsMerging(issues: readonly string[]): string {
  return oneOrCount(issues, 'problems merging:');
}

/** Headline of the bad options of `hsim theory`. */
export function badOptions(issues: readonly string[]): string {
  return issues.length === 1 ? issues[0]! : 'bad options:';
}

/** `<command>: N problem(s)` (compare), always counted. */
export function commandProblems(command: string, count: number): string {
  return `${command}: ${count} problem${count > 1 ? 's' : ''}`;
}

/** `<command>: N problem(s) with the options` (simulate, replay), always counted. */
export function commandOptionProblems(command: string, count: number): string {
  return `${commandProblems(command, count)} with the options`;
}

/** The options of `hsim predictor warm` are wrong (the issues follow). */
export function predictorWarmOptions(): string {
  return 'predictor warm: problems with the options';
}

/** Predictor parameters are wrong: the one problem, or a headline over several. */
export function invalidPredictorParams(issues: readonly string[]): string {
  return issues.length === 1 ? issues[0]! : 'invalid predictor parameters';
}

// ── Options ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** An integer option below its minimum; `shown` is the value as the user should see it (quoted or not). */
export function integerAtLeast(option: string, shown: string, min: number): string {
  return atOption(option, shown, `an integer ≥ ${min}`);
}

/** `--jobs` out of 1…256 (hsim run, sweep, worker). */
export function jobsOutOfRange(raw: string): string {
  return atOption('--jobs', `"${raw}"`, 'an integer from 1 to 256');
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

/** `--shard` is not `i/n`. */
export function badShard(text: string): string {
  return atOption('--shard', `"${text}"`, 'i/n with 1 ≤ i ≤ n, e.g. 1/4 (shards are numbered from 1)');
}

/** `--shard` and `--queue` together. */
export function shardWithQueue(): string {
  return atOption('--shard', 'given with --queue', 'one of them: shards split the cells between machines without Redis');
}

/** `hsim sweep --shard`. */
export function sweepCannotShard(): string {
  return 'option --shard: not available for sweeps; expected a whole sweep (split an experiment with hsim run --shard instead)';
}

// ── Files ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A JSON input file that cannot be read; `what` says what it should be. */
export function fileUnreadable(path: string, what: string): string {
  return atLocation(path, undefined, 'not found or not readable', what);
}

/** A JSON input file that does not parse. */
export function fileNotJson(path: string, why: string, what: string): string {
  return atLocation(path, undefined, `not valid JSON (${why})`, what);
}

/** A file given to `hsim compare` that is not a readable result file. */
export function notAResultFile(path: string, why: string): string {
  return `${path}: ${why}; expected a result file written by hsim simulate or hsim replay`;
}

/** A predictor snapshot file that cannot be read (`code`: the system error code, or the error's text). */
export function snapshotUnreadable(file: string, code: string): string {
  return atLocation(file, undefined, code === 'ENOENT' ? 'found no such file' : `could not be read (${code})`, 'a predictor snapshot file');
}

/** A trace whose SHA-256 is not the one the experiment recorded. */
export function traceChanged(path: string, found: string, recorded: string): string {
  return atLocation(path, undefined, `SHA-256 ${found}`, `${recorded} as the experiment records`, 'the trace changed since the experiment was written: regenerate it, or update the experiment deliberately');
}

/** An output that cannot be written for a reason the user can fix (a full disk, no permission); nothing was written. */
export function outputNotWritable(target: string, why: string, code: string): string {
  return `cannot write ${target}: ${why} (${code}); nothing was written there`;
}

// ── Experiments, cells, sweeps ────────────────────────────────────────────────────────────────────────────────────

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

/** A sweep variant whose cells do not merge. */
export function variantCannotMerge(variant: string, trace: string): string {
  return `variant ${variant} of trace ${trace}: cannot merge its cells`;
}

/** `hsim gate check` failed at some loads (exit 1). */
export function gateFailed(gate: string, loads: readonly string[]): string {
  return `gate ${gate} failed at load ${loads.join(', ')}`;
}

// ── Redis (the cell queue) ────────────────────────────────────────────────────────────────────────────────────────

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

// ── Brokers and replay ────────────────────────────────────────────────────────────────────────────────────────────

/** What a broker URL should look like. */
const BROKER_URL_FORMS = 'amqp://user:pass@host:port, rabbitmq://…, redis://host:port or harbinger://host:port';

/** A broker URL that does not parse. */
export function brokerUrlInvalid(option: string, text: string): string {
  return atOption(option, `"${text}" is not a URL`, BROKER_URL_FORMS);
}

/** A broker URL with a scheme no adapter serves. */
export function brokerUrlScheme(option: string, scheme: string, text: string): string {
  return atOption(option, `scheme "${scheme}" in "${text}"`, BROKER_URL_FORMS);
}

/** A broker URL without a host. */
export function brokerUrlNoHost(option: string, text: string): string {
  return atOption(option, `no host in "${text}"`, BROKER_URL_FORMS);
}

/** A broker URL with a port outside 1…65535. */
export function brokerUrlPort(option: string, port: string, text: string): string {
  return atOption(option, `port "${port}" in "${text}"`, 'a port from 1 to 65535');
}

/** A redis:// broker URL whose path is not a database number. */
export function brokerUrlRedisPath(option: string, path: string, text: string): string {
  return atOption(option, `path "${path}" in "${text}"`, 'redis://host:port or redis://host:port/<db number>');
}

/** A harbinger:// broker URL with a path. */
export function brokerUrlHarbingerPath(option: string, path: string, text: string): string {
  return atOption(option, `path "${path}" in "${text}"`, 'harbinger://host:port (no path)');
}

/** A broker's port does not accept connections. */
export function brokerUnreachable(display: string, why: string): string {
  return atOption('--broker', `cannot reach ${display} (${why})`, 'a running broker at that address', 'start it first; see BROKERS.md');
}

/** The Harbinger broker does not answer its gRPC channel. */
export function harbingerConnectFailed(display: string, why: string): string {
  return atOption('--broker', `cannot connect to ${display} (${why})`, 'a running Harbinger broker (hsim broker --listen host:port)');
}

/** RabbitMQ refuses the AMQP connection. */
export function rabbitConnectFailed(display: string, why: string): string {
  return atOption('--broker', `cannot connect to ${display} (${why})`, 'a running RabbitMQ broker');
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

/** CreateQueue with an empty name (gRPC INVALID_ARGUMENT). */
export function queueNameEmpty(): string {
  return 'queue name is empty';
}

/** CreateQueue with a name in use. */
export function queueExists(queue: string): string {
  return `queue "${queue}" already exists`;
}

/** A call on a queue that does not exist (`hint` adds what to do). */
export function queueMissing(queue: string, hint = false): string {
  return `queue "${queue}" does not exist${hint ? '; create it with CreateQueue' : ''}`;
}

/** Submit with an id the queue has seen. */
export function messageIdTaken(id: string): string {
  return `message id "${id}" already submitted`;
}

/** Submit with a level the queue does not have. */
export function levelOutOfRange(level: number, levels: number): string {
  return `level ${level}; expected 0 … ${levels - 1}`;
}

/** A Submit refused because the queue holds as many messages as it may (RESOURCE_EXHAUSTED: backpressure). */
export function queueFullMessages(held: number, max: number): string {
  return `queue holds ${held} messages, its capacity (max_messages ${max}); retry after consumers catch up`;
}

/** A Submit refused because its payload would pass the queue's byte capacity. */
export function queueFullBytes(held: number, more: number, max: number): string {
  return `queue holds ${held} payload bytes; ${more} more would pass its capacity (max_bytes ${max})`;
}

/** A call without the broker's shared secret (UNAUTHENTICATED). */
export function brokerUnauthenticated(): string {
  return 'missing or wrong broker token (metadata "authorization: Bearer <token>")';
}

/** `hsim broker --listen` on an address other machines reach, without a token. */
export function listenWithoutToken(host: string, tokenEnv: string): string {
  return atOption('--listen', `${host} is reachable from other machines and the broker has no token`, `a loopback address, or a token (--token or $${tokenEnv})`, 'or --insecure-listen to accept unauthenticated calls anyway');
}

// ── Predictor parameters ──────────────────────────────────────────────────────────────────────────────────────────

/** A predictor parameter name that does not exist. */
export function unknownPredictorParam(option: string, name: string, names: readonly string[]): string {
  return atOption(option, `found an unknown predictor parameter '${name}'`, `one of ${names.join(', ')}`);
}

/** A predictor parameter value outside its rule (`found` as shown to the user). */
export function predictorParamValue(option: string, found: string, expected: string): string {
  return atOption(option, `found ${found}`, expected);
}

// ── Gates ─────────────────────────────────────────────────────────────────────────────────────────────────────────

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

/** A gate edited after it was frozen. */
export function gateChangedSinceFrozen(gatePath: string, lockPath: string, lockSha256: string, sha256: string, changes: string): string {
  return `${gatePath}: changed since it was frozen (lock ${lockPath} records sha256 ${lockSha256}, the file now has ${sha256}); ` +
    `a pre-registered gate cannot be evaluated after edits: restore it, or freeze a new gate before a new run. Changed: ${changes}`;
}

/** A gate checked without a lock (and without --unfrozen). */
export function gateNotFrozen(gatePath: string, lockPath: string): string {
  return atLocation(gatePath, undefined, `not frozen (no ${lockPath})`, 'a frozen gate', `run \`hsim gate freeze ${gatePath}\` before the run, or pass --unfrozen to evaluate it marked as not pre-registered`);
}

// ── Traces and loads ──────────────────────────────────────────────────────────────────────────────────────────────

/** A common-format trace whose header is wrong (`found` says how). */
export function traceHeader(file: string, found: string, expectedHeader: string): string {
  return atLocation(file, 1, found, `the header ${expectedHeader}`);
}

/** A common-format trace with no header at all. */
export function traceEmpty(file: string, expectedHeader: string): string {
  return traceHeader(file, 'the file is empty', expectedHeader);
}

/** `--load` scaling with too few evaluation rows. */
export function loadTooFewRows(load: number, rows: number): string {
  return atOption('--load', `${load} with ${rows} evaluation rows`, 'at least 2 evaluation rows to scale arrivals', 'use --load as-is');
}

/** `--load` scaling an evaluation half with no span or no work. */
export function loadNothingToScale(load: number): string {
  return atOption('--load', String(load), 'a trace whose evaluation half has a positive span and positive total duration', 'use --load as-is');
}

// ── Converters (hsim convert) ─────────────────────────────────────────────────────────────────────────────────────

/** A format name after `hsim convert` that is not in the format table. */
export function convertUnknownFormat(name: string, known: readonly string[]): string {
  return `format: found "${name}"; expected one of ${known.join(', ')}`;
}

/** Headline of several problems with the options of `hsim convert FORMAT` (the issues follow as a list). */
export function convertOptionProblems(format: string, count: number): string {
  return `${count} problems with the options of convert ${format}`;
}

/** A column or field option the format does not take. */
export function convertFlagNotTaken(option: string, value: string, format: string): string {
  return atOption(option, `"${value}" given`, `no ${option} for format ${format}`);
}

/** An option value outside its list of choices (`--preset`, `--key-mode`, `--arrival-unit`, …). */
export function convertChoice(option: string, value: string | undefined, choices: readonly string[]): string {
  return atOption(option, `"${value}"`, choices.join(' | '));
}

/** An SWF field option that is not a field number 1–18. */
export function convertSwfField(option: string, value: string): string {
  return atOption(option, `"${value}"`, 'an SWF field number 1–18 (see swf.html)');
}

/** `--arrival` given together with `--end`/`--end-minus`. */
export function convertArrivalAndEnd(): string {
  return atOption('--arrival', 'given together with --end/--end-minus', 'either an arrival column or an end column (arrival = end − duration)');
}

/** `--duration` missing for a table format without a default. */
export function convertDurationMissing(): string {
  return atOption('--duration', 'missing', 'the duration column (e.g. --duration duration_ms)');
}

/** Neither `--arrival` nor `--end` for a table format without a default. */
export function convertArrivalMissing(): string {
  return atOption('--arrival', 'missing', 'an arrival column (--arrival COL) or an end column (--end COL)');
}

/** `--key` missing for a table format without a default. */
export function convertKeyMissing(): string {
  return atOption('--key', 'missing', 'one or more key columns, comma-separated (e.g. --key app,func)');
}

/** `-o` that does not end in NAME.csv or NAME.csv.gz. */
export function convertOutputName(target: string): string {
  return atOption('-o', `"${target}"`, 'a path ending in NAME.csv or NAME.csv.gz');
}

/** A rejected row under `--strict`. */
export function convertStrictReject(file: string, line: number, reason: string): string {
  return atLocation(file, line, `row rejected (${reason})`, 'every row to convert', '--strict turns any reject into an error; drop it to count rejects instead');
}

/** An input with no data row at all. */
export function convertNoDataRows(file: string, format: string): string {
  return atLocation(file, undefined, 'holds no data rows', `rows in ${format} format`);
}

/** An input whose every row was rejected (`byReason` is the rejects' JSON by reason). */
export function convertNoRowKept(file: string, read: number, byReason: string): string {
  return atLocation(file, undefined, `no row kept: ${read} read, rejected ${byReason}`, 'at least one convertible row', 'see --check, or the column flags');
}

/** A conversion stopped by its abort signal (Ctrl-C); `file` is the input when known. */
export function convertInterrupted(file?: string): string {
  return file === undefined ? 'conversion interrupted' : `${file}: conversion interrupted`;
}

/** An input path that is a directory. */
export function convertInputIsDirectory(file: string): string {
  return atLocation(file, undefined, 'is a directory', 'a trace file');
}

/** An input that cannot be opened (`code` as errno gives it). */
export function convertInputUnreadable(file: string, code: string): string {
  return atLocation(file, undefined, `cannot be read (${code})`, 'an existing, readable file');
}

/** An input named `.gz` without the gzip magic bytes. */
export function convertNotGzip(file: string): string {
  return atLocation(file, undefined, 'the name ends in .gz but the content is not gzip (no 1f 8b magic bytes)', 'a gzip file', 'rename it or recompress it');
}

/** A gzip input that zlib cannot finish (`detail` is zlib's message), at the line reached. */
export function convertGzipCorrupt(file: string, line: number, detail: string): string {
  return atLocation(file, line, `gzip data is truncated or corrupt (zlib: ${detail})`, 'a complete gzip file', 'download it again; `gzip -t` checks a file');
}

/** A read that failed mid-file (`code` as errno gives it). */
export function convertReadFailed(file: string, line: number, code: string): string {
  return atLocation(file, line, `read failed (${code})`, 'a readable file');
}

/** A CSV header line that is not UTF-8. */
export function convertHeaderNotUtf8(file: string, line: number): string {
  return atLocation(file, line, 'the header is not UTF-8 text (binary data?)', 'a CSV header line');
}

/** A CSV header line over the line-length limit. */
export function convertHeaderTooLong(file: string, line: number, maxBytes: number): string {
  return atLocation(file, line, `the header line is over ${maxBytes} bytes`, 'a CSV header line', 'is this a CSV file with a header?');
}

/** A CSV header with malformed quoting (`shown` is the quoted, possibly cut header). */
export function convertHeaderQuoting(file: string, line: number, shown: string): string {
  return atLocation(file, line, `header line ${shown} has malformed quoting`, 'a CSV header');
}

/** A header that is not exactly the format's header. */
export function convertHeaderNotExact(file: string, line: number, shown: string, expected: readonly string[]): string {
  return atLocation(file, line, `header is ${shown}`, `exactly "${expected.join(',')}"`, 'is this the right format? a file without a header is not accepted');
}

/** A header lacking columns the conversion uses. */
export function convertHeaderLacks(file: string, line: number, shown: string, missing: readonly string[]): string {
  return atLocation(file, line, `header ${shown} lacks column(s) ${missing.join(', ')}`, 'a header naming every column the conversion uses', 'choose columns with --arrival/--end/--duration/--key/--class/--size');
}

/** A CSV input without even a header line. */
export function convertCsvEmpty(file: string): string {
  return atLocation(file, undefined, 'is empty (no header line)', 'a CSV file with a header line and data rows');
}
