// Every user-facing error text, one named function per message (vega-lite's src/log/message.ts is the model).
//
// Throw sites call these instead of writing texts inline, so a message is worded once, found by name, and tested
// where it is used. The location builders (atLocation, atOption, atPath) live in errors.ts beside the error types.
import { atLocation, atOption, atPath } from './errors.ts';
import { INPUT_RANGES, rangeText } from './input-ranges.ts';

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

/** Ack or Nack with a delivery token that settles nothing (stale, settled already, or never issued). */
export function staleToken(token: string): string {
  return `token "${token}" does not settle a current delivery (stale, settled or unknown)`;
}

/** A call without the broker's shared secret (UNAUTHENTICATED). */
export function brokerUnauthenticated(): string {
  return 'missing or wrong broker token (metadata "authorization: Bearer <token>")';
}

/** `hsim broker --listen` on an address other machines reach, without a token. */
export function listenWithoutToken(host: string, tokenEnv: string): string {
  return atOption('--listen', `${host} is reachable from other machines and the broker has no token`, `a loopback address, or a token (--token or $${tokenEnv}) and TLS (--tls-cert, --tls-key)`, 'or --insecure-listen to accept unauthenticated calls anyway');
}

/** `hsim broker --listen` on an address other machines reach, with a token but without TLS. */
export function listenWithoutTls(host: string): string {
  return atOption('--listen', `${host} is reachable from other machines and the broker has a token but no TLS, so the token would cross the network in clear`, 'a loopback address, or TLS (--tls-cert FILE --tls-key FILE)', 'or --insecure-listen to serve plaintext anyway');
}

/** A Harbinger client whose TLS setting does not match the broker's (found by a TLS handshake probe). */
export function harbingerTlsMismatch(display: string, brokerSpeaksTls: boolean): string {
  return brokerSpeaksTls
    ? atOption('--broker', `${display} speaks TLS (it was started with --tls-cert) and this client connected in plaintext`, 'the broker certificate\'s CA as --tls-ca FILE')
    : atOption('--tls-ca', `given, but ${display} answers in plaintext (no TLS handshake)`, 'no --tls-ca for a broker started without --tls-cert');
}

// ── Arms (routing, flags, parameters) ─────────────────────────────────────────────────────────────────────────────

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

// ── Replay: options, broker capability, validity, compare ─────────────────────────────────────────────────────────

/** `hsim replay` without --broker. */
export function brokerMissing(): string {
  return atOption('--broker', 'none given', 'a broker URL such as redis://127.0.0.1:26379');
}

/** `--time-scale` that is not a number > 0. */
export function timeScaleInvalid(text: string): string {
  return atOption('--time-scale', `"${text}"`, 'a number > 0 (2 plays the trace twice as fast)');
}

/** `--lateness-bound` that is not a positive number. */
export function latenessBoundInvalid(text: string): string {
  return atOption('--lateness-bound', `"${text}"`, 'a positive number of ms');
}

/** `--max-retries` that is not an integer ≥ 0. */
export function maxRetriesInvalid(text: string): string {
  return atOption('--max-retries', `"${text}"`, 'an integer ≥ 0');
}

/** Why a simulator-only arm (its own engine) cannot be replayed. */
export function armSimulatorOnly(): string {
  return 'a simulator-only bound (it needs its own engine: a continuous priority or preemption); expected an arm a broker can run';
}

/** An arm a replay cannot run (`why`: armSimulatorOnly or the broker's reason). */
export function armNotReplayable(arm: string, why: string): string {
  return `option --arm ${arm}: ${why}`;
}

/** A replay given several loads. */
export function replayOneLoad(loads: number): string {
  return atOption('--load', `${loads} loads`, 'exactly one load per replay (run one replay per load)');
}

/** `--use-broker-snapshot` with a broker other than Harbinger. */
export function brokerSnapshotNeedsHarbinger(kind: string): string {
  return atOption('--use-broker-snapshot', `given with ${kind}`, 'a harbinger:// broker (started with hsim broker --predictor-snapshot FILE)');
}

/** `--handlers` other than sleep or compute. */
export function handlersInvalid(handlers: string): string {
  return atOption('--handlers', `"${handlers}"`, 'sleep or compute');
}

/** `--handler-processes` without `--handlers compute`. */
export function handlerProcessesWithoutCompute(handlers: string): string {
  return atOption('--handler-processes', `given with --handlers ${handlers}`, '--handlers compute');
}

/** `--handler-processes` out of 1…workers (`workers` null when the simulation options failed). */
export function handlerProcessesOutOfRange(text: string, workers: number | null): string {
  return atOption('--handler-processes', `"${text}"`, `an integer from 1 to --workers${workers === null ? '' : ` (${workers})`}`);
}

/** An arm with one queue per key: no replay broker has those. */
export function brokerNoPerKeyQueues(arm: string): string {
  return `arm "${arm}" needs one queue per key, which no replay broker provides`;
}

/** An aging arm on a broker without aging. */
export function brokerCannotAge(arm: string, broker: string): string {
  return `arm "${arm}" ages messages, which ${broker} cannot do (add +no-aging, or use harbinger://)`;
}

/** A weighted arm on a strict-priority broker. */
export function brokerCannotWeigh(arm: string, broker: string): string {
  return `arm "${arm}" uses weighted shares, which ${broker} cannot do (strict priority only; use harbinger://)`;
}

/** A pausing arm on a broker without pausing. */
export function brokerCannotPause(arm: string, broker: string): string {
  return `arm "${arm}" uses pausing, which ${broker} cannot do`;
}

/** A replay invalid because the broker failed (`failure`: the adapter's or driver's words). */
export function replayBrokerFailure(failure: string): string {
  return `broker failure: ${failure}`;
}

/** A replay invalid because messages were lost. */
export function replayLost(lost: number, expected: number): string {
  return `${lost} of ${expected} messages never completed (lost)`;
}

/** A replay invalid because messages were dead-lettered. */
export function replayDeadLettered(count: number): string {
  return `${count} messages were dead-lettered`;
}

/** A replay invalid because the producer fell behind its schedule. */
export function replayLate(p99Ms: number, boundMs: number): string {
  return `producer lateness p99 ${p99Ms.toFixed(2)} ms is above the bound ${boundMs} ms`;
}

/** A compute handler process failed during a replay. */
export function handlerFailure(reason: string): string {
  return `handler failure: ${reason}`;
}

/** A broker delivered a message the replay did not expect (unknown, or delivered twice). */
export function unexpectedDelivery(id: number): string {
  return `unexpected delivery of message ${id}`;
}

/** The broker's dead-letter count could not be read. */
export function deadLettersUnreadable(why: string): string {
  return `could not read dead letters: ${why}`;
}

/** `hsim compare` given a file that is not a replay result. */
export function compareNotAReplay(file: string): string {
  return `${file} → replay: missing; expected a result file written by hsim replay`;
}

/** `hsim compare` given an invalid replay (`valid`: the field as found, `why`: its reasons, parenthesised, or ''). */
export function compareReplayInvalid(file: string, valid: unknown, why: string): string {
  return `${file} → replay.valid: found ${JSON.stringify(valid)}${why}; expected true: an invalid replay is not a result`;
}

/** A replayed load and arm the simulation lacks. */
export function compareSimulationMissing(file: string, load: string, arm: string): string {
  return `${file} → results.${load}.arms.${arm}: missing; expected the simulation of the same trace, load and arm`;
}

/** A replayed arm without a mean latency. */
export function compareReplayMeanMissing(file: string, load: string, arm: string): string {
  return `${file} → results.${load}.arms.${arm}.all.mean_latency_ms: missing; expected a number`;
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

// ── Reports ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** `hsim report` given a results path that is not a folder. */
export function resultsFolderMissing(dir: string): string {
  return atLocation(dir, undefined, 'not found or not a folder', 'a folder of result files (hsim simulate -o <dir>/x.json)');
}

/** A report input that is not JSON, skipped (`sweep`: it was named as a sweep output). */
export function reportInputNotJson(file: string, why: string, sweep: boolean): string {
  return atLocation(file, undefined, `skipped: not readable as JSON (${why})`, sweep ? 'a sweep output (sweep.json)' : 'a result file (docs/result-file.md)');
}

/** A sweep output that does not parse, skipped. */
export function reportSweepInvalid(file: string, issues: readonly string[]): string {
  return `${file}: skipped: not a valid sweep output: ${issues.join('; ')}`;
}

/** A result file that does not parse, skipped (the first five issues shown). */
export function reportResultInvalid(file: string, issues: readonly string[]): string {
  return `${file}: skipped: not a valid result file: ${issues.slice(0, 5).join('; ')}${issues.length > 5 ? `; and ${issues.length - 5} more` : ''}`;
}

/** A results folder without any result file or sweep output. */
export function reportNoResults(dir: string): string {
  return atLocation(dir, undefined, 'no result files (docs/result-file.md) or sweep outputs found', 'a folder holding `hsim simulate -o` result files or a sweep.json');
}

/** Results from which no chart can be drawn. */
export function reportNoChart(dir: string): string {
  return `${dir}: no chart can be drawn from these results`;
}

/** Headline of a report that has nothing to show (`what`: why). */
export function nothingToReport(what: string): string {
  return `${what}; nothing to report`;
}

/** A gate for another trace than the results' (both hashes shortened to 12 digits). */
export function gateForOtherTrace(gateId: string, gateSha256: string, traceSha256: string | null): string {
  return `gate ${gateId} is for trace ${gateSha256.slice(0, 12)}…, the results are of trace ${(traceSha256 ?? 'unknown').slice(0, 12)}…`;
}

/** A gate that fits none (or, naming its loads, not all) of a trace's loads (`skipped`: why, per load). */
export function gateDoesNotFit(gateId: string, trace: string, skipped: readonly string[]): string {
  return `gate ${gateId} does not fit ${trace}: ${skipped.join('; ')}`;
}

/** A load a gate names that the results lack (a reason the gate does not fit). */
export function fitLoadAbsent(load: string): string {
  return `load ${load}: absent from the results`;
}

/** A load without some arm a gate needs (a reason the gate does not fit). */
export function fitArmsMissing(load: string, arms: readonly string[]): string {
  return `load ${load}: no arm ${arms.join(', ')}`;
}

/** A load with other window counts than the gate pre-registers (a reason the gate does not fit). */
export function fitWindowCounts(load: string, counts: readonly number[], registered: number): string {
  return `load ${load}: ${counts.join('/')} windows, the gate pre-registers ${registered}`;
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

/** A trace header that lacks a required column. */
export function traceHeaderLacks(file: string, header: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `header "${header}" lacks column ${column}`, expectedHeader);
}

/** A trace header with another column where a required one belongs (`index`: 0-based). */
export function traceHeaderMisplaced(file: string, index: number, found: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `header column ${index + 1} is "${found}", not ${column}`, expectedHeader);
}

/** A trace header with a column the format does not have. */
export function traceHeaderUnknown(file: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `unknown header column "${column}"`, expectedHeader);
}

/** A trace header naming a column twice. */
export function traceHeaderTwice(file: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `header column "${column}" appears twice`, expectedHeader);
}

/** `N fields (a,b,c)`: what a trace row should hold. */
function traceFields(columns: readonly string[]): string {
  return `${columns.length} fields (${columns.join(',')})`;
}

/** A trace line longer than any valid row. */
export function traceLineTooLong(file: string, line: number, maxBytes: number): string {
  return atLocation(file, line, `a line longer than ${maxBytes} bytes`, 'rows of three to five short fields');
}

/** An empty line among the rows of a trace. */
export function traceEmptyLine(file: string, line: number, columns: readonly string[]): string {
  return atLocation(file, line, 'empty line', traceFields(columns));
}

/** A trace row that ends after `fields` of its fields. */
export function traceTooFewFields(file: string, line: number, fields: number, columns: readonly string[]): string {
  return atLocation(file, line, `the row has ${fields} field${fields === 1 ? '' : 's'}`, traceFields(columns));
}

/** A trace row with more fields than the header has columns. */
export function traceTooManyFields(file: string, line: number, columns: readonly string[]): string {
  return atLocation(file, line, `the row has more than ${columns.length} fields`, traceFields(columns));
}

/** A character after the last field of a trace row. */
export function traceCharAfterRow(file: string, line: number, char: string): string {
  return atLocation(file, line, `unexpected character ${JSON.stringify(char)} after the last field`, 'a line end');
}

/** A quoted key or class that is not closed within the longest label. */
export function traceQuoteNotClosed(file: string, line: number, maxBytes: number): string {
  return atLocation(file, line, 'a quoted field is not closed', `a closing quote (") within ${maxBytes} bytes`);
}

/** A character after the closing quote of a quoted field. */
export function traceCharAfterQuote(file: string, line: number, char: string): string {
  return atLocation(file, line, `unexpected character ${JSON.stringify(char)} after a closing quote`, 'a comma or a line end');
}

/** A trace row with an empty key. */
export function traceKeyEmpty(file: string, line: number): string {
  return atLocation(file, line, 'the key is empty', 'a key of 1 to 256 bytes');
}

/** A key or class (`label`) longer than the longest allowed. */
export function traceLabelTooLong(file: string, line: number, label: string, bytes: number, maxBytes: number): string {
  return atLocation(file, line, `the ${label} is ${bytes} bytes long`, `at most ${maxBytes} bytes (UTF-8)`);
}

/** A key or class (`label`) that is not UTF-8. */
export function traceLabelNotUtf8(file: string, line: number, label: string): string {
  return atLocation(file, line, `the ${label} is not valid UTF-8`, 'UTF-8 text');
}

/** What each numeric column of a trace holds. */
const TRACE_NUMBER_EXPECTED = { arrival_ms: 'a finite number', duration_ms: 'a finite number ≥ 0', size_bytes: 'an integer ≥ 0 (or empty)' } as const;

/** A numeric trace field that does not hold what its column should (`text`: the field as read, '' when empty). */
export function traceBadNumber(file: string, line: number, column: keyof typeof TRACE_NUMBER_EXPECTED, text: string): string {
  return atLocation(file, line, text === '' ? `${column} is empty` : `${column} is "${text}"`, TRACE_NUMBER_EXPECTED[column]);
}

/** A trace path that is not a file. */
export function traceFileMissing(path: string): string {
  return atLocation(path, undefined, 'no such file', 'a trace CSV or CSV.gz');
}

/** A gzipped trace whose stream is corrupt. */
export function traceGzipCorrupt(path: string, why: string): string {
  return atLocation(path, undefined, `the gzip stream is corrupt (${why})`, 'a valid .gz file');
}

/** A trace meta sidecar that is not JSON. */
export function traceMetaNotJson(metaPath: string, why: string): string {
  return atLocation(metaPath, undefined, `not valid JSON (${why})`, 'the trace meta sidecar written by hsim');
}

/** A trace meta sidecar without `"format": "hsim-trace"`. */
/** A meta sidecar that describes another trace than the file beside it (e.g. a conversion killed between renames). */
export function traceMetaOfOtherTrace(metaPath: string, metaSha256: string, traceSha256: string): string {
  return atPath(metaPath, 'sha256', `${metaSha256}, but the trace beside it has SHA-256 ${traceSha256}`, 'the sidecar written with this trace (convert or generate it again; an interrupted write leaves the new trace beside the old meta)');
}

export function traceMetaNoFormat(metaPath: string): string {
  return atLocation(metaPath, undefined, 'no "format": "hsim-trace" field', 'the trace meta sidecar written by hsim');
}

/** A trace (or its sidecar) that cannot be written; the writer removed what it began. */
export function traceNotWritable(path: string, code: string, why: string): string {
  return atLocation(path, undefined, `cannot be written (${code}: ${why})`, 'a writable path with room for the trace', 'nothing was left behind');
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

// ── Replicated reports and tables (report) ──

/** The label of an arm's replications folded into one row or cell: `arm (5 seeds)`. */
export function armOverSeeds(arm: string, seeds: number): string {
  return `${arm} (${seeds} seeds)`;
}

/** The note under `hsim run`'s table when some arms ran with replications. */
export function runTableOverSeeds(): string {
  return 'arm (N seeds): means over the seeds; mean vs fifo = mean over seeds of each seed\'s change against fifo of the same seed, [95 % t-interval over seeds].';
}

// ── Files on disk (disk) ──

/** An input that is not a regular file (a named pipe, socket, device or folder): not read, since it could block forever. */
export function notRegularFile(file: string, kind: string, expected: string): string {
  return atLocation(file, undefined, `is ${kind}, not a regular file, so it is not read`, expected, 'reading a named pipe or a device could wait forever');
}

/** A trace path recorded in results that is not a regular file (a report does not diagnose it). */
export function traceNotRegularFile(path: string): string {
  return `the trace file ${path} recorded in the results is not a regular file (a named pipe, device or folder), so it is not read`;
}

// ── Cell queue trust (qtrust) ─────────────────────────────────────────────────────────────────────────────────────

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

/** `hsim worker --data DIR` naming no folder. */
export function workerDataNotFolder(dir: string): string {
  return atOption('--data', JSON.stringify(dir), 'an existing folder whose traces queue jobs may name');
}

/** `hsim worker --name` that is not a short printable name. */
export function workerNameInvalid(name: string): string {
  return atOption('--name', JSON.stringify(name.slice(0, 60)), '1 to 200 printable ASCII characters', 'e.g. --name gpu-node-3');
}

/** An output folder another `hsim run` holds (or held on another host, or whose lock cannot be read). */
export function outLockHeld(outDir: string, lock: string, holder: { pid: number; host: string } | null): string {
  const who = holder === null ? 'a lock file that cannot be read' : `hsim run process ${holder.pid} on ${holder.host}`;
  return `output folder ${outDir} is in use by ${who} (${lock}); expected one hsim run per output folder; wait for it to finish, or give another folder with -o (remove ${lock} only if no run is active)`;
}

/** A lock of an output folder left by a process of this host that is gone: taken over. */
export function outLockStale(lock: string, pid: number, host: string): string {
  return `warning: taking over ${lock}, left by hsim run process ${pid} on ${host}, which is no longer running`;
}

// ── Diagnose and silent mistakes (diagnose) ───────────────────────────────────────────────────────────────────────

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

/** A queueing generator asked for an offered load ρ ≥ 1 on c servers: the queue grows without bound. */
export function unstableRho(rho: number, c: number): string {
  return atOption('--rho', `${rho}, an unstable queue: arrivals bring at least as much work as ${c} server${c === 1 ? '' : 's'} can do, so the queue grows for as long as the trace lasts and no steady state (M/M/c formula) holds`, 'a load 0 < ρ < 1', 'e.g. --rho 0.95; to study overload, generate a stable trace and simulate it at --load 1.2');
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

/** A single number written with a decimal comma (`--fraction 0,3`). */
export function decimalComma(where: string, text: string, meant: string, expected: string): string {
  return `${where}: "${text}"; expected ${expected} (did you mean ${meant}? decimals use a point)`;
}

/** An output option naming the same file as another output (`otherWritten`) or an input of the same command. */
export function sameFileTwice(option: string, other: string, path: string, otherWritten: boolean): string {
  return atOption(option, `${path} is also the file of ${other}${otherWritten ? ': both outputs would be written to it and one would overwrite the other' : ', which this command reads: writing it would destroy the input'}`, `a file of its own`, `give ${option} another file name`);
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

// ── Figures (figures) ──

/** report.md's note under "Charts" when `hsim report --no-png` skipped the PNGs (the charts then show their SVGs). */
export function reportPngsSkipped(): string {
  return 'PNG files skipped on request (--no-png): each chart is shown from its SVG file.';
}

// ── Arrow and Parquet (arrow) ──

/** A typed-table output (`--by-key-out`, `--series-out`, `export -o`) whose name is not one of the formats. */
export function tableOutputNameInvalid(option: string, file: string): string {
  return atOption(option, `"${file}"`, 'a file name ending .parquet, .arrow or .csv', 'the ending chooses the format');
}

/** A typed-table output in a folder that does not exist. */
export function tableOutputFolderMissing(option: string, file: string, dir: string): string {
  return atOption(option, `folder ${dir} of ${file} does not exist`, 'a file in an existing folder');
}

/** `--series-out` without `--series N`: the number of samples is not known. */
export function seriesOutWithoutSeries(file: string): string {
  return atOption('--series-out', `${file} without --series`, '--series N beside it', 'N samples of the queues per arm and load, e.g. --series 200');
}

/** A table file written (stderr). */
export function tableWritten(path: string, rows: number): string {
  return `hsim: wrote ${path} (${rows} rows)`;
}

/** `hsim export` found nothing to export. */
export function exportNothing(input: string): string {
  return atLocation(input, undefined, 'holds no results to export', 'a result file (docs/result-file.md) or a folder of them');
}

/** A `--tables` value naming no known table format. */
export function tableFormatsInvalidTyped(text: string): string {
  return `--tables: found ${JSON.stringify(text)}; expected csv, latex, parquet or arrow, or several comma-separated (csv,latex)`;
}

// ── Broker limits (broker) ────────────────────────────────────────────────────────────────────────────────────────

/** A CreateQueue or Submit refused because the broker's memory budget is spent (RESOURCE_EXHAUSTED). */
export function brokerMemoryFull(what: string, bytes: number, used: number, limit: number): string {
  return `broker memory: ${what} needs ${bytes} bytes, and ${used} of the broker's ${limit} are held (--max-memory-bytes ${limit}); retry after consumers catch up or queues are deleted, or start the broker with a larger --max-memory-bytes`;
}

/** A CreateQueue refused because the broker holds as many queues as it may (RESOURCE_EXHAUSTED). */
export function brokerQueuesFull(held: number, max: number): string {
  return `broker holds ${held} queues, its limit (--max-queues ${max}); delete a queue first, or start the broker with a larger --max-queues`;
}

/** A Submit refused because the message's payload, id and key would pass the queue's byte capacity. */
export function queueFullHeldBytes(held: number, more: number, max: number): string {
  return `queue holds ${held} bytes of payloads, ids and keys; ${more} more would pass its capacity (max_bytes ${max}); retry after consumers catch up`;
}

/** A Consume request asking for a second delivery while the session's previous one is unsettled (FAILED_PRECONDITION). */
export function consumeOneInFlight(): string {
  return 'Consume: one delivery in flight per session; acknowledge it (ack_token) or settle it before asking for the next';
}

/** A replay that saw no delivery or acknowledgement for too long while messages were outstanding. */
export function replayNoProgress(stallMs: number, outstanding: number): string {
  return `no delivery or acknowledgement for ${(stallMs / 1000).toFixed(1)} s while ${outstanding} messages were outstanding: the broker stopped answering (stopped, frozen or overloaded); --stall-timeout sets the limit (default max(10 s, 3 × the longest scaled duration))`;
}

/** `hsim replay --stall-timeout` outside its range. */
export function stallTimeoutInvalid(text: string): string {
  return atOption('--stall-timeout', `"${text}"`, 'wall milliseconds from 100 to 86400000');
}

/** A broker call of a replay that got no answer within its deadline. */
export function brokerCallTimedOut(what: string, ms: number): string {
  return `${what}: no answer from the broker within ${(ms / 1000).toFixed(1)} s`;
}

/** The broker's memory line (SIGUSR2): the account against the budget, queues, refusals and the process's RSS. */
export function brokerMemoryReport(used: number, limit: number, queues: number, refusals: number, rss: number): string {
  return `memory accounted ${used} of ${limit} bytes, ${queues} queues, ${refusals} refusals, rss ${rss}`;
}

// ── Trace cache (perf) ────────────────────────────────────────────────────────────────────────────────────────────
// The reasons a trace or warm-start cache file is not used; the caller prints `<path> was not used: <reason>; …`.

/** A cache file whose payload hash does not match its bytes (corrupt, or edited with a recomputed CRC). */
export function cachePayloadHashMismatch(stored: string, computed: string): string {
  return `payload hash mismatch (stored ${stored}, computed ${computed}): the file is corrupt or was edited`;
}

/** A trace cache file built from another stored file than the one read now. */
export function cacheOfOtherFile(fileSha256: string): string {
  return `built from another file (SHA-256 ${fileSha256})`;
}

/** A decoded cache column with a value outside its range (`what`: e.g. "key id 7 ≥ the 3 keys"). */
export function cacheColumnOutOfRange(column: string, row: number, what: string): string {
  return `column ${column} row ${row}: ${what}`;
}

/** A cache dictionary (keys or classes) with an entry that is not a 1–256-byte string, or a repeated one. */
export function cacheBadDictionary(name: string, index: number, why: string): string {
  return `${name} entry ${index} ${why}`;
}

/** The line for a cache file that was refused: it is rebuilt, the command goes on. */
export function cacheFileRefused(path: string, reason: string): string {
  return `${path} was not used: ${reason}; rebuilt it`;
}

/** A warm-start cache that could not be written (the run goes on; it is rebuilt next time). */
export function warmCacheNotWritten(dir: string, why: string): string {
  return `cannot write the warm-start cache in ${dir} (${why}); the run goes on without it`;
}

/** A warm-start cache file that could not be read (other than missing). */
export function warmCacheNotReadable(path: string, why: string): string {
  return `cannot read ${path} (${why}); the warm start runs on the history half`;
}

/** A warm-start cache file that was refused; the warm start runs on the history half and rewrites it. */
export function warmCacheRefused(path: string, reason: string): string {
  return `${path} was not used: ${reason}; the warm start ran on the history half and rewrote it`;
}

/** The stderr line of a warm-start cache warning (the run goes on; the warm start runs on the history half). */
export function warmCacheWarningLine(warning: string): string {
  return `hsim: warning: warm-start cache: ${warning}\n`;
}
