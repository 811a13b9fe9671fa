// The replay driver (SPEC §11): a producer on absolute deadlines and N consumers, one message in flight each.
import * as msg from './messages.ts';
import type { BrokerAdapter, QueueSetup } from './broker-adapter.ts';
import type { HandlerRun } from './compute-pool-io.ts';
import type { ReplayPlan } from './replay-plan.ts';
import { sleepUntil } from './wall-clock.ts';

/** How long the end of a run waits for the adapter to close, wall ms. */
const CLOSE_DEADLINE_MS = 10_000;

/** The sidecar: routes each message before it is submitted and learns from its acknowledgement (times in trace ms). */
export interface Sidecar {
  /** Level for message m at simulated time `nowMs`, or null when the broker routes; sets `cost` (ms, 0 = none). */
  route(m: number, nowMs: number): number | null;
  cost: number;
  /** Outcome code of the last route (−1 = none). */
  outcome: number;
  /** Message m completed at simulated time `nowMs` (it ran its trace duration, scaled). */
  complete(m: number, nowMs: number): void;
}

/** Per-message measurements of one replay, in wall ms after the origin (NaN for a message that never started). */
export interface ReplayMeasurement {
  readonly submit: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly lateness: Float64Array;
  readonly outcome: Int8Array;
  readonly completed: number;
  readonly deadLettered: number;
  readonly failures: string[];
  readonly wallSeconds: number;
  /** Mean handler overrun (end − start − planned duration), wall ms: timer lateness. */
  readonly overrunMeanMs: number;
  /** Mean gap between a consumer's end and its next start when that message was already waiting, wall ms (NaN when unknown). */
  readonly turnaroundMeanMs: number;
  /** CPU ms each computing handler used (NaN for a message that did not complete); null when the handlers sleep. */
  readonly cpu: Float64Array | null;
  /** Per message, wall ms after the origin: its handler's first and last slice in its process (null when the handlers sleep). */
  readonly handlerStart: Float64Array | null;
  readonly handlerEnd: Float64Array | null;
  /**
   * Per message, the consumer's idle gap before it (wall ms): its delivery minus the same consumer's previous
   * acknowledgement, when the message was already submitted by then (NaN otherwise: the consumer waited for work).
   */
  readonly idleGap: Float64Array;
  /** CPU time of this process (driver, producer, broker client) from the origin to the end of the run, ms. */
  readonly driverCpuMs: number;
  /** CPU time the handler processes used over the run, ms (null when the handlers sleep). */
  readonly handlerProcessCpuMs: number | null;
}

/** Handlers that compute (`--handlers compute`): the work runs elsewhere (handler processes), not in the driver. */
export interface ComputeHandlers {
  /** Does `ms` wall ms of CPU work for consumer `consumer`; resolves with the CPU ms it really used, its start and end. */
  run(consumer: number, ms: number): Promise<HandlerRun>;
  /** CPU time the handler processes used so far, ms. */
  processCpuMs(): number;
  /** Registers the callback for a handler that fails during the run (its process died). */
  onFailure(cb: (reason: string) => void): void;
}

export interface DriverOptions {
  readonly workers: number;
  /**
   * Give up when no message is delivered or acknowledged for this long while some are outstanding (submitted and
   * not completed), wall ms: the broker stopped answering and the run is invalid. Handlers take at most the
   * longest duration, so an answering broker shows progress well within a limit above it.
   */
  readonly stallMs: number;
  /** Delay before the first scheduled arrival, wall ms (lets consumers attach). */
  readonly leadInMs: number;
  readonly onProgress?: (completed: number, total: number) => void;
  /** Handlers that compute; absent: each handler sleeps its duration (the default). */
  readonly compute?: ComputeHandlers;
}

/**
 * Plays `plan` through `adapter`: opens the queue, starts the consumers, submits message m at origin +
 * arrivalWall[m] (absolute deadlines), and waits until every message completed, a failure occurred, or progress
 * stalled. Each consumer waits out durationWall[m] against an absolute deadline (or, with `opts.compute`, has
 * that much CPU work done) and acknowledges with it.
 */
export async function runReplay(plan: ReplayPlan, keys: readonly string[], adapter: BrokerAdapter, setup: QueueSetup, sidecar: Sidecar, opts: DriverOptions): Promise<ReplayMeasurement> {
  const n = plan.count;
  const X = plan.timeScale;
  const submit = new Float64Array(n).fill(Number.NaN);
  const start = new Float64Array(n).fill(Number.NaN);
  const end = new Float64Array(n).fill(Number.NaN);
  const lateness = new Float64Array(n);
  const outcome = new Int8Array(n).fill(-1);
  const failures: string[] = [];
  const compute = opts.compute;
  const cpu = compute === undefined ? null : new Float64Array(n).fill(Number.NaN);
  const handlerStart = compute === undefined ? null : new Float64Array(n).fill(Number.NaN);
  const handlerEnd = compute === undefined ? null : new Float64Array(n).fill(Number.NaN);
  const idleGap = new Float64Array(n).fill(Number.NaN);
  let completed = 0;
  let published = 0;
  let lastProgress = 0;
  let stalled = false;
  let finish: (() => void) | null = null;
  const done = new Promise<void>((resolve) => (finish = resolve));
  // Stopping also wakes the producer from its sleep until the next arrival.
  const stopped = new AbortController();
  const stop = (): void => {
    stopped.abort();
    finish?.();
  };

  adapter.onFailure((reason) => {
    if (failures.length < 20) failures.push(reason);
    stop();
  });
  compute?.onFailure((reason) => {
    if (failures.length < 20) failures.push(msg.handlerFailure(reason));
    stop();
  });
  await adapter.open(setup);
  let origin = 0;

  const lastEnd = new Float64Array(Math.max(1, opts.workers)).fill(Number.NaN);
  let overrun = 0;
  let turnSum = 0;
  let turnN = 0;
  await adapter.consume(opts.workers, async (id, info, consumer) => {
    const t = performance.now();
    if (consumer >= 0 && consumer < lastEnd.length) {
      const le = lastEnd[consumer]!;
      if (le === le && submit[id]! + origin <= le) {
        turnSum += t - le;
        turnN++;
        if (id >= 0 && id < n) idleGap[id] = t - le;
      }
    }
    if (id < 0 || id >= n || !Number.isNaN(start[id]!)) {
      failures.push(msg.unexpectedDelivery(id));
      stop();
      return 0;
    }
    start[id] = t - origin;
    lastProgress = t;
    if (info.outcome >= 0) outcome[id] = info.outcome;
    const d = plan.durationWall[id]!;
    if (compute === undefined) await sleepUntil(t + d);
    else {
      const run = await compute.run(consumer, d);
      cpu![id] = run.cpuMs;
      handlerStart![id] = run.startMs - origin;
      handlerEnd![id] = run.endMs - origin;
    }
    const e = performance.now();
    end[id] = e - origin;
    overrun += e - t - d;
    if (consumer >= 0 && consumer < lastEnd.length) lastEnd[consumer] = e;
    completed++;
    lastProgress = e;
    sidecar.complete(id, (e - origin) * X);
    if (opts.onProgress && (completed % 100 === 0 || completed === n)) opts.onProgress(completed, n);
    if (completed === n) stop();
    return d;
  });

  origin = performance.now() + opts.leadInMs;
  lastProgress = origin;
  // CPU from here on: the lead-in's idle wait costs next to nothing, and the run's own measurement starts now.
  const cpu0 = process.cpuUsage();
  const handlerCpu0 = compute?.processCpuMs() ?? 0;
  const producer = (async (): Promise<void> => {
    for (let m = 0; m < n && failures.length === 0; m++) {
      const deadline = origin + plan.arrivalWall[m]!;
      if (performance.now() < deadline) await sleepUntil(deadline, stopped.signal);
      if (stopped.signal.aborted) break;
      const now = performance.now();
      lateness[m] = now - deadline;
      submit[m] = now - origin;
      sidecar.cost = 0;
      sidecar.outcome = -1;
      const level = sidecar.route(m, (now - origin) * X);
      if (sidecar.outcome >= 0) outcome[m] = sidecar.outcome;
      // The clock of progress starts when work appears after none was outstanding.
      if (published === completed) lastProgress = now;
      published++;
      adapter.publish(m, keys[m]!, level, sidecar.cost);
    }
  })();
  const watchdog = setInterval(() => {
    if (published > completed && performance.now() - lastProgress > opts.stallMs) {
      stalled = true;
      failures.push(msg.replayNoProgress(opts.stallMs, n - completed));
      stop();
    }
  }, 200);
  if (n === 0) stop();
  await done;
  clearInterval(watchdog);
  await producer;
  let deadLettered = 0;
  // A broker that stopped answering would not answer this either (the run is invalid already).
  if (!stalled) {
    try {
      deadLettered = await adapter.deadLetters();
    } catch (err) {
      failures.push(msg.deadLettersUnreadable((err as Error).message));
    }
  }
  const wallSeconds = (performance.now() - origin) / 1000;
  const cpuUsed = process.cpuUsage(cpu0);
  const handlerProcessCpuMs = compute === undefined ? null : compute.processCpuMs() - handlerCpu0;
  // Best effort, and bounded: a broker that stopped answering must not hold the replay (the adapter's own calls
  // have deadlines; this bounds the others').
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, CLOSE_DEADLINE_MS);
    adapter.close().catch(() => undefined).then(() => {
      clearTimeout(t);
      resolve();
    });
  });
  return {
    submit, start, end, lateness, outcome, completed, deadLettered, failures, wallSeconds,
    overrunMeanMs: completed > 0 ? overrun / completed : 0, turnaroundMeanMs: turnN > 0 ? turnSum / turnN : Number.NaN,
    cpu, handlerStart, handlerEnd, idleGap, driverCpuMs: (cpuUsed.user + cpuUsed.system) / 1000, handlerProcessCpuMs,
  };
}
