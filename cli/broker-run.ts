// The implementation of `hsim broker`: validate the address and snapshot, start the server, stop on a signal.
import { readFileSync } from 'node:fs';
import { InputError, atOption } from '../src/errors.ts';
import * as msg from './messages.ts';
import { readPredictorSnapshot } from '../src/io/predictor-snapshot-io.ts';
import { startHarbingerBroker } from '../broker/harbinger-server.ts';
import { BROKER_TOKEN_ENV, isLoopbackHost } from '../broker/broker-auth.ts';
import { checkRange, DEFAULT_CAPACITY, FieldRangeError } from '../broker/broker-limits.ts';
import { DEFAULT_BROKER_LIMITS } from '../broker/broker-memory.ts';
import { certificatePairProblem } from '../broker/broker-tls.ts';
import type { BrokerTls } from '../broker/harbinger-server.ts';

/** Parses `host:port` (port 0 allowed). Throws InputError naming the option. */
export function parseListen(text: string): { host: string; port: number } {
  const m = /^([^:\s]+):(\d+)$/.exec(text);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535) throw new InputError(msg.listenAddressInvalid(text));
  return { host: m[1]!, port };
}

/** A whole-number option within a broker field's range. Throws InputError naming the option. */
function rangedOption(option: string, field: 'max_messages' | 'max_bytes' | 'max_queues' | 'max_memory_bytes', text: unknown, fallback: number): number {
  if (text === undefined) return fallback;
  try {
    return checkRange(field, Number(text));
  } catch (err) {
    if (err instanceof FieldRangeError) throw new InputError(atOption(option, `"${String(text)}"`, err.message.slice(err.message.indexOf('expected ') + 'expected '.length)));
    throw err;
  }
}

/** Reads a PEM file named by `option`. Throws InputError naming the option and the file. */
function readPem(option: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new InputError(atOption(option, `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, 'a readable PEM file'));
  }
}

/** The TLS certificate and key of --tls-cert/--tls-key (both or neither), checked to match; null for plaintext. */
export function readBrokerTls(opts: Record<string, unknown>): BrokerTls | null {
  const certFile = opts.tlsCert === undefined ? null : String(opts.tlsCert);
  const keyFile = opts.tlsKey === undefined ? null : String(opts.tlsKey);
  if (certFile === null && keyFile === null) return null;
  if (certFile === null || keyFile === null) {
    const [given, missing] = certFile === null ? ['--tls-key', '--tls-cert'] : ['--tls-cert', '--tls-key'];
    throw new InputError(atOption(missing, `none given with ${given}`, 'both --tls-cert FILE and --tls-key FILE (PEM), or neither'));
  }
  const tls = { cert: readPem('--tls-cert', certFile), key: readPem('--tls-key', keyFile) };
  const bad = certificatePairProblem(tls.cert, tls.key);
  if (bad !== null) throw new InputError(atOption(`--tls-${bad.option}`, `${bad.option === 'cert' ? certFile : keyFile} is ${bad.problem}`, bad.option === 'cert' ? 'a PEM certificate' : 'the PEM private key of --tls-cert'));
  return tls;
}

/**
 * Runs the broker until SIGINT/SIGTERM. Throws InputError for a bad address, option, TLS file or snapshot, when
 * binding fails, and for a non-loopback address without both a token and TLS (unless --insecure-listen forces it):
 * a token sent in plaintext over a network can be read by anyone on the path.
 */
export async function runBrokerCommand(opts: Record<string, unknown>): Promise<void> {
  const { host, port } = parseListen(String(opts.listen));
  const token = typeof opts.token === 'string' && opts.token !== '' ? opts.token : (process.env[BROKER_TOKEN_ENV] || null);
  const tls = readBrokerTls(opts);
  if (!isLoopbackHost(host) && opts.insecureListen !== true) {
    if (token === null) throw new InputError(msg.listenWithoutToken(host, BROKER_TOKEN_ENV));
    if (tls === null) throw new InputError(msg.listenWithoutTls(host));
  }
  const capacity = {
    maxMessages: rangedOption('--max-queue-messages', 'max_messages', opts.maxQueueMessages, DEFAULT_CAPACITY.maxMessages),
    maxBytes: rangedOption('--max-queue-bytes', 'max_bytes', opts.maxQueueBytes, DEFAULT_CAPACITY.maxBytes),
  };
  const limits = {
    maxQueues: rangedOption('--max-queues', 'max_queues', opts.maxQueues, DEFAULT_BROKER_LIMITS.maxQueues),
    maxMemoryBytes: rangedOption('--max-memory-bytes', 'max_memory_bytes', opts.maxMemoryBytes, DEFAULT_BROKER_LIMITS.maxMemoryBytes),
  };
  let snapshot: { bytes: Uint8Array; source: string } | null = null;
  if (opts.predictorSnapshot !== undefined) {
    const file = String(opts.predictorSnapshot);
    readPredictorSnapshot(file); // refuses a corrupt or mismatched file before the server starts
    snapshot = { bytes: new Uint8Array(readFileSync(file)), source: file };
  }
  const log = opts.quiet ? undefined : (line: string): void => void process.stderr.write(`hsim broker: ${line}\n`);
  let broker;
  try {
    broker = await startHarbingerBroker({ listen: `${host}:${port}`, snapshot, token, capacity, limits, tls, ...(log ? { log } : {}) });
  } catch (err) {
    throw new InputError(msg.cannotListen(host, port, (err as Error).message));
  }
  process.stdout.write(`listening ${host}:${broker.port}${tls === null ? '' : ' (TLS)'}\n`);
  const running = broker;
  // A measurement hook for operators and the memory tests: the account and the RSS after a full GC (hsim's
  // launcher exposes gc), on stderr even with --quiet.
  const report = (): void => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = running.memory();
    process.stderr.write(`hsim broker: ${msg.brokerMemoryReport(m.usedBytes, m.limitBytes, m.queues, m.refusals, process.memoryUsage().rss)}\n`);
  };
  process.on('SIGUSR2', report);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.off('SIGUSR2', report);
  await broker.close();
}
