// User-facing texts of replay: options, broker URLs and capabilities, validity, compare.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atOption } from '../src/errors.ts';

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
/** A Harbinger client whose TLS setting does not match the broker's (found by a TLS handshake probe). */
export function harbingerTlsMismatch(display: string, brokerSpeaksTls: boolean): string {
  return brokerSpeaksTls
    ? atOption('--broker', `${display} speaks TLS (it was started with --tls-cert) and this client connected in plaintext`, 'the broker certificate\'s CA as --tls-ca FILE')
    : atOption('--tls-ca', `given, but ${display} answers in plaintext (no TLS handshake)`, 'no --tls-ca for a broker started without --tls-cert');
}

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

/** A replay that saw no delivery or acknowledgement for too long while messages were outstanding. */
export function replayNoProgress(stallMs: number, outstanding: number): string {
  return `no delivery or acknowledgement for ${(stallMs / 1000).toFixed(1)} s while ${outstanding} messages were outstanding: the broker stopped answering (stopped, frozen or overloaded); --stall-timeout sets the limit (default max(10 s, 3 × the longest scaled duration))`;
}
/** `hsim replay --stall-timeout` outside its range. */
export function stallTimeoutInvalid(text: string): string {
  return atOption('--stall-timeout', `"${text}"`, 'wall milliseconds from 100 to 86400000');
}
