// A promise-based client of the Harbinger broker's gRPC service (used by the replay adapter and the tests).
import * as grpc from '@grpc/grpc-js';
import { loadHarbingerService } from '../broker/harbinger-proto-io.ts';
import { authMetadata } from '../broker/broker-auth.ts';

export interface PullReply {
  found: boolean; id: string; key: string; payload: Uint8Array; token: string; attempt: number; level: number; outcome: number; lease_ms: number;
}

export interface StatsReply {
  submitted: number; bytes_held: number; waiting: number; in_flight: number; completed: number; expired_leases: number; promotions: number; censored: number;
  dead_letters: { id: string; key: string; reason: string; attempts: number }[];
  outcomes: Record<string, number>;
  dead_lettered: number; dead_letters_dropped: number; dead_letters_truncated: boolean; memory_bytes: number;
}

/** Typed calls of the Harbinger service; each rejects with the gRPC error (code + details). */
export class HarbingerClient {
  private readonly client: grpc.Client;
  private readonly metadata = new grpc.Metadata();
  /** Unary calls not yet answered: `close` cancels them, so a broker that stopped answering holds nothing open. */
  private readonly pending = new Set<grpc.ClientUnaryCall>();

  /**
   * `token`: the broker's shared secret, sent with every call (null when the broker has none). `tlsCa`: PEM
   * certificate(s) to trust for a broker started with --tls-cert (the channel is then TLS and checks that the
   * broker's certificate names the target host); null = plaintext.
   */
  constructor(target: string, token: string | null = null, tlsCa: Buffer | null = null) {
    const Service = loadHarbingerService();
    this.client = new Service(target, tlsCa === null ? grpc.credentials.createInsecure() : grpc.credentials.createSsl(tlsCa));
    if (token !== null) {
      const { key, value } = authMetadata(token);
      this.metadata.set(key, value);
    }
  }

  /** Resolves when the channel is connected; rejects after `timeoutMs`. */
  ready(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => this.client.waitForReady(Date.now() + timeoutMs, (err) => (err ? reject(err) : resolve())));
  }

  /** Calls `method`; with `deadlineMs`, the call fails with DEADLINE_EXCEEDED when not answered within it. */
  call<T>(method: string, req: Record<string, unknown>, deadlineMs?: number): Promise<T> {
    return new Promise((resolve, reject) => {
      type Unary = (r: unknown, md: grpc.Metadata, o: grpc.CallOptions, cb: (e: grpc.ServiceError | null, v: T) => void) => grpc.ClientUnaryCall;
      const fn = (this.client as unknown as Record<string, Unary>)[method]!;
      const options: grpc.CallOptions = deadlineMs === undefined ? {} : { deadline: Date.now() + deadlineMs };
      const call = fn.call(this.client, req, this.metadata, options, (err, v) => {
        this.pending.delete(call);
        if (err) reject(err);
        else resolve(v);
      });
      this.pending.add(call);
    });
  }

  createQueue(req: Record<string, unknown>): Promise<{ snapshot_loaded: boolean }> {
    return this.call('CreateQueue', req);
  }
  deleteQueue(queue: string, deadlineMs?: number): Promise<unknown> {
    return this.call('DeleteQueue', { queue }, deadlineMs);
  }
  submit(queue: string, id: string, key: string, level: number, costMs: number): Promise<{ level: number; outcome: number }> {
    return this.call('Submit', { queue, id, key, payload: Buffer.alloc(0), level, cost_ms: costMs });
  }
  /** Pulls the next delivery, first acknowledging `ack` (the previous delivery's token and duration) when given. */
  pull(queue: string, waitMs: number, ack: { token: string; durationMs: number } | null = null): Promise<PullReply> {
    return this.call('Pull', { queue, wait_ms: waitMs, ack_token: ack?.token ?? '', ack_duration_ms: ack?.durationMs ?? 0 });
  }
  ack(queue: string, token: string, durationMs: number): Promise<unknown> {
    return this.call('Ack', { queue, token, duration_ms: durationMs });
  }
  nack(queue: string, token: string): Promise<unknown> {
    return this.call('Nack', { queue, token });
  }
  /** Opens a consumer session (bidirectional stream): write {queue, ack_token, ack_duration_ms}, read deliveries. */
  consumeStream(): grpc.ClientDuplexStream<Record<string, unknown>, PullReply> {
    const fn = (this.client as unknown as Record<string, (md: grpc.Metadata) => grpc.ClientDuplexStream<Record<string, unknown>, PullReply>>).Consume!;
    return fn.call(this.client, this.metadata);
  }
  stats(queue: string, deadlineMs?: number): Promise<StatsReply> {
    return this.call('Stats', { queue }, deadlineMs);
  }
  /** Cancels every unanswered call and closes the channel. */
  close(): void {
    for (const call of this.pending) call.cancel();
    this.pending.clear();
    this.client.close();
  }
}
