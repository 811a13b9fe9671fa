// Replay adapter for the Harbinger broker (gRPC): the broker schedules (levels, aging, weights, pausing) and predicts.
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { BrokerAddress } from './broker-url.ts';
import type { BrokerAdapter, DeliveryHandler, QueueSetup } from './broker-adapter.ts';
import { HarbingerClient } from './harbinger-client.ts';
import { speaksTls } from './broker-probe.ts';
import { BROKER_TOKEN_ENV } from '../broker/broker-auth.ts';

/** How long the end of a run waits for the broker's Stats and DeleteQueue answers, wall ms. */
const SETTLE_CALL_DEADLINE_MS = 5000;

/** Settings of the per-run Harbinger queue that do not come from the arm. */
export interface HarbingerRunSettings {
  readonly leaseMs: number;
  readonly maxRetries: number;
  readonly useSnapshot: boolean;
  /** PEM certificate(s) to trust for a broker serving TLS (--tls-ca); null = plaintext. */
  readonly tlsCa: Buffer | null;
}

/** A Harbinger connection for one run. */
export class HarbingerAdapter implements BrokerAdapter {
  private readonly client: HarbingerClient;
  private setup: QueueSetup | null = null;
  private failure: (reason: string) => void = () => undefined;
  private closing = false;
  private streams: { cancel(): void }[] = [];

  constructor(private readonly addr: BrokerAddress, private readonly settings: HarbingerRunSettings) {
    // The broker's shared secret, when it has one, comes from the environment (never from argv, which others can read).
    const token = process.env[BROKER_TOKEN_ENV];
    this.client = new HarbingerClient(`${addr.host}:${addr.port}`, token === undefined || token === '' ? null : token, settings.tlsCa);
  }

  onFailure(cb: (reason: string) => void): void {
    this.failure = cb;
  }

  async open(setup: QueueSetup): Promise<void> {
    this.setup = setup;
    try {
      await this.client.ready(3000);
    } catch (err) {
      // The usual cause of a port that accepts TCP but no gRPC channel: TLS on one side only. Say which.
      const tls = await speaksTls(this.addr);
      if (tls !== (this.settings.tlsCa !== null)) throw new InputError(msg.harbingerTlsMismatch(this.addr.display, tls));
      throw new InputError(msg.harbingerConnectFailed(this.addr.display, (err as Error).message));
    }
    await this.client.createQueue({
      queue: setup.queue, levels: setup.levels, weights: setup.weights ?? [], aging_ms: setup.agingMs ?? 0,
      aging_interval_ms: setup.agingIntervalMs, pausing: setup.pausing, predictive: setup.brokerPredicts,
      predictor_overrides: setup.predictorOverrides, use_snapshot: this.settings.useSnapshot, lease_ms: this.settings.leaseMs,
      max_retries: this.settings.maxRetries, ttl_ms: 0, time_scale: setup.timeScale,
      snapshot: setup.predictorSnapshot === null ? Buffer.alloc(0) : Buffer.from(setup.predictorSnapshot), route_default: setup.routeDefault,
    });
  }

  publish(id: number, key: string, level: number | null, costMs: number): void {
    this.client.submit(this.setup!.queue, String(id), key, level ?? -1, costMs).catch((err: Error) => this.fail(`submit failed: ${err.message}`));
  }

  /** n consumer sessions (gRPC streams); each acknowledgement asks for the next delivery: one message in flight each. */
  consume(n: number, handle: DeliveryHandler): Promise<void> {
    const queue = this.setup!.queue;
    for (let w = 0; w < n; w++) {
      const stream = this.client.consumeStream();
      this.streams.push(stream);
      stream.on('data', (r: { id: string; token: string; level: number; outcome: number }) => {
        handle(Number(r.id), { level: r.level, outcome: r.outcome }, w).then(
          (d) => {
            if (!this.closing) stream.write({ queue, ack_token: r.token, ack_duration_ms: d });
          },
          (err: Error) => this.fail(`handler failed: ${err.message}`),
        );
      });
      stream.on('error', (err: Error) => this.fail(`consumer stream failed: ${err.message}`));
      stream.on('end', () => this.fail('consumer stream ended by the broker'));
      stream.write({ queue, ack_token: '', ack_duration_ms: 0 });
    }
    return Promise.resolve();
  }

  async deadLetters(): Promise<number> {
    const s = await this.client.stats(this.setup!.queue, SETTLE_CALL_DEADLINE_MS);
    return s.dead_lettered;
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const s of this.streams) s.cancel();
    await this.client.deleteQueue(this.setup!.queue, SETTLE_CALL_DEADLINE_MS).catch(() => undefined);
    this.client.close();
  }

  private fail(reason: string): void {
    if (!this.closing) this.failure(reason);
  }
}
