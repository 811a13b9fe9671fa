// A place where warm starts outlive the process: an interface that sim/ asks and the CLI implements on disk.
import type { Predictor } from './predictor.ts';
import type { PredictorParams } from './params.ts';
import type { Trace } from '../trace/trace.ts';

/**
 * Everything a warm start on one trace is a function of, besides the trace's rows and the code that runs it: the
 * cut (history = rows [0, first)), the compress factor (the history's clock), every predictor parameter, and how
 * rows map to predictor keys (`keys=producer`, `sizebins`).
 */
export interface WarmIdentity {
  readonly first: number;
  readonly compress: number;
  readonly params: Readonly<PredictorParams>;
  readonly keysProducer: boolean;
  readonly sizebins: boolean;
}

/** Stored warm starts. Both calls are best effort: a store that cannot read or write says so itself and goes on. */
export interface WarmStateStore {
  /** The predictor warmed on `trace` under `id`, restored from the store, or null (none, or not for this trace). */
  load(trace: Trace, id: WarmIdentity): Predictor | null;
  /** Keeps `predictor`, just warmed on `trace` under `id`. */
  save(trace: Trace, id: WarmIdentity, predictor: Predictor): void;
}
