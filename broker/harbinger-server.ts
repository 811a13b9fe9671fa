// The Harbinger broker's gRPC server: per-run queues (HarbingerQueue) behind Submit / Pull / Ack / Nack.
import * as grpc from '@grpc/grpc-js';
import { Predictor } from '../src/predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';
import { decodePredictorSnapshot } from '../src/predictor/snapshot.ts';
import { PREDICT_OUTCOME_NAMES } from '../src/predictor/outcomes.ts';
import { HarbingerQueue, StaleTokenError } from './harbinger-queue.ts';
import { loadHarbingerService } from './harbinger-proto-io.ts';
import * as msg from './messages.ts';
import {
  checkCreateQueue, checkRange, checkTextBytes, DEFAULT_CAPACITY, MAX_NAME_BYTES, QueueFullError, STATS_DEAD_LETTERS, type BrokerLimits, type QueueCapacity,
} from './broker-limits.ts';
import { DEFAULT_BROKER_LIMITS, MemoryBudget, predictorReserve, QUEUE_OVERHEAD_BYTES, utf8Bytes } from './broker-memory.ts';
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
  /** Queues held at once and the memory budget of everything held; DEFAULT_BROKER_LIMITS when absent. */
  readonly limits?: BrokerLimits;
  /** Serve over TLS with this certificate chain and private key (PEM bytes, checked by the caller); absent = plaintext. */
  readonly tls?: BrokerTls | null;
}

/** A server certificate chain and its private key, PEM. */
export interface BrokerTls {
  readonly cert: Buffer;
  readonly key: Buffer;
}

/** The broker's memory account: bytes charged (queues, predictors, messages, dead letters) against the budget. */
export interface BrokerMemory {
  readonly usedBytes: number;
  readonly limitBytes: number;
  readonly queues: number;
  /** CreateQueue and Submit calls refused for memory so far. */
  readonly refusals: number;
}

export interface RunningBroker {
  readonly port: number;
  /** The memory account now. */
  memory(): BrokerMemory;
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
    try {
      checkTextBytes('queue', name, MAX_NAME_BYTES);
    } catch (err) {
      fail(cb, grpc.status.INVALID_ARGUMENT, (err as Error).message);
      return null;
    }
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
  const limits = opts.limits ?? DEFAULT_BROKER_LIMITS;
  const budget = new MemoryBudget(limits.maxMemoryBytes);
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
      checkTextBytes('queue', r.queue, MAX_NAME_BYTES);
      if (queues.has(r.queue)) throw new RangeError(msg.queueExists(r.queue));
      if (queues.size >= limits.maxQueues) throw new QueueFullError(msg.brokerQueuesFull(queues.size, limits.maxQueues));
      const c = checkCreateQueue(r, capacity);
      const levels = c.levels;
      const params = r.predictive ? applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { levels: String(levels), ...r.predictor_overrides }) : null;
      // The queue and the most its predictor can grow to are charged before anything is built.
      const baseBytes = QUEUE_OVERHEAD_BYTES + utf8Bytes(r.queue) + (params === null ? 0 : predictorReserve(params.maxKeys));
      budget.reserve(baseBytes, params === null ? 'a queue' : `a predictive queue (a predictor of up to ${params.maxKeys} keys)`);
      let predictor: Predictor | null = null;
      let snapshotLoaded = false;
      let q: HarbingerQueue;
      try {
        if (params !== null) {
          if (r.snapshot.length > 0) {
            predictor = decodePredictorSnapshot(r.snapshot, `CreateQueue ${r.queue} snapshot`, { params });
            snapshotLoaded = true;
          } else if (r.use_snapshot && opts.snapshot !== null) {
            predictor = decodePredictorSnapshot(opts.snapshot.bytes, opts.snapshot.source, { params });
            snapshotLoaded = true;
          } else predictor = new Predictor(params);
        }
        q = new HarbingerQueue(
          {
            levels, weights: c.weights, agingMs: c.agingMs, agingIntervalMs: c.agingIntervalMs, pausing: r.pausing && c.agingMs !== null,
            leaseMs: c.leaseMs, maxRetries: c.maxRetries, ttlMs: c.ttlMs,
            defaultLevel: predictor?.params.defaultLevel ?? Math.floor(levels / 2),
            timeScale: c.timeScale, routeDefault: r.route_default, capacity: c.capacity, budget, baseBytes,
          },
          predictor, clock, PREDICT_OUTCOME_NAMES,
        );
      } catch (err) {
        budget.release(baseBytes);
        throw err;
      }
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
        // An 'error' event ends the stream with its status (destroy would drop the status: the client would hang).
        call.emit('error', Object.assign(new Error(msg.brokerUnauthenticated()), { code: grpc.status.UNAUTHENTICATED }));
        return;
      }
      // One delivery in flight per session (the proto's promise): a request while the session waits for a delivery,
      // or holds one it has not settled, ends the session with FAILED_PRECONDITION.
      let ended = false;
      let waiting = false;
      let held: { q: HarbingerQueue; token: string } | null = null;
      const hand = (): void => {
        // A session that ends holding a delivery hands it back at once (the lease would, later).
        if (held !== null && held.q.holds(held.token)) held.q.nack(held.token);
        held = null;
      };
      const refuse = (code: grpc.status, message: string): void => {
        ended = true;
        hand();
        call.emit('error', Object.assign(new Error(message), { code }));
      };
      call.on('end', () => {
        ended = true;
        hand();
        call.end();
      });
      call.on('error', () => {
        ended = true;
        hand();
      });
      call.on('cancelled', () => {
        ended = true;
        hand();
      });
      call.on('data', (r: { queue: string; ack_token: string; ack_duration_ms: number }) => {
        if (ended) return;
        const q = r.queue.length * 3 > MAX_NAME_BYTES && utf8Bytes(r.queue) > MAX_NAME_BYTES ? undefined : queues.get(r.queue);
        if (q === undefined) {
          refuse(grpc.status.NOT_FOUND, msg.queueMissing(r.queue.slice(0, MAX_NAME_BYTES)));
          return;
        }
        if (r.ack_token !== '') {
          try {
            q.ack(r.ack_token, r.ack_duration_ms);
          } catch (err) {
            refuse(statusOf(err), (err as Error).message);
            return;
          }
        }
        if (waiting || (held !== null && held.q.holds(held.token))) {
          refuse(grpc.status.FAILED_PRECONDITION, msg.consumeOneInFlight());
          return;
        }
        held = null;
        waiting = true;
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
            waiting = false;
            held = { q, token: d.token };
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
      const s = q.stats(STATS_DEAD_LETTERS);
      cb(null, {
        submitted: s.submitted, bytes_held: s.bytesHeld, waiting: s.waiting, in_flight: s.inFlight, completed: s.completed, expired_leases: s.expiredLeases,
        dead_letters: s.deadLetters, outcomes: s.outcomes, promotions: s.promotions, censored: s.censored,
        dead_lettered: s.deadLettered, dead_letters_dropped: s.deadLettersDropped, dead_letters_truncated: s.deadLetters.length < s.deadLettered, memory_bytes: s.memoryBytes,
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
    memory: () => ({ usedBytes: budget.used, limitBytes: budget.limit, queues: queues.size, refusals: budget.refusals }),
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
