// Running cells in this thread (jobs 1) or on a pool of worker threads (piscina), each trace read once, here.
import { Piscina } from 'piscina';
import { failedCell, loadTraceChecked, runCellTask, taskConfig, type CellOutcome, type CellTask } from './cell-task.ts';
import type { ThreadCell, ThreadJob, ThreadSettle } from './cell-thread.ts';
import { shareTraceEntry } from './shared-trace.ts';
import { cellWorkerEntry } from './worker-bundle.ts';

/** Runs single cells; `close` releases the threads. */
export interface CellRunner {
  run(task: CellTask): Promise<CellOutcome>;
  close(): Promise<void>;
}

/** At most this many distinct cell settings are rehearsed by each new thread (cell-thread.ts, primeThread). */
const PRIME_LIMIT = 16;

/**
 * A runner on `jobs` worker threads, or in this thread when jobs ≤ 1. Threads start at once and rehearse the
 * settings of `expected` (the cells about to come) while this thread goes on, e.g. reading the traces. Each
 * task's trace is read here (once: cached) and handed to the thread on shared memory. Its `run` never rejects.
 */
export async function createCellRunner(jobs: number, expected: readonly CellTask[] = []): Promise<CellRunner> {
  if (jobs <= 1) return { run: runCellTask, close: async () => {} };
  const pool = await startPool(jobs, expected);
  return {
    async run(task) {
      let cell: ThreadCell;
      try {
        const trace = await loadTraceChecked(task.tracePath, task.traceSha256, task.cache);
        cell = { task, trace: shareTraceEntry({ path: task.tracePath, expected: task.traceSha256, trace }) };
      } catch (err) {
        return failedCell(task.id, err);
      }
      return runOnPool(pool, task.id, cell);
    },
    close: () => settlePool(pool, jobs),
  };
}

/** Runs queue jobs' cells on worker threads; `abort` stops the threads at once, dropping the cells they run. */
export interface JobRunner extends CellRunner {
  abort(): Promise<void>;
}

/**
 * A runner for a queue worker: `jobs` worker threads (also for one job: a cell on the main thread would stall
 * BullMQ's lock renewal), each finding and checking its job's trace itself, only inside `folders` (runJobCell).
 * Its `run` never rejects.
 */
export async function createJobRunner(jobs: number, folders: readonly string[]): Promise<JobRunner> {
  const pool = await startPool(jobs, []);
  return {
    run: (task) => runOnPool(pool, task.id, { job: task, folders } satisfies ThreadJob),
    close: () => settlePool(pool, jobs),
    abort: () => pool.destroy(),
  };
}

async function runOnPool(pool: Piscina, id: string, cell: ThreadCell | ThreadJob): Promise<CellOutcome> {
  try {
    return (await pool.run(cell)) as CellOutcome;
  } catch (err) {
    return { ok: false, id, input: false, message: `worker thread failed: ${(err as Error).message}` };
  }
}

/** One settle request per thread (they wait for each other), then stop them: see ThreadSettle. */
async function settlePool(pool: Piscina, jobs: number): Promise<void> {
  const settle: ThreadSettle = { barrier: new Int32Array(new SharedArrayBuffer(4)), threads: jobs };
  await Promise.allSettled(Array.from({ length: jobs }, () => pool.run(settle)));
  await pool.destroy();
}

/** A pool of `jobs` cell threads, rehearsing the settings of `expected` as they start. */
async function startPool(jobs: number, expected: readonly CellTask[]): Promise<Piscina> {
  const entry = await cellWorkerEntry(primeCells(expected));
  const pool = new Piscina({
    filename: entry.filename,
    name: entry.name,
    workerData: entry.workerData,
    minThreads: jobs,
    maxThreads: jobs,
    // One task per thread at a time: a queued second task would wait behind a long cell.
    concurrentTasksPerWorker: 1,
    // Hand out tasks in the order given (longestFirst): by default piscina moves a task it could not place to the
    // back of its queue, which reorders the queue whenever every thread is busy.
    stricterFIFO: true,
    idleTimeout: 60_000,
  });
  // A thread that cannot start fails its task (runOnPool); the pool's own error event must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** One task per distinct setting of `tasks` (all but the trace, the load and the cell's identity), at most PRIME_LIMIT. */
function primeCells(tasks: readonly CellTask[]): CellTask[] {
  const seen = new Set<string>();
  const out: CellTask[] = [];
  for (const t of tasks) {
    const k = JSON.stringify([t.armText, t.levels, t.workers, t.seed, t.split, t.fraction, t.windows, t.windowBy]);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(t);
    if (out.length === PRIME_LIMIT) break;
  }
  return out;
}

/**
 * The tasks ordered by a rough guess of their cost, highest first (stable). Measured on synth2m: a predictor arm
 * takes ~3× a FIFO cell, weighted or aging arms ~1.4×. Only the order of work changes; each cell's result does not.
 */
export function longestFirst(tasks: readonly CellTask[]): CellTask[] {
  const cost = (t: CellTask): number => {
    try {
      const arm = taskConfig(t).arms[0]!;
      if (arm.routing.needsPredictor) return 3;
      if (arm.routing.singleLevel === true) return 1;
      return arm.flags.weights !== null || arm.flags.agingMs !== null ? 1.4 : 1;
    } catch {
      return 0; // bad input: fails at once in its thread
    }
  };
  return tasks.map((t, i) => ({ t, i, c: cost(t) })).sort((a, b) => b.c - a.c || a.i - b.i).map((x) => x.t);
}

/**
 * Runs `tasks` with `jobs` threads (or `runner`, when one was started earlier) and calls `onDone` for each outcome
 * as it finishes (completion order). Resolves when all are done; closes the runner.
 */
export async function runCellsLocally(tasks: readonly CellTask[], jobs: number, onDone: (o: CellOutcome) => void, runner?: CellRunner): Promise<void> {
  const r = runner ?? (await createCellRunner(Math.min(jobs, tasks.length), tasks));
  try {
    if (jobs <= 1) {
      for (const t of tasks) onDone(await r.run(t));
    } else {
      // Longest first, so that the run does not end with one thread on a long cell while the others wait.
      await Promise.all(longestFirst(tasks).map(async (t) => onDone(await r.run(t))));
    }
  } finally {
    await r.close();
  }
}
