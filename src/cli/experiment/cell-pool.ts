// Running cells in this thread (jobs 1) or on a pool of worker threads (piscina), each trace parsed once per thread.
import { Piscina } from 'piscina';
import { runCellTask, type CellOutcome, type CellTask, type LoadedTraceEntry } from './cell-task.ts';
import { cellWorkerEntry } from './worker-bundle.ts';

/** Runs single cells; `close` releases the threads. */
export interface CellRunner {
  run(task: CellTask): Promise<CellOutcome>;
  close(): Promise<void>;
}

/**
 * A runner on `jobs` worker threads, or in this thread when jobs ≤ 1. `traces` already read here are copied to
 * each thread (others are read by the thread on first use, once). Its `run` never rejects.
 */
export async function createCellRunner(jobs: number, traces: readonly LoadedTraceEntry[] = []): Promise<CellRunner> {
  if (jobs <= 1) return { run: runCellTask, close: async () => {} };
  const entry = await cellWorkerEntry(traces);
  const pool = new Piscina({
    filename: entry.filename,
    name: entry.name,
    workerData: entry.workerData,
    minThreads: jobs,
    maxThreads: jobs,
    // One task per thread at a time: a queued second task would wait behind a long cell.
    concurrentTasksPerWorker: 1,
    idleTimeout: 60_000,
  });
  // A thread that cannot start fails its task (below); the pool's own error event must not crash the process.
  pool.on('error', () => undefined);
  return {
    async run(task) {
      try {
        return (await pool.run(task)) as CellOutcome;
      } catch (err) {
        return { ok: false, id: task.id, input: false, message: `worker thread failed: ${(err as Error).message}` };
      }
    },
    close: () => pool.destroy(),
  };
}

/**
 * Runs `tasks` with `jobs` threads and calls `onDone` for each outcome as it finishes (completion order).
 * Resolves when all are done.
 */
export async function runCellsLocally(tasks: readonly CellTask[], jobs: number, onDone: (o: CellOutcome) => void, traces: readonly LoadedTraceEntry[] = []): Promise<void> {
  const runner = await createCellRunner(Math.min(jobs, tasks.length), traces);
  try {
    if (jobs <= 1) {
      for (const t of tasks) onDone(await runner.run(t));
    } else {
      await Promise.all(tasks.map(async (t) => onDone(await runner.run(t))));
    }
  } finally {
    await runner.close();
  }
}
