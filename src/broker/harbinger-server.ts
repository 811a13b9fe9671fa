// The Harbinger broker's gRPC server: per-run queues (HarbingerQueue) behind Submit / Pull / Ack / Nack.
import * as grpc from '@grpc/grpc-js';
import { Predictor } from '../predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../predictor/params.ts';
import { decodePredictorSnapshot } from '../predictor/snapshot.ts';
import { PREDICT_OUTCOME_NAMES } from '../predictor/outcomes.ts';
import { HarbingerQueue, StaleTokenError } from './harbinger-queue.ts';
import { loadHarbingerService } from './harbinger-proto-io.ts';
import * as msg from '../messages.ts';

export interface BrokerOptions {
  /** host:port to listen on (port 0 = any free port). */
  readonly listen: string;
  /** Predictor snapshot bytes loaded at start (validated by the caller), and their source name. */
  readonly snapshot: { bytes: Uint8Array; source: string } | null;
  /** Diagnostics sink (stderr in the CLI). */
  readonly log?: (line: string) => void;
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
  time_scale: number; snapshot: Uint8Array; route_default: boolean;
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
      // A stale attempt token is a precondition failure; anything else here is a bad request (InputError, RangeError).
      fail(cb, err instanceof StaleTokenError ? grpc.status.FAILED_PRECONDITION : grpc.status.INVALID_ARGUMENT, (err as Error).message);
    }
  };

  const server = new grpc.Server();
  server.addService(service.service, {
    CreateQueue: (call: Req<CreateQueueRequest>, cb: Cb) => guard(cb, () => {
      const r = call.request;
      if (r.queue === '') throw new RangeError(msg.queueNameEmpty());
      if (queues.has(r.queue)) throw new RangeError(msg.queueExists(r.queue));
      const levels = r.levels > 0 ? r.levels : 3;
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
          levels, weights: r.weights.length > 0 ? r.weights : null, agingMs: r.aging_ms > 0 ? r.aging_ms : null,
          agingIntervalMs: r.aging_interval_ms > 0 ? r.aging_interval_ms : 500, pausing: r.pausing && r.aging_ms > 0,
          leaseMs: r.lease_ms > 0 ? r.lease_ms : 30_000, maxRetries: r.max_retries, ttlMs: r.ttl_ms,
          defaultLevel: predictor?.params.defaultLevel ?? Math.floor(levels / 2),
          timeScale: r.time_scale > 0 ? r.time_scale : 1, routeDefault: r.route_default,
        },
        predictor, clock, PREDICT_OUTCOME_NAMES,
      );
      queues.set(r.queue, q);
      log(`queue ${r.queue}: ${levels} levels${r.predictive ? ', predictive' : ''}${snapshotLoaded ? ' (snapshot)' : ''}`);
      cb(null, { snapshot_loaded: snapshotLoaded });
    }),
    DeleteQueue: (call: Req<{ queue: string }>, cb: Cb) => {
      const q = queueOf(call.request.queue, cb);
      if (q === null) return;
      q.close();
      queues.delete(call.request.queue);
      cb(null, {});
    },
    Submit: (call: Req<{ queue: string; id: string; key: string; payload: Uint8Array; level: number; cost_ms: number }>, cb: Cb) => {
      const r = call.request;
      const q = queueOf(r.queue, cb);
      if (q !== null) guard(cb, () => cb(null, q.submit(r.id, r.key, r.payload, r.level, r.cost_ms)));
    },
    Pull: (call: Req<{ queue: string; wait_ms: number; ack_token: string; ack_duration_ms: number }>, cb: Cb) => {
      const q = queueOf(call.request.queue, cb);
      if (q === null) return;
      if (call.request.ack_token !== '') {
        try {
          q.ack(call.request.ack_token, call.request.ack_duration_ms);
        } catch (err) {
          fail(cb, err instanceof StaleTokenError ? grpc.status.FAILED_PRECONDITION : grpc.status.INVALID_ARGUMENT, (err as Error).message);
          return;
        }
      }
      q.pull(Math.min(call.request.wait_ms, 60_000)).then((d) => {
        if (d === null) cb(null, { found: false });
        else if (call.cancelled) {
          // The puller went away: hand the delivery back at once (it stays censored-free; the lease would also do it).
          q.nack(d.token);
          cb(null, { found: false });
        } else cb(null, { found: true, id: d.id, key: d.key, payload: d.payload, token: d.token, attempt: d.attempt, level: d.level, outcome: d.outcome, lease_ms: d.leaseMs });
      }, (err: Error) => fail(cb, grpc.status.INTERNAL, err.message));
    },
    Consume: (call: grpc.ServerDuplexStream<{ queue: string; ack_token: string; ack_duration_ms: number }, unknown>) => {
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
            const code = err instanceof StaleTokenError ? grpc.status.FAILED_PRECONDITION : grpc.status.INVALID_ARGUMENT;
            call.destroy(Object.assign(new Error((err as Error).message), { code }));
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
    Ack: (call: Req<{ queue: string; token: string; duration_ms: number }>, cb: Cb) => {
      const r = call.request;
      const q = queueOf(r.queue, cb);
      if (q !== null) guard(cb, () => {
        q.ack(r.token, r.duration_ms);
        cb(null, {});
      });
    },
    Nack: (call: Req<{ queue: string; token: string }>, cb: Cb) => {
      const r = call.request;
      const q = queueOf(r.queue, cb);
      if (q !== null) guard(cb, () => {
        q.nack(r.token);
        cb(null, {});
      });
    },
    Stats: (call: Req<{ queue: string }>, cb: Cb) => {
      const q = queueOf(call.request.queue, cb);
      if (q === null) return;
      const s = q.stats();
      cb(null, {
        waiting: s.waiting, in_flight: s.inFlight, completed: s.completed, expired_leases: s.expiredLeases,
        dead_letters: s.deadLetters, outcomes: s.outcomes, promotions: s.promotions, censored: s.censored,
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(opts.listen, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)));
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
