// Cells over Redis: the coordinator puts cells on a BullMQ queue, `hsim worker` processes run them, results come back.
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { RedisTarget } from './redis-target.ts';
import { createCellRunner } from './cell-pool.ts';
import type { CellOutcome, CellTask } from './cell-task.ts';

/** A cell holds its worker's event loop while it simulates: its lock must outlast the longest cell. */
const LOCK_MS = 15 * 60_000;

function connection(target: RedisTarget): ConnectionOptions {
  return { host: target.host, port: target.port, db: target.db, ...(target.password === null ? {} : { password: target.password }), maxRetriesPerRequest: null };
}

/**
 * Puts every task on the queue and calls `onDone` with each outcome as a worker finishes it (results come back
 * through Redis's event stream; the caller writes the files). Job ids carry a per-run prefix; finished jobs are
 * removed from Redis. `warn` gets the notice that cells wait and no worker is connected.
 */
export async function runCellsOnQueue(tasks: readonly CellTask[], target: RedisTarget, queueName: string, onDone: (o: CellOutcome) => void, warn: (line: string) => void): Promise<void> {
  const queue = new Queue(queueName, { connection: connection(target) });
  // A short blocking read lets close() return promptly instead of after BullMQ's default 10 s.
  const events = new QueueEvents(queueName, { connection: connection(target), blockingTimeout: 500 });
  try {
    await events.waitUntilReady();
    await queue.waitUntilReady();
    const run = randomUUID().slice(0, 8);
    const pending = new Map<string, CellTask>(tasks.map((t) => [`${run}-${t.id}`, t]));
    const finished = new Promise<void>((resolve) => {
      const settle = (jobId: string, outcome: (t: CellTask) => CellOutcome): void => {
        const task = pending.get(jobId);
        if (task === undefined) return;
        pending.delete(jobId);
        onDone(outcome(task));
        void queue.remove(jobId).catch(() => undefined);
        if (pending.size === 0) resolve();
      };
      events.on('completed', ({ jobId, returnvalue }) => settle(jobId, () => returnvalue as unknown as CellOutcome));
      events.on('failed', ({ jobId, failedReason }) => settle(jobId, (t) => failedOutcome(t.id, failedReason)));
    });
    await queue.addBulk([...pending].map(([jobId, t]) => ({
      name: 'cell',
      data: t,
      opts: { jobId, attempts: 1, removeOnComplete: false, removeOnFail: false },
    })));
    // Cells wait for workers as long as it takes; say so when none is connected and nothing moves.
    let left = pending.size;
    const watch = setInterval(() => {
      if (pending.size !== left) {
        left = pending.size;
        return;
      }
      void queue.getWorkersCount().then((workers) => {
        if (workers === 0 && pending.size > 0) {
          warn(`waiting: ${pending.size} of ${tasks.length} cells left on ${target.url} queue ${queueName}, and no worker is connected; start one with \`hsim worker --queue ${target.url} --queue-name ${queueName}\``);
        }
      }, () => undefined);
    }, waitNoticeMs());
    try {
      await finished;
    } finally {
      clearInterval(watch);
    }
  } finally {
    await events.close();
    await queue.close();
  }
}

/** How long the coordinator waits without progress before it checks for workers, ms (HSIM_QUEUE_NOTICE_MS; 30 s). */
function waitNoticeMs(): number {
  const ms = Number(process.env.HSIM_QUEUE_NOTICE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 30_000;
}

const INPUT_PREFIX = 'input error: ';

function failedOutcome(id: string, reason: string): CellOutcome {
  return reason.startsWith(INPUT_PREFIX)
    ? { ok: false, id, input: true, message: reason.slice(INPUT_PREFIX.length) }
    : { ok: false, id, input: false, message: reason };
}

/**
 * Serves cells from the queue with `jobs` threads until `close` is called: each job's outcome is the cell's file
 * text, returned through Redis; a failing cell fails its job with the reason (marked when it is bad input).
 */
export async function serveCells(target: RedisTarget, queueName: string, jobs: number, log: (line: string) => void): Promise<{ close(): Promise<void>; ready: Promise<void> }> {
  const runner = await createCellRunner(jobs);
  const worker = new Worker(queueName, async (job: Job) => {
    const task = job.data as CellTask;
    const outcome = await runner.run(task);
    if (!outcome.ok) throw new Error(outcome.input ? INPUT_PREFIX + outcome.message : outcome.message);
    log(`cell ${task.id} done`);
    return outcome;
  }, { connection: connection(target), concurrency: jobs, lockDuration: LOCK_MS });
  worker.on('failed', (job, err) => log(`cell ${(job?.data as CellTask | undefined)?.id ?? '?'} failed: ${err.message}`));
  return {
    ready: worker.waitUntilReady().then(() => undefined),
    async close() {
      await worker.close();
      await runner.close();
    },
  };
}
