// The Harbinger broker's gRPC server: per-run queues (HarbingerQueue) behind Submit / Pull / Ack / Nack.
import * as grpc from '@grpc/grpc-js';
import { Predictor } from '../predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../predictor/params.ts';
import { decodePredictorSnapshot } from '../predictor/snapshot.ts';
import { PREDICT_OUTCOME_NAMES } from '../predictor/outcomes.ts';
import { HarbingerQueue, StaleTokenError } from './harbinger-queue.ts';
import { loadHarbingerService } from './harbinger-proto-io.ts';
import * as msg from '../messages.ts';
import { checkCreateQueue, checkRange, DEFAULT_CAPACITY, QueueFullError, type QueueCapacity } from './broker-limits.ts';
import { isAuthorized } from './broker-auth.ts';

export interface BrokerOptions {
  /** host:port to listen on (port 0 = any free port). */
  readonly listen: string;
  /** Predictor snapshot bytes loaded at start (validated by the caller), and their source name. */
  readonly snapshot: { bytes: Uint8Array; source: string } | null;
  /** Diagnostics sink (stderr in the CLI). */
  readonly log?: (line: string) => void;
  /** Shared secret every call must carry (metadata `authorization: Bearer <token>`); null = no authentication. */
  readonly token?: string | null;
  /** The most a queue may hold; DEFAULT_CAPACITY when absent. */
  readonly capacity?: QueueCapacity;
  /** Serve over TLS with this certificate chain and private key (PEM bytes, checked by the caller); absent = plaintext. */
  readonly tls?: BrokerTls | null;
}

/** A server certificate chain and its private key, PEM. */
export interface BrokerTls {
  readonly cert: Buffer;
  readonly key: Buffer;
}

export interface RunningBroker {
  readonly port: number;
  /** Closes every queue and shuts the server down. */
  close(): Promise<void>;
}

type Req<T> = grpc.ServerUnaryCall<T, unknown>;
type Cb = grpc.sendUnaryData<unknown>;

interface CreateQueueRequest {
  queue: string; levels: number; weights: number[]; aging_ms: number; aging_interval_ms: number; pausing: boolean;
  predictive: boolean; predictor_overrides: Record<string, string>; use_snapshot: boolean; lease_ms: number; max_retries: number; ttl_ms: number;
  time_scale: number; snapshot: Uint8Array; route_default: boolean; max_messages: number; max_bytes: number;
}

/** The gRPC status for an error thrown by a queue operation or a request check. */
function statusOf(err: unknown): grpc.status {
  if (err instanceof StaleTokenError) return grpc.status.FAILED_PRECONDITION;
  if (err instanceof QueueFullError) return grpc.status.RESOURCE_EXHAUSTED;
  // Anything else here is a bad request (FieldRangeError, InputError, RangeError).
  return grpc.status.INVALID_ARGUMENT;
}

/** Starts the broker; resolves once it listens. Throws when the address cannot be bound. */
export async function startHarbingerBroker(opts: BrokerOptions): Promise<RunningBroker> {
  const service = loadHarbingerService();
  const queues = new Map<string, HarbingerQueue>();
  const t0 = performance.now();
  const clock = (): number => performance.now() - t0;
  const log = opts.log ?? ((): void => undefined);
  const fail = (cb: Cb, code: grpc.status, message: string): void => cb({ code, message, name: 'Error' } as grpc.ServiceError, null);
  const queueOf = (name: string, cb: Cb): HarbingerQueue | null => {
    const q = queues.get(name);
    if (q === undefined) fail(cb, grpc.status.NOT_FOUND, msg.queueMissing(name, true));
    return q ?? null;
  };
  const guard = (cb: Cb, f: () => void): void => {
    try {
      f();
    } catch (err) {
      fail(cb, statusOf(err), (err as Error).message);
    }
  };
  const capacity = opts.capacity ?? DEFAULT_CAPACITY;
  const secret = opts.token ?? null;
  // Every handler first checks the caller's credentials: without the shared secret a call settles nothing.
  const authed = <T>(h: (call: T, cb: Cb) => void) => (call: T & { metadata: grpc.Metadata }, cb: Cb): void => {
    if (isAuthorized(call.metadata, secret)) h(call, cb);
    else fail(cb, grpc.status.UNAUTHENTICATED, msg.brokerUnauthenticated());
  };

  const server = new grpc.Server();
  server.addService(service.service, {
    CreateQueue: authed((call: Req<CreateQueueRequest>, cb: Cb) => guard(cb, () => {
      const r = call.request;
      if (r.queue === '') throw new RangeError(msg.queueNameEmpty());
      if (queues.has(r.queue)) throw new RangeError(msg.queueExists(r.queue));
      const c = checkCreateQueue(r, capacity);
      const levels = c.levels;
      let predictor: Predictor | null = null;
      let snapshotLoaded = false;
      if (r.predictive) {
        const params = applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { levels: String(levels), ...r.predictor_overrides });
        if (r.snapshot.length > 0) {
          predictor = decodePredictorSnapshot(r.snapshot, `CreateQueue ${r.queue} snapshot`, { params });
          snapshotLoaded = true;
        } else if (r.use_snapshot && opts.snapshot !== null) {
          predictor = decodePredictorSnapshot(opts.snapshot.bytes, opts.snapshot.source, { params });
          snapshotLoaded = true;
        } else predictor = new Predictor(params);
      }
      const q = new HarbingerQueue(
        {
          levels, weights: c.weights, agingMs: c.agingMs, agingIntervalMs: c.agingIntervalMs, pausing: r.pausing && c.agingMs !== null,
          leaseMs: c.leaseMs, maxRetries: c.maxRetries, ttlMs: c.ttlMs,
          defaultLevel: predictor?.params.defaultLevel ?? Math.floor(levels / 2),
          timeScale: c.timeScale, routeDefault: r.route_default, capacity: c.capacity,
        },
        predictor, clock, PREDICT_OUTCOME_NAMES,
      );
      queues.set(r.queue, q);
      log(`queue ${r.queue}: ${levels} levels${r.predictive ? ', predictive' : ''}${snapshotLoaded ? ' (snapshot)' : ''}`);
      cb(null, { snapshot_loaded: snapshotLoaded });
    })),
    DeleteQueue: authed((call: Req<{ queue: string }>, cb: Cb) => {
      const q = queueOf(call.request.queue, cb);
      if (q === null) return;
      q.close();
      queues.delete(call.request.queue);
      cb(null, {});
    }),
    Submit: authed((call: Req<{ queue: string; id: string; key: string; payload: Uint8Array; level: number; cost_ms: number }>, cb: Cb) => {
      const r = call.request;
      const q = queueOf(r.queue, cb);
      if (q !== null) guard(cb, () => cb(null, q.submit(r.id, r.key, r.payload, r.level, r.cost_ms)));
    }),
    Pull: authed((call: Req<{ queue: string; wait_ms: number; ack_token: string; ack_duration_ms: number }>, cb: Cb) => {
      const q = queueOf(call.request.queue, cb);
      if (q === null) return;
      let waitMs = 0;
      try {
        waitMs = checkRange('wait_ms', call.request.wait_ms);
        if (call.request.ack_token !== '') q.ack(call.request.ack_token, call.request.ack_duration_ms);
      } catch (err) {
        fail(cb, statusOf(err), (err as Error).message);
        return;
      }
      q.pull(waitMs).then((d) => {
        if (d === null) cb(null, { found: false });
        else if (call.cancelled) {
          // The puller went away: hand the delivery back at once (it stays censored-free; the lease would also do it).
          q.nack(d.token);
          cb(null, { found: false });
        } else cb(null, { found: true, id: d.id, key: d.key, payload: d.payload, token: d.token, attempt: d.attempt, level: d.level, outcome: d.outcome, lease_ms: d.leaseMs });
      }, (err: Error) => fail(cb, grpc.status.INTERNAL, err.message));
    }),
    Consume: (call: grpc.ServerDuplexStream<{ queue: string; ack_token: string; ack_duration_ms: number }, unknown>) => {
      if (!isAuthorized(call.metadata, secret)) {
        call.destroy(Object.assign(new Error(msg.brokerUnauthenticated()), { code: grpc.status.UNAUTHENTICATED }));
        return;
      }
      let ended = false;
      call.on('end', () => {
        ended = true;
        call.end();
      });
      call.on('error', () => {
        ended = true;
      });
      call.on('data', (r: { queue: string; ack_token: string; ack_duration_ms: number }) => {
        const q = queues.get(r.queue);
        if (q === undefined) {
          call.destroy(Object.assign(new Error(msg.queueMissing(r.queue)), { code: grpc.status.NOT_FOUND }));
          return;
        }
        if (r.ack_token !== '') {
          try {
            q.ack(r.ack_token, r.ack_duration_ms);
          } catch (err) {
            call.destroy(Object.assign(new Error((err as Error).message), { code: statusOf(err) }));
            return;
          }
        }
        const wait = (): void => {
          if (ended) return;
          q.pull(60_000).then((d) => {
            if (ended) {
              if (d !== null) q.nack(d.token);
              return;
            }
            if (d === null) {
              if (queues.get(r.queue) === q) wait();
              else call.end();
              return;
            }
            call.write({ found: true, id: d.id, key: d.key, payload: d.payload, token: d.token, attempt: d.attempt, level: d.level, outcome: d.outcome, lease_ms: d.leaseMs });
          }, () => undefined);
        };
        wait();
      });
    },
    Ack: authed((call: Req<{ queue: string; token: string; duration_ms: number }>, cb: Cb) => {
      const r = call.request;
      const q = queueOf(r.queue, cb);
      if (q !== null) guard(cb, () => {
        q.ack(r.token, r.duration_ms);
        cb(null, {});
      });
    }),
    Nack: authed((call: Req<{ queue: string; token: string }>, cb: Cb) => {
      const r = call.request;
      const q = queueOf(r.queue, cb);
      if (q !== null) guard(cb, () => {
        q.nack(r.token);
        cb(null, {});
      });
    }),
    Stats: authed((call: Req<{ queue: string }>, cb: Cb) => {
      const q = queueOf(call.request.queue, cb);
      if (q === null) return;
      const s = q.stats();
      cb(null, {
        submitted: s.submitted, bytes_held: s.bytesHeld, waiting: s.waiting, in_flight: s.inFlight, completed: s.completed, expired_leases: s.expiredLeases,
        dead_letters: s.deadLetters, outcomes: s.outcomes, promotions: s.promotions, censored: s.censored,
      });
    }),
  });
  const port = await new Promise<number>((resolve, reject) => {
    const tls = opts.tls ?? null;
    const credentials = tls === null ? grpc.ServerCredentials.createInsecure() : grpc.ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false);
    server.bindAsync(opts.listen, credentials, (err, p) => (err ? reject(err) : resolve(p)));
  });
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      for (const q of queues.values()) q.close();
      queues.clear();
      server.tryShutdown(() => resolve());
      setTimeout(() => {
        server.forceShutdown();
        resolve();
      }, 1000).unref();
    }),
  };
}
