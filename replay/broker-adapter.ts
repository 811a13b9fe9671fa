// The interface every replay broker adapter implements (RabbitMQ, BullMQ, the Harbinger gRPC broker).

/** What the broker said about a delivered message (the Harbinger broker routes itself; others echo the sidecar). */
export interface DeliveryInfo {
  /** Level the message was served from (−1 when the broker does not say). */
  readonly level: number;
  /** Predictor outcome code when the broker predicted (−1 otherwise). */
  readonly outcome: number;
}

/**
 * Handles one delivery of message `id` to consumer `consumer` (0 … n − 1, or −1 when the adapter cannot tell): does
 * the work and resolves with the duration to acknowledge (wall ms).
 */
export type DeliveryHandler = (id: number, info: DeliveryInfo, consumer: number) => Promise<number>;

/** How one run's queue is set up. Times are wall-clock ms (already divided by the time scale). */
export interface QueueSetup {
  /** Per-run queue name. */
  readonly queue: string;
  readonly levels: number;
  /** False for fifo: no priorities at all. */
  readonly priorities: boolean;
  readonly weights: readonly number[] | null;
  readonly agingMs: number | null;
  readonly agingIntervalMs: number;
  readonly pausing: boolean;
  /** The broker routes with its own predictor (Harbinger only); otherwise the sidecar's level is used. */
  readonly brokerPredicts: boolean;
  /** Predictor parameters (trace-time values) for a broker that predicts. */
  readonly predictorOverrides: Readonly<Record<string, string>>;
  /** Warm predictor state handed to a broker that predicts (snapshot bytes), or null for an empty predictor. */
  readonly predictorSnapshot: Uint8Array | null;
  /** Shadow routing on the broker: predict and learn, but route to the default level. */
  readonly routeDefault: boolean;
  readonly timeScale: number;
}

/** A connection to one broker for one run. */
export interface BrokerAdapter {
  /** Connects and creates the per-run queue. Throws InputError when the broker cannot be reached. */
  open(setup: QueueSetup): Promise<void>;
  /** Submits message `id` (fire and forget; errors go to `onFailure`). `level` is null when the broker routes. */
  publish(id: number, key: string, level: number | null, costMs: number): void;
  /** Starts `n` consumers, each with one message in flight. */
  consume(n: number, handle: DeliveryHandler): Promise<void>;
  /** Registers the callback for failures during the run (connection lost, consumer cancelled). */
  onFailure(cb: (reason: string) => void): void;
  /** Dead-lettered message count as far as the broker knows (0 for brokers without dead letters). */
  deadLetters(): Promise<number>;
  /** Stops consumers, deletes the run's queue (best effort) and disconnects. */
  close(): Promise<void>;
}
