// The implementation of `hsim broker`: validate the address and snapshot, start the server, stop on a signal.
import { readFileSync } from 'node:fs';
import { InputError } from '../errors.ts';
import * as msg from '../messages.ts';
import { readPredictorSnapshot } from '../io/predictor-snapshot-io.ts';
import { startHarbingerBroker } from '../broker/harbinger-server.ts';

/** Parses `host:port` (port 0 allowed). Throws InputError naming the option. */
export function parseListen(text: string): { host: string; port: number } {
  const m = /^([^:\s]+):(\d+)$/.exec(text);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535) throw new InputError(msg.listenAddressInvalid(text));
  return { host: m[1]!, port };
}

/** Runs the broker until SIGINT/SIGTERM. Throws InputError for a bad address or snapshot, or when binding fails. */
export async function runBrokerCommand(opts: Record<string, unknown>): Promise<void> {
  const { host, port } = parseListen(String(opts.listen));
  let snapshot: { bytes: Uint8Array; source: string } | null = null;
  if (opts.predictorSnapshot !== undefined) {
    const file = String(opts.predictorSnapshot);
    readPredictorSnapshot(file); // refuses a corrupt or mismatched file before the server starts
    snapshot = { bytes: new Uint8Array(readFileSync(file)), source: file };
  }
  const log = opts.quiet ? undefined : (line: string): void => void process.stderr.write(`hsim broker: ${line}\n`);
  let broker;
  try {
    broker = await startHarbingerBroker({ listen: `${host}:${port}`, snapshot, ...(log ? { log } : {}) });
  } catch (err) {
    throw new InputError(msg.cannotListen(host, port, (err as Error).message));
  }
  process.stdout.write(`listening ${host}:${broker.port}\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await broker.close();
}
