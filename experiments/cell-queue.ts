// Cells over Redis: the coordinator puts cells on a BullMQ queue, `hsim worker` processes run them, results come back.
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, WaitingError, Worker, type ConnectionOptions, type Job, type JobJsonRaw } from 'bullmq';
import * as msg from './messages.ts';
import type { RedisTarget } from './redis-target.ts';
import { createJobRunner } from './cell-pool.ts';
import type { CellOutcome, CellTask } from './cell-task.ts';
import { parseCellJob } from './cell-job.ts';

/**
 * How long a worker's lock on a cell lasts, ms. Cells run on worker threads, so the worker's event loop renews the
 * lock every half of this however long a cell takes; a killed worker's cell is free again at most this long after
 * its last renewal, and the next stalled check (STALLED_CHECK_MS) puts it back on the queue for another worker.
 */
export const LOCK_MS = 8000;
const STALLED_CHECK_MS = 3000;
/** Times a cell may lose its worker (killed, or its lock not renewed) before it fails instead of going back. */
const MAX_STALLED = 3;
/** The id of a stream's last entry ('0-0' when it has none): where the coordinator starts reading the queue's events. */
const LAST_STREAM_ID_LUA = "local e = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1) if #e == 0 then return '0-0' end return e[1][1]";

/** Times a cell whose returned result the coordinator refused goes back on the queue before it fails. */
const MAX_REFUSED = 2;

function connection(target: RedisTarget): ConnectionOptions {
  return { host: target.host, port: target.port, db: target.db, ...(target.password === null ? {} : { password: target.password }), maxRetriesPerRequest: null };
}

/** Checks what a worker returned for a planned task: the outcome to record (its id is always the task's). */
export type AcceptReturned = (task: CellTask, returned: unknown) => CellOutcome;

/**
 * Puts every task on the queue and calls `onDone` with each outcome as a worker finishes it (results come back
 * through Redis's event stream; the caller writes the files). A returned value counts only for a job this run put on
 * the queue, and only as `accept` judges it: a refused result puts the cell back on the queue (at most MAX_REFUSED
 * times, then it fails). Job ids carry a per-run prefix; finished jobs are removed from Redis. `warn` gets the
 * notices: no worker is connected, or which cells wait on which worker, when nothing finished for a while.
 */
export async function runCellsOnQueue(tasks: readonly CellTask[], target: RedisTarget, queueName: string, onDone: (o: CellOutcome) => void, warn: (line: string) => void, accept: AcceptReturned): Promise<void> {
  const queue = new Queue(queueName, { connection: connection(target) });
  let events: QueueEvents | null = null;
  try {
    await queue.waitUntilReady();
    // The events are read from the stream's last entry before any cell is added. Without it QueueEvents reads from
    // "$" (only entries newer than each read) until its first entry arrives, so a cell finished between two of its
    // blocking reads, or before the first one, was never seen and the run waited for it forever: seen under load,
    // with a worker that answered at once.
    const client = await queue.client;
    client.defineCommand('hsimLastEventId', { numberOfKeys: 1, readOnly: true, lua: LAST_STREAM_ID_LUA });
    const lastEventId = String(await client.runCommand('hsimLastEventId', [queue.keys.events]));
    // A short blocking read lets close() return promptly instead of after BullMQ's default 10 s.
    events = new QueueEvents(queueName, { connection: connection(target), blockingTimeout: 500, lastEventId });
    await events.waitUntilReady();
    const ev = events;
    const run = randomUUID().slice(0, 8);
    const jobOf = (t: CellTask, retry: number): string => `${run}-${t.id}${retry === 0 ? '' : `-r${retry}`}`;
    const pending = new Map<string, { task: CellTask; retry: number }>(tasks.map((t) => [jobOf(t, 0), { task: t, retry: 0 }]));
    const add = (jobId: string, t: CellTask): { name: string; data: CellTask; opts: Record<string, unknown> } => ({
      name: 'cell', data: t, opts: { jobId, attempts: 1, removeOnComplete: false, removeOnFail: false },
    });
    const finished = new Promise<void>((resolve) => {
      const settle = (jobId: string, outcome: (t: CellTask, retry: number) => CellOutcome | null): void => {
        const p = pending.get(jobId);
        if (p === undefined) return;
        pending.delete(jobId);
        void queue.remove(jobId).catch(() => undefined);
        const o = outcome(p.task, p.retry);
        if (o === null) {
          const next = jobOf(p.task, p.retry + 1);
          pending.set(next, { task: p.task, retry: p.retry + 1 });
          void queue.add('cell', p.task, add(next, p.task).opts).catch((err: Error) => settle(next, (t) => ({ ok: false, id: t.id, input: false, message: err.message })));
          return;
        }
        onDone(o);
        if (pending.size === 0) resolve();
      };
      ev.on('completed', ({ jobId, returnvalue }) => settle(jobId, (t, retry) => {
        const o = accept(t, returnvalue);
        if (o.ok || retry >= MAX_REFUSED) return o;
        warn(msg.queuedCellRequeued(o.message, retry + 1, MAX_REFUSED));
        return null;
      }));
      ev.on('failed', ({ jobId, failedReason }) => settle(jobId, (t) => failedOutcome(t.id, failedReason)));
    });
    await queue.addBulk([...pending].map(([jobId, p]) => add(jobId, p.task)));
    // Cells wait for workers as long as it takes; say so when none is connected, or who holds the cells left.
    let left = pending.size;
    const watch = setInterval(() => {
      if (pending.size !== left) {
        left = pending.size;
        return;
      }
      void (async () => {
        const workers = await queue.getWorkersCount();
        if (pending.size === 0) return;
        if (workers === 0) {
          warn(`waiting: ${pending.size} of ${tasks.length} cells left on ${target.url} queue ${queueName}, and no worker is connected; start one with \`hsim worker --queue ${target.url} --queue-name ${queueName}\``);
          return;
        }
        const held = await activeCells(queue, pending);
        warn(msg.queueCellsWaiting(pending.size, tasks.length, held, Date.now()));
      })().catch(() => undefined);
    }, waitNoticeMs());
    try {
      await finished;
    } finally {
      clearInterval(watch);
    }
  } finally {
    await events?.close();
    await queue.close();
  }
}

/** The cells of `pending` that a worker holds now: cell id, the worker's name and since when (ms since the epoch). */
async function activeCells(queue: Queue, pending: ReadonlyMap<string, { task: CellTask }>): Promise<{ id: string; worker: string; since: number }[]> {
  const out: { id: string; worker: string; since: number }[] = [];
  for (const jobId of pending.keys()) {
    const job = await queue.getJob(jobId).catch(() => undefined);
    if (job === undefined || (await job.getState().catch(() => 'unknown')) !== 'active') continue;
    out.push({ id: pending.get(jobId)!.task.id, worker: printable(job.processedBy ?? 'an unnamed worker'), since: job.processedOn ?? Date.now() });
  }
  return out;
}

/** How long the coordinator waits without progress before it says what it waits for, ms (HSIM_QUEUE_NOTICE_MS; 30 s). */
function waitNoticeMs(): number {
  const ms = Number(process.env.HSIM_QUEUE_NOTICE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 30_000;
}

const INPUT_PREFIX = 'input error: ';

/** A worker's text for the terminal: control characters other than newline and tab shown escaped, at most 2000 characters. */
function printable(text: string): string {
  const t = text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  let out = '';
  for (const ch of t) {
    const c = ch.charCodeAt(0);
    out += (c < 0x20 && ch !== '\n' && ch !== '\t') || (c >= 0x7f && c <= 0x9f) ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}

function failedOutcome(id: string, reason: unknown): CellOutcome {
  const text = printable(typeof reason === 'string' ? reason : 'no reason given');
  return text.startsWith(INPUT_PREFIX)
    ? { ok: false, id, input: true, message: text.slice(INPUT_PREFIX.length) }
    : { ok: false, id, input: false, message: text };
}

/** What a worker returns for a cell: the outcome plus the worker's name. */
export type ReturnedCell = CellOutcome & { readonly worker: string };

/** Jobs whose data BullMQ could not parse as JSON: given empty data so that they can be failed at once. */
const malformed = new WeakSet<object>();

/**
 * A BullMQ worker that fails a job with data that is not JSON at once, instead of crashing its fetch loop and
 * leaving the job active under its lock until the stalled check.
 */
class CellWorker extends Worker {
  protected override createJob(data: JobJsonRaw, jobId: string): Job {
    try {
      return super.createJob(data, jobId);
    } catch {
      const { parent: _parent, ...rest } = data;
      const job = super.createJob({ ...rest, data: '{}', progress: '0', opts: '{}' } as JobJsonRaw, jobId);
      malformed.add(job);
      return job;
    }
  }
}

/** How a worker serves cells. */
export interface ServeOptions {
  /** Cells at once, each on its own worker thread. */
  readonly jobs: number;
  /** The folders (absolute real paths) whose traces jobs may name. */
  readonly folders: readonly string[];
  /** This worker's name, recorded with each cell it returns and shown by the coordinator (e.g. host:pid). */
  readonly name: string;
  readonly log: (line: string) => void;
}

/**
 * Serves cells from the queue with `jobs` worker threads until closed: each job's data is parsed at this boundary
 * (parseCellJob; refused at once, naming only the job's own values, when it is not a cell task from hsim run), its
 * trace read only from `folders` and checked by SHA-256 before parsing, and its outcome, the cell's file text, is
 * returned through Redis; a failing cell fails its job with the reason (marked when it is bad input). `close` puts
 * the cells still running back on the queue at once and stops the threads; it resolves to false when they did not
 * end within ABORT_WAIT_MS (the caller then ends the process). Temporary files of a generated trace half-written are
 * removed by the caller (removeOwnTemps).
 */
export async function serveCells(target: RedisTarget, queueName: string, opts: ServeOptions): Promise<{ close(): Promise<boolean>; ready: Promise<void> }> {
  const runner = await createJobRunner(opts.jobs, opts.folders);
  let stop: () => void = () => undefined;
  let stopping = false;
  const stopped = new Promise<null>((resolve) => {
    stop = () => resolve(null);
  });
  const worker = new CellWorker(queueName, async (job: Job, token?: string): Promise<ReturnedCell> => {
    if (malformed.has(job)) throw new Error(INPUT_PREFIX + msg.queueJobNotJson());
    const parsed = parseCellJob(job.data);
    if (!parsed.ok) throw new Error(INPUT_PREFIX + msg.queueJobRefused(parsed.issues));
    const task = parsed.value;
    if (stopping) {
      // Taken while stopping (before the pause reached the fetch loop): back on the queue, never started.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    opts.log(`cell ${task.id} started`);
    const outcome = await Promise.race([runner.run(task), stopped]);
    if (outcome === null) {
      // Stopping: the cell goes back on the queue now rather than when its lock runs out.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (!outcome.ok) throw new Error(outcome.input ? INPUT_PREFIX + outcome.message : outcome.message);
    opts.log(`cell ${task.id} done`);
    return { ...outcome, worker: opts.name };
  }, {
    connection: connection(target), concurrency: opts.jobs, name: opts.name,
    lockDuration: LOCK_MS, stalledInterval: STALLED_CHECK_MS, maxStalledCount: MAX_STALLED,
  });
  worker.on('failed', (job, err) => {
    if (err.name === 'WaitingError') return;
    opts.log(`job ${JSON.stringify(printable(String(job?.id ?? '?')))} failed: ${err.message}`);
  });
  // Connection trouble is retried by BullMQ; the event must not crash the process.
  worker.on('error', () => undefined);
  return {
    ready: worker.waitUntilReady().then(() => undefined),
    async close() {
      // Take no new job first: a cell put back on the queue below would otherwise be fetched again at once.
      stopping = true;
      await worker.pause(true);
      stop();
      const threads = await Promise.race([runner.abort().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ABORT_WAIT_MS).unref())]);
      await worker.close();
      return threads;
    },
  };
}

/** Longest a stopping worker waits for its threads to end, ms; past it the caller ends the process (see close). */
const ABORT_WAIT_MS = 5000;
