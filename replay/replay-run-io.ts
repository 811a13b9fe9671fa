// Replaying a trace through a broker: validate, probe the broker, play each arm in wall-clock time, build the results.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { InputError, atOption } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as simMsg from '../sim/messages.ts';
import { cliProvenance, gitCommit } from '../src/io/provenance-io.ts';
import { readTraceForCli } from '../traces/trace-read-io.ts';
import { PREDICT_OUTCOME_NAMES } from '../src/predictor/outcomes.ts';
import { encodePredictorSnapshot } from '../src/predictor/snapshot.ts';
import { Predictor } from '../src/predictor/predictor.ts';
import { predictorParamsFor, warmStart } from '../sim/arms/predictive.ts';
import { compressFactor, splitTrace } from '../sim/split.ts';
import { MetricFolder, windowOffsets } from '../sim/metrics.ts';
import { latencyCdf } from '../sim/latency-cdf.ts';
import { buildArmResult } from '../src/result/result-file.ts';
import { loadLabel, messageTiers, type ArmResult, type LoadResult, type SimulationConfig, type SimulationOutput } from '../sim/simulate.ts';
import type { ArmSpec, RoutingContext } from '../sim/arms/index.ts';
import { rowKeyStrings, rowKeysCached, type RowKeys } from '../sim/row-keys.ts';
import { completeAt, routeAt } from '../sim/router.ts';
import { parseBrokerUrl, type BrokerAddress } from './broker-url.ts';
import { armUnsupportedReason, type ArmNeeds } from './broker-capability.ts';
import { buildReplayPlan, type ReplayPlan } from './replay-plan.ts';
import { invalidReasons, summariseLateness } from './replay-validity.ts';
import { buildSimulationConfig, optionsRecord } from '../sim/simulation-config-io.ts';
import { buildResultFile } from '../src/result/result-file.ts';
import type { BrokerAdapter, QueueSetup } from './broker-adapter.ts';
import { AmqpAdapter } from './amqp-adapter.ts';
import { RedisAdapter } from './redis-adapter.ts';
import { HarbingerAdapter } from './harbinger-adapter.ts';
import { probeBroker } from './broker-probe.ts';
import { runReplay, type DriverOptions, type Sidecar } from './replay-driver.ts';
import { ComputePool } from './compute-pool-io.ts';
import { certificateProblem } from '../broker/broker-tls.ts';
import { summariseHandlerCpu, type HandlerCpuSummary } from './handler-cpu.ts';
import { summariseTiming, type ReplayTiming } from './replay-timing.ts';

type RawOptions = Record<string, unknown>;

/** Validated replay options on top of the simulation config. */
export interface ReplayConfig {
  readonly sim: SimulationConfig;
  readonly broker: BrokerAddress;
  readonly timeScale: number;
  readonly latenessBoundMs: number;
  readonly maxRetries: number;
  /** Harbinger: start predictive arms from the snapshot the broker loaded at its start. */
  readonly useBrokerSnapshot: boolean;
  /** What a handler does for a message's duration: sleep (the default) or compute (a CPU loop in handler processes). */
  readonly handlers: 'sleep' | 'compute';
  /** Handler processes for compute (consumer c runs in process c mod P); 0 for sleep. */
  readonly handlerProcesses: number;
  /** Harbinger over TLS: the PEM certificate(s) to trust (--tls-ca); null = plaintext. */
  readonly tlsCa: Buffer | null;
  /** --stall-timeout (wall ms), or null for the default max(10 s, 3 × the longest scaled duration × stretch). */
  readonly stallTimeoutMs: number | null;
}

/** Default number of handler processes: one per consumer, up to this many (each process time-slices its consumers). */
export const DEFAULT_MAX_HANDLER_PROCESSES = 16;

/** Whether the arm puts every message on level 0 (no priorities, and aging never moves anything). */
export function isSingleLevel(arm: ArmSpec): boolean {
  return arm.routing.singleLevel === true;
}

/** What the arm asks of a broker. */
export function armNeeds(arm: ArmSpec): ArmNeeds {
  const singleLevel = isSingleLevel(arm);
  return {
    text: arm.text,
    perKeyQueues: arm.routing.queues === 'per-key',
    weighted: arm.flags.weights !== null && !singleLevel,
    aging: arm.flags.agingMs !== null && !singleLevel,
    pausing: arm.flags.pausing && !singleLevel,
  };
}

/** Validates every option (all problems at once, nothing sent yet). Throws InputError (exit 2). */
export function buildReplayConfig(opts: RawOptions): ReplayConfig {
  const issues: string[] = [];
  let sim: SimulationConfig | null = null;
  try {
    sim = buildSimulationConfig(opts);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    issues.push(...err.issues);
  }
  let broker: BrokerAddress | null = null;
  if (opts.broker === undefined) issues.push(msg.brokerMissing());
  else {
    try {
      broker = parseBrokerUrl(String(opts.broker));
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      issues.push(err.message);
    }
  }
  const timeScale = Number(opts.timeScale);
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) issues.push(msg.timeScaleInvalid(String(opts.timeScale)));
  const bound = Number(opts.latenessBound);
  if (!(bound > 0) || !Number.isFinite(bound)) issues.push(msg.latenessBoundInvalid(String(opts.latenessBound)));
  const maxRetries = Number(opts.maxRetries);
  if (!Number.isInteger(maxRetries) || maxRetries < 0) issues.push(msg.maxRetriesInvalid(String(opts.maxRetries)));
  if (sim !== null && broker !== null) {
    for (const arm of sim.arms) {
      const why = arm.routing.engine !== undefined ? msg.armSimulatorOnly() : armUnsupportedReason(broker.kind, armNeeds(arm));
      if (why !== null) issues.push(msg.armNotReplayable(arm.text, why));
    }
    if (sim.loads.length !== 1) issues.push(msg.replayOneLoad(sim.loads.length));
  }
  const useBrokerSnapshot = opts.useBrokerSnapshot === true;
  if (useBrokerSnapshot && broker !== null && broker.kind !== 'harbinger') {
    issues.push(msg.brokerSnapshotNeedsHarbinger(broker.kind));
  }
  const handlers = opts.handlers === undefined ? 'sleep' : String(opts.handlers);
  if (handlers !== 'sleep' && handlers !== 'compute') issues.push(msg.handlersInvalid(handlers));
  let handlerProcesses = 0;
  if (opts.handlerProcesses !== undefined) {
    const p = Number(opts.handlerProcesses);
    if (handlers !== 'compute') issues.push(msg.handlerProcessesWithoutCompute(handlers));
    else if (!Number.isInteger(p) || p < 1 || (sim !== null && p > sim.workers)) {
      issues.push(msg.handlerProcessesOutOfRange(String(opts.handlerProcesses), sim === null ? null : sim.workers));
    } else handlerProcesses = p;
  } else if (handlers === 'compute' && sim !== null) handlerProcesses = Math.min(sim.workers, DEFAULT_MAX_HANDLER_PROCESSES);
  const tlsCa = readTlsCa(opts.tlsCa, broker, issues);
  let stallTimeoutMs: number | null = null;
  if (opts.stallTimeout !== undefined) {
    const t = Number(opts.stallTimeout);
    if (!(t >= 100 && t <= 86_400_000)) issues.push(msg.stallTimeoutInvalid(String(opts.stallTimeout)));
    else stallTimeoutMs = t;
  }
  if (issues.length > 0 || sim === null || broker === null) {
    throw new InputError(simMsg.commandOptionProblems('replay', issues.length), issues);
  }
  return { sim, broker, timeScale, latenessBoundMs: bound, maxRetries, useBrokerSnapshot, handlers: handlers as 'sleep' | 'compute', handlerProcesses, tlsCa, stallTimeoutMs };
}

/** The PEM bytes of --tls-ca (harbinger only), or null when not given; problems go to `issues`. */
function readTlsCa(option: unknown, broker: BrokerAddress | null, issues: string[]): Buffer | null {
  if (option === undefined) return null;
  const file = String(option);
  if (broker !== null && broker.kind !== 'harbinger') {
    issues.push(atOption('--tls-ca', `given with ${broker.kind}`, 'a harbinger:// broker started with --tls-cert'));
    return null;
  }
  let pem: Buffer;
  try {
    pem = readFileSync(file);
  } catch (err) {
    issues.push(atOption('--tls-ca', `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, 'a readable PEM certificate file'));
    return null;
  }
  const bad = certificateProblem(pem);
  if (bad !== null) issues.push(atOption('--tls-ca', `${file} is ${bad}`, 'the PEM certificate of the broker or of the CA that signed it'));
  return bad === null ? pem : null;
}

/**
 * An unmeasured warm-up run before the arms: 400 one-millisecond messages at 2 ms spacing over every level of a
 * throwaway queue, so that connections, the broker's code paths and this process's JIT are warm when the first arm
 * starts (otherwise the first arm, usually FIFO, measures them). Failures are left to the measured runs to report.
 */
async function warmUp(cfg: ReplayConfig, levels: number, workers: number, leaseMs: number, pool: ComputePool | null): Promise<void> {
  const n = 400;
  const plan: ReplayPlan = {
    first: 0, count: n, timeScale: 1,
    arrivalWall: Float64Array.from({ length: n }, (_, i) => i * 2),
    durationWall: new Float64Array(n).fill(1),
  };
  const setup: QueueSetup = {
    queue: `hsim-warmup-${randomUUID()}`, levels, priorities: levels > 1, weights: null, agingMs: null, agingIntervalMs: 500,
    pausing: false, brokerPredicts: false, predictorOverrides: {}, predictorSnapshot: null, routeDefault: false, timeScale: 1,
  };
  const sidecar: Sidecar = { cost: 0, outcome: -1, route: (i) => i % levels, complete: () => undefined };
  try {
    await runReplay(plan, Array.from({ length: n }, (_, i) => `warm-up/${i % 8}`), adapterFor(cfg, leaseMs), setup, sidecar, { workers, stallMs: 10_000, leadInMs: 100, ...(pool === null ? {} : { compute: pool }) });
  } catch {
    // An unreachable or failing broker is reported by the measured runs with their own messages.
  }
}

/** Wall ms of the plan that `warmUpOnPlan` replays: 10 s, or a tenth of the plan when that is shorter. */
const PLAN_WARM_UP_MS = 10_000;

/**
 * With computing handlers, a second unmeasured warm-up: the plan's first 10 s (a tenth of it at most) with their
 * real handler times, first in first out on a throwaway queue. Without it the first measured arm ran slower than
 * the same arm later (FIFO's mean latency ×6.5 when it came first, experiments/contention/README.md): the 1 ms
 * warm-up does not exercise handler processes and broker at the workload's sizes.
 */
async function warmUpOnPlan(cfg: ReplayConfig, plan: ReplayPlan, levels: number, workers: number, leaseMs: number, pool: ComputePool): Promise<void> {
  const span = Math.min(PLAN_WARM_UP_MS, (plan.arrivalWall[plan.count - 1] ?? 0) / 10);
  let n = 0;
  while (n < plan.count && plan.arrivalWall[n]! <= span) n++;
  if (n === 0) return;
  const warm: ReplayPlan = { first: 0, count: n, timeScale: plan.timeScale, arrivalWall: plan.arrivalWall.slice(0, n), durationWall: plan.durationWall.slice(0, n) };
  const setup: QueueSetup = {
    queue: `hsim-warmup-${randomUUID()}`, levels, priorities: false, weights: null, agingMs: null, agingIntervalMs: 500,
    pausing: false, brokerPredicts: false, predictorOverrides: {}, predictorSnapshot: null, routeDefault: false, timeScale: plan.timeScale,
  };
  const sidecar: Sidecar = { cost: 0, outcome: -1, route: () => 0, complete: () => undefined };
  try {
    await runReplay(warm, Array.from({ length: n }, (_, i) => `warm-up/${i % 8}`), adapterFor(cfg, leaseMs), setup, sidecar, { workers, stallMs: Math.max(10_000, leaseMs), leadInMs: 100, compute: pool });
  } catch {
    // Failures are left to the measured runs to report, as in warmUp.
  }
}

function adapterFor(cfg: ReplayConfig, leaseMs: number): BrokerAdapter {
  switch (cfg.broker.kind) {
    case 'amqp':
      return new AmqpAdapter(cfg.broker);
    case 'redis':
      return new RedisAdapter(cfg.broker);
    case 'harbinger':
      return new HarbingerAdapter(cfg.broker, { leaseMs, maxRetries: cfg.maxRetries, useSnapshot: cfg.useBrokerSnapshot, tlsCa: cfg.tlsCa });
  }
}

/** The per-arm replay record inside an arm result. */
export interface ArmReplayRecord {
  valid: boolean;
  reasons: string[];
  expected: number;
  completed: number;
  dead_lettered: number;
  lateness_p50_ms: number;
  lateness_p99_ms: number;
  lateness_max_ms: number;
  wall_seconds: number;
  /** Mean handler overrun (timer lateness), wall ms. */
  overrun_mean_ms: number;
  /** Mean consumer turnaround (ack to next delivery while messages wait), wall ms; null when the adapter cannot tell. */
  turnaround_mean_ms: number | null;
}

/**
 * The per-arm replay record of a replay whose handlers compute: plus the handlers' CPU time ÷ requested duration,
 * and where the time went (stages per message, CPU per process).
 */
type ComputeArmRecord = ArmReplayRecord & Partial<HandlerCpuSummary> & { timing?: ReplayTiming };

/** Result of `runReplayCommand` for callers (tests): the file object and whether every arm was valid. */
export interface ReplayOutcome {
  readonly file: Record<string, unknown>;
  readonly valid: boolean;
  readonly reasons: string[];
}

/**
 * Runs a replay and returns the result-file object (SPEC §10 + `replay`). Throws InputError for bad options or an
 * unreachable broker (before anything is sent). An invalid run is returned with valid = false and its reasons.
 * `onProgress` (the CLI's line on a terminal) hears each arm's messages done of its total.
 */
export async function replayTrace(tracePath: string, opts: RawOptions, log: (line: string) => void, onProgress?: (arm: string, done: number, total: number) => void): Promise<ReplayOutcome> {
  const cfg = buildReplayConfig(opts);
  gitCommit(); // now, while the process is small (see gitCommit), not after the timed run
  const loaded = await readTraceForCli(tracePath, { cache: opts.cache !== false });
  const split = splitTrace(loaded.trace, cfg.sim.split, cfg.sim.fraction);
  const tiers = messageTiers(loaded.trace, split.cut, cfg.sim.levels);
  await probeBroker(cfg.broker);
  let pool: ComputePool | null = null;
  if (cfg.handlers === 'compute') {
    pool = await ComputePool.start(cfg.handlerProcesses);
    const ipm = pool.itersPerMs;
    log(`replay: ${pool.size} handler processes calibrated (${Math.round(Math.min(...ipm))}–${Math.round(Math.max(...ipm))} loop iterations per CPU-ms), ${availableParallelism()} cores`);
  }
  try {
    return await replayArms(tracePath, cfg, loaded, split, tiers, log, pool, onProgress);
  } finally {
    pool?.close();
  }
}

/** The replay proper, after the broker answered (and the handler processes, if any, are calibrated). */
async function replayArms(
  tracePath: string, cfg: ReplayConfig, loaded: Awaited<ReturnType<typeof readTraceForCli>>, split: ReturnType<typeof splitTrace>, tiers: ReturnType<typeof messageTiers>,
  log: (line: string) => void, pool: ComputePool | null, onProgress?: (arm: string, done: number, total: number) => void,
): Promise<ReplayOutcome> {
  const trace = loaded.trace;
  const sim = cfg.sim;
  const first = split.cut;
  const m = trace.n - first;
  const { boundaries, cls } = tiers;

  const results: Record<string, LoadResult> = {};
  const allReasons: string[] = [];
  let latenessP99 = 0;
  const load = sim.loads[0]!;
  const compress = compressFactor(trace, split, load, sim.workers);
  const plan = buildReplayPlan(trace.arrival, trace.duration, first, m, compress, cfg.timeScale);
  let maxDur = 0;
  for (let i = 0; i < m; i++) maxDur = Math.max(maxDur, plan.durationWall[i]!);
  // Computing handlers share the cores: a handler's wall time stretches by up to workers ÷ cores (more on a busy
  // machine), so its lease and the stall limit get twice that room; otherwise a long handler's lease expires and the
  // broker delivers it again.
  const stretch = pool === null ? 1 : 2 * Math.max(1, sim.workers / availableParallelism());
  const leaseMs = Math.max(30_000, 3 * maxDur * stretch);
  const arms: Record<string, ArmResult | Record<string, unknown>> = {};
  // The first arm would otherwise also pay for warming up the connections and the JIT of client and broker.
  await warmUp(cfg, sim.levels, sim.workers, leaseMs, pool);
  if (pool !== null) await warmUpOnPlan(cfg, plan, sim.levels, sim.workers, leaseMs, pool);
  for (const arm of sim.arms) {
    const keys = (): RowKeys => rowKeysCached(trace, arm.flags.keysProducer, arm.flags.sizebins);
    const ctx: RoutingContext = {
      trace, first, levels: sim.levels, defaultLevel: sim.defaultLevel, boundaries, compress, staticMap: sim.staticMap, seed: sim.seed, flags: arm.flags, keys,
      predictorOverrides: arm.predictorOverrides, predictorSnapshot: sim.predictorSnapshot ?? null,
    };
    const brokerPredicts = cfg.broker.kind === 'harbinger' && arm.routing.needsPredictor;
    const router = arm.routing.create(ctx);
    const sidecar: Sidecar = {
      cost: 0,
      outcome: -1,
      route(i, now) {
        if (brokerPredicts) return null;
        const level = routeAt(router, first + i, now);
        this.cost = router.cost / cfg.timeScale;
        this.outcome = router.outcome;
        return level;
      },
      complete(i, now) {
        // The router learns the row's duration from the trace (the replayed handler sleeps that long, scaled).
        if (brokerPredicts) return;
        completeAt(router, first + i, now);
      },
    };
    const broker = brokerPredicts ? brokerPredictor(arm, ctx, cfg) : { overrides: {}, snapshot: null };
    const setup: QueueSetup = {
      queue: `hsim-replay-${randomUUID()}`,
      levels: sim.levels,
      priorities: !isSingleLevel(arm),
      weights: arm.flags.weights,
      agingMs: arm.flags.agingMs === null ? null : arm.flags.agingMs / cfg.timeScale,
      agingIntervalMs: arm.agingIntervalMs / cfg.timeScale,
      pausing: arm.flags.pausing,
      brokerPredicts,
      predictorOverrides: broker.overrides,
      predictorSnapshot: broker.snapshot,
      routeDefault: brokerPredicts && isShadow(arm),
      timeScale: cfg.timeScale,
    };
    log(`replay: ${arm.text} through ${cfg.broker.display}: ${m} messages over ${(plan.arrivalWall[m - 1] ?? 0) / 1000} s, ${sim.workers} consumers`);
    const adapter = adapterFor(cfg, leaseMs);
    const stallMs = cfg.stallTimeoutMs ?? Math.max(10_000, 3 * maxDur * stretch);
    const driverOpts: DriverOptions = { workers: sim.workers, stallMs, leadInMs: 300, ...(pool === null ? {} : { compute: pool }) };
    const meas = await runReplay(plan, rowKeyStrings(keys(), first, trace.n), adapter, setup, sidecar, onProgress !== undefined
      ? { ...driverOpts, onProgress: (c, t) => onProgress(arm.text, c, t) }
      : driverOpts);
    const reasons = invalidReasons({ expected: m, completed: meas.completed, deadLettered: meas.deadLettered, lateness: meas.lateness, failures: meas.failures }, cfg.latenessBoundMs);
    const late = summariseLateness(meas.lateness);
    latenessP99 = Math.max(latenessP99, late.p99_ms);
    const record: ComputeArmRecord = {
      valid: reasons.length === 0, reasons, expected: m, completed: meas.completed, dead_lettered: meas.deadLettered,
      lateness_p50_ms: late.p50_ms, lateness_p99_ms: late.p99_ms, lateness_max_ms: late.max_ms, wall_seconds: meas.wallSeconds,
      overrun_mean_ms: meas.overrunMeanMs, turnaround_mean_ms: Number.isNaN(meas.turnaroundMeanMs) ? null : meas.turnaroundMeanMs,
    };
    if (meas.cpu !== null) {
      Object.assign(record, summariseHandlerCpu(meas.cpu, plan.durationWall));
      record.timing = summariseTiming({
        submit: meas.submit, start: meas.start, end: meas.end, handlerStart: meas.handlerStart!, handlerEnd: meas.handlerEnd!, idleGap: meas.idleGap,
        requested: plan.durationWall, cpu: meas.cpu, completed: meas.completed, wallMs: meas.wallSeconds * 1000,
        driverCpuMs: meas.driverCpuMs, handlerProcessCpuMs: meas.handlerProcessCpuMs ?? 0,
      });
    }
    for (const r of reasons) allReasons.push(`${arm.text}: ${r}`);
    if (reasons.length > 0) {
      arms[arm.text] = { replay: record, sim_seconds: meas.wallSeconds };
      log(`replay: ${arm.text} is INVALID: ${reasons.join('; ')}`);
      if (meas.failures.length > 0) break; // the broker failed: later arms would fail the same way
      continue;
    }
    // Latency counts from the scheduled arrival, rescaled to trace ms (× time scale).
    const cols = { arrival: plan.arrivalWall, start: meas.start, end: meas.end, duration: trace.duration.subarray(first, first + m), scale: cfg.timeScale, cls, levels: sim.levels };
    const result = buildArmResult({
      fold: new MetricFolder(cols),
      windowOffsets: windowOffsets(scaled(plan.arrivalWall, cfg.timeScale), sim.windows, sim.windowBy),
      classId: trace.classId, classes: trace.classes, first, rows: trace.n,
      outcome: meas.outcome, outcomeNames: (brokerPredicts ? PREDICT_OUTCOME_NAMES : router.outcomeNames) ?? null,
    });
    if (!brokerPredicts && router.report) Object.assign(result, router.report());
    if (sim.latencyCdf === true) {
      const cdf = latencyCdf(cols, new Float64Array(Math.max(1, m)));
      if (cdf !== null) result.latency_cdf = cdf;
    }
    result.replay = record;
    result.sim_seconds = meas.wallSeconds;
    arms[arm.text] = result;
  }
  results[loadLabel(load)] = { compress, arms: arms as Record<string, ArmResult> };
  const out: SimulationOutput = { trace: { rows: trace.n, history_rows: first, evaluation_rows: m, boundaries_ms: Array.from(boundaries) }, results };
  const valid = allReasons.length === 0;
  // Handlers that compute are recorded; a sleep replay keeps its result bytes.
  const computing = pool === null ? {} : { handlers: 'compute', handler_processes: pool.size };
  const options = optionsRecord(sim, { broker: cfg.broker.display, time_scale: cfg.timeScale, lateness_bound_ms: cfg.latenessBoundMs, max_retries: cfg.maxRetries, mode: 'replay', ...computing });
  const file = buildResultFile(cliProvenance(), tracePath, loaded.sha256, out, options);
  file.replay = {
    broker: cfg.broker.display, time_scale: cfg.timeScale, lateness_p99_ms: latenessP99, valid, reasons: allReasons,
    ...(pool === null ? {} : { ...computing, cores: availableParallelism() }),
  };
  return { file, valid, reasons: allReasons };
}

/** Whether the arm predicts and learns but routes every message to the default level (a shadow). */
function isShadow(arm: ArmSpec): boolean {
  return arm.routing.routesToDefault === true;
}

/**
 * The predictor a Harbinger queue starts from, as the simulator builds it: the arm's parameters (summary flag and
 * overrides, trace-time values) and, for a warm routing, the `--predictor-snapshot` or the history half observed
 * before t = 0 at compressed arrival times (`warmStart`), handed over as snapshot bytes.
 */
function brokerPredictor(arm: ArmSpec, ctx: RoutingContext, cfg: ReplayConfig): { overrides: Record<string, string>; snapshot: Uint8Array | null } {
  const params = predictorParamsFor(arm.flags, arm.predictorOverrides, ctx.levels, ctx.defaultLevel);
  const overrides: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) overrides[k] = String(v);
  if (!arm.routing.needsHistory || cfg.useBrokerSnapshot) return { overrides, snapshot: null };
  if (ctx.predictorSnapshot !== null) return { overrides, snapshot: ctx.predictorSnapshot.bytes };
  const p = new Predictor(params);
  warmStart(p, ctx, ctx.keys());
  return { overrides, snapshot: encodePredictorSnapshot(p) };
}

function scaled(a: Float64Array, x: number): Float64Array {
  return a.map((v) => v * x);
}
