// The module a cell worker thread runs: adopts the coordinator's git commit, rehearses the experiment's cell settings
// on a small generated trace, then serves cells, each with its trace handed over on shared memory.
import { workerData } from 'node:worker_threads';
import { forgetTrace, runCellTask, seedTraceCache, type CellOutcome, type CellTask, type LoadedTraceEntry } from './cell-task.ts';
import { fullGc } from '../src/io/full-gc.ts';
import { runJobCell } from './job-trace-io.ts';
import { adoptGitCommit } from '../src/io/provenance-io.ts';
import { createRng } from '../src/rng/seeded.ts';
import { generateServerless } from '../traces/generators/serverless.ts';
import { SERVERLESS_DEFAULTS } from '../src/config/generator-defaults.ts';

/** What the coordinator hands each thread at its start. */
export interface ThreadData {
  /** The coordinator's git commit: asking git from a thread would fork the whole process (see gitCommit). */
  readonly commit: string;
  /** Cells whose settings (arm, load, split, windows…) the thread rehearses before serving (see primeThread). */
  readonly prime: readonly CellTask[];
}

/** One cell for a thread, with its trace (read and checked by the coordinator; columns on shared memory). */
export interface ThreadCell {
  readonly task: CellTask;
  readonly trace: LoadedTraceEntry;
}

/**
 * One queue job's cell for a thread: the thread finds and checks the trace itself (only inside `folders`, see
 * runJobCell), so the worker's main thread never blocks and BullMQ's lock renewal keeps running.
 */
export interface ThreadJob {
  readonly job: CellTask;
  readonly folders: readonly string[];
}

/**
 * The pool's last request to each thread before it stops them: wait at a barrier until every thread holds one (so
 * each thread gets exactly one), then collect garbage, or Node 20 may hang stopping the thread (see full-gc.ts).
 */
export interface ThreadSettle {
  /** Counts the threads that arrived. */
  readonly barrier: Int32Array;
  readonly threads: number;
}

/** Longest a thread waits at the barrier for the others (one may be gone), ms. */
const SETTLE_WAIT_MS = 1000;

/**
 * Runs one cell in this thread (the first trace handed over for a path and SHA-256 is kept for later cells), or a
 * queue job's cell, or settles it.
 */
export async function runThreadCell(cell: ThreadCell | ThreadJob | ThreadSettle): Promise<CellOutcome | null> {
  if ('barrier' in cell) {
    settleThread(cell);
    return null;
  }
  if ('job' in cell) return runJobCell(cell.job, cell.folders);
  seedTraceCache(cell.trace);
  return runCellTask(cell.task);
}

function settleThread({ barrier, threads }: ThreadSettle): void {
  Atomics.add(barrier, 0, 1);
  Atomics.notify(barrier, 0);
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (let n = Atomics.load(barrier, 0); n < threads && Date.now() < deadline; n = Atomics.load(barrier, 0)) Atomics.wait(barrier, 0, n, 50);
  fullGc();
}

const PRIME_PATH = 'hsim:prime';
const PRIME_ROWS = 3000;
/** Overloaded, so that queues form and the aging, pausing and weighted paths run (a light load never queues). */
const PRIME_LOAD = '1.5';

/**
 * Runs each cell's settings on a generated 3,000-row trace at load 1.5 and throws the results away. V8 compiles a long loop
 * for the code paths it has seen run; a path first taken later throws the compiled code away (the engine's aging,
 * weights and predictor paths, when an experiment's first cells are FIFO). Rehearsed, the first real cells run
 * compiled code at once and recompile less. A fresh thread pays this warm-up once; with --jobs N the threads pay it
 * at the same time, competing for the cores, so doing it on a small trace while the coordinator reads the real ones
 * shortens the run (12 cells on a 2M-row trace with --jobs 2: bench/sweep-bench.ts). Results never depend on it:
 * each cell starts from fresh engine and predictor state; failures here are ignored (the real cell reports them).
 */
export async function primeThread(cells: readonly CellTask[]): Promise<void> {
  if (cells.length === 0) return;
  const trace = generateServerless({ ...SERVERLESS_DEFAULTS, n: PRIME_ROWS }, createRng(1).fork('prime'));
  const sha256 = 'prime';
  seedTraceCache({ path: PRIME_PATH, expected: sha256, trace: { trace, sha256, path: PRIME_PATH, meta: null, cacheWarning: null } });
  try {
    for (const task of cells) await runCellTask({ ...task, load: PRIME_LOAD, tracePath: PRIME_PATH, traceSha256: sha256, cache: false });
  } finally {
    forgetTrace(PRIME_PATH, sha256);
  }
}

const data = workerData as ThreadData | null;
if (data !== null) {
  adoptGitCommit(data.commit);
  await primeThread(data.prime);
}
