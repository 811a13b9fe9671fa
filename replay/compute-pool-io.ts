// The handler processes of `hsim replay --handlers compute`: forked consumers that spin a calibrated CPU loop per message.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A reply of a handler process (compute-consumer.js). */
interface ConsumerReply {
  readonly ready?: boolean;
  readonly itersPerMs?: number;
  readonly job?: number;
  readonly cpuMs?: number;
  /** Monotonic clock (ms) at the job's first slice and at its end. */
  readonly t0?: number;
  readonly t1?: number;
  /** The process's CPU time so far, ms. */
  readonly proc?: number;
}

/** One handler as its process saw it: CPU time used, and when it began and ended (this process's performance.now() ms). */
export interface HandlerRun {
  readonly cpuMs: number;
  readonly startMs: number;
  readonly endMs: number;
}

/** The machine's monotonic clock, ms (what the handler processes stamp their jobs with). */
function monoMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * monoMs() − performance.now(): both tick with the same clock, so the offset is fixed, but a single reading can be
 * off by the first call's cost (performance.now() is set up lazily, about 1 ms): read it bracketed 20 times and keep
 * the tightest bracket's midpoint.
 */
function monoOffset(): number {
  let best = Number.POSITIVE_INFINITY;
  let offset = 0;
  for (let k = 0; k < 20; k++) {
    const a = monoMs();
    const p = performance.now();
    const b = monoMs();
    if (b - a < best) {
      best = b - a;
      offset = (a + b) / 2 - p;
    }
  }
  return offset;
}

/**
 * P forked handler processes; consumer c runs its handlers in process c mod P (one process per consumer when
 * P = workers). `run` resolves with the CPU time the handler used (ms, as measured by process.cpuUsage in the
 * handler process around its own work).
 */
export class ComputePool {
  private readonly children: ChildProcess[] = [];
  private readonly pending = new Map<number, (run: HandlerRun) => void>();
  /** The latest CPU time (ms) each process reported. */
  private readonly procCpu: number[] = [];
  /** monoMs() − performance.now(), to put the processes' stamps on this process's clock. */
  private readonly monoOffset = monoOffset();
  private nextJob = 0;
  private failure: ((reason: string) => void) | null = null;
  private closing = false;
  /** Calibrated loop iterations per CPU-ms of each process. */
  readonly itersPerMs: number[] = [];

  private constructor() {}

  /** Forks `processes` handler processes and waits until each has calibrated its loop. */
  static async start(processes: number): Promise<ComputePool> {
    const pool = new ComputePool();
    const entry = fileURLToPath(new URL('./compute-consumer.js', import.meta.url));
    const ready: Promise<void>[] = [];
    for (let p = 0; p < processes; p++) {
      // execArgv: [] — the consumer is plain JavaScript and needs none of this process's loader flags.
      const child = fork(entry, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
      pool.children.push(child);
      ready.push(new Promise<void>((resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`handler process ${p} exited (code ${String(code)}) before it was ready`)));
        child.on('message', (m: ConsumerReply) => {
          if (m.ready === true) {
            pool.itersPerMs[p] = m.itersPerMs!;
            pool.procCpu[p] = 0;
            child.removeAllListeners('exit');
            child.on('exit', (code) => pool.fail(`handler process ${p} exited (code ${String(code)})`));
            resolve();
          } else if (m.job !== undefined) {
            const done = pool.pending.get(m.job);
            pool.pending.delete(m.job);
            pool.procCpu[p] = m.proc!;
            done?.({ cpuMs: m.cpuMs!, startMs: m.t0! - pool.monoOffset, endMs: m.t1! - pool.monoOffset });
          }
        });
      }));
    }
    try {
      await Promise.all(ready);
    } catch (err) {
      pool.close();
      throw err;
    }
    return pool;
  }

  /** The number of handler processes. */
  get size(): number {
    return this.children.length;
  }

  /** Process ids of the handler processes, in order. */
  get pids(): number[] {
    return this.children.map((c) => c.pid ?? -1);
  }

  /** Registers the callback for a handler process that dies during the run. */
  onFailure(cb: (reason: string) => void): void {
    this.failure = cb;
  }

  /**
   * CPU time (ms) the handler processes used so far, as they last reported it (with each finished job): their
   * handlers' loops plus their own cost of receiving and answering jobs.
   */
  processCpuMs(): number {
    let sum = 0;
    for (const c of this.procCpu) sum += c;
    return sum;
  }

  /** Runs a handler of `ms` wall ms of CPU work for consumer `consumer`; resolves with its CPU ms and its start and end. */
  run(consumer: number, ms: number): Promise<HandlerRun> {
    const child = this.children[Math.max(0, consumer) % this.children.length]!;
    const job = this.nextJob++;
    return new Promise<HandlerRun>((resolve) => {
      this.pending.set(job, resolve);
      child.send({ job, ms });
    });
  }

  /** Ends every handler process (they exit when their IPC channel closes). */
  close(): void {
    this.closing = true;
    for (const c of this.children) if (c.connected) c.disconnect();
  }

  private fail(reason: string): void {
    if (!this.closing) this.failure?.(reason);
  }
}
