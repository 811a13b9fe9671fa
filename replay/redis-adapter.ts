// BullMQ-on-Redis adapter: a per-run queue; priority arms use BullMQ priorities level + 1 (0 would mean "none").
import { Queue, Worker } from 'bullmq';
import type { ConnectionOptions, Job } from 'bullmq';
import type { BrokerAddress } from './broker-url.ts';
import type { BrokerAdapter, DeliveryHandler, QueueSetup } from './broker-adapter.ts';

/** BullMQ priority of a level: lower is more urgent and 0 means "no priority" (served first), so level + 1. */
export function bullPriority(level: number): number {
  return level + 1;
}

interface JobData {
  id: number;
  key: string;
}

/** A BullMQ queue and worker for one run. */
export class RedisAdapter implements BrokerAdapter {
  private queue: Queue<JobData> | null = null;
  private workers: Worker<JobData>[] = [];
  private setup: QueueSetup | null = null;
  private failure: (reason: string) => void = () => undefined;
  private closing = false;
  private readonly connection: ConnectionOptions;

  constructor(addr: BrokerAddress) {
    const db = /\/(\d+)$/.exec(addr.url);
    // Fail fast while the run is going: a stopped server must end the run, not hang in retries.
    this.connection = {
      host: addr.host, port: addr.port, db: db ? Number(db[1]) : 0, maxRetriesPerRequest: null,
      retryStrategy: (times: number) => (times > 3 ? null : 100),
    };
  }

  onFailure(cb: (reason: string) => void): void {
    this.failure = cb;
  }

  async open(setup: QueueSetup): Promise<void> {
    this.setup = setup;
    this.queue = new Queue<JobData>(setup.queue, { connection: this.connection });
    this.queue.on('error', (err: Error) => this.fail(`queue connection: ${err.message}`));
    await this.queue.waitUntilReady();
  }

  publish(id: number, key: string, level: number | null, _costMs: number): void {
    const s = this.setup!;
    const opts = s.priorities && level !== null ? { priority: bullPriority(level), removeOnComplete: true } : { removeOnComplete: true };
    this.queue!.add('m', { id, key }, opts).catch((err: Error) => this.fail(`add failed: ${err.message}`));
  }

  /** n BullMQ workers of concurrency 1 (one blocking connection each): n consumers with one job in flight each. */
  async consume(n: number, handle: DeliveryHandler): Promise<void> {
    const s = this.setup!;
    for (let w = 0; w < n; w++) {
      const worker = new Worker<JobData>(
        s.queue,
        async (job: Job<JobData>) => {
          const level = job.opts.priority !== undefined && job.opts.priority > 0 ? job.opts.priority - 1 : 0;
          await handle(job.data.id, { level, outcome: -1 }, w);
        },
        { connection: this.connection, concurrency: 1, lockDuration: 600_000, stalledInterval: 600_000, autorun: true },
      );
      worker.on('error', (err: Error) => this.fail(`worker connection: ${err.message}`));
      worker.on('failed', (_job, err: Error) => this.fail(`job failed: ${err.message}`));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  async deadLetters(): Promise<number> {
    return this.queue!.getFailedCount();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.close(true).catch(() => undefined)));
    await this.queue?.obliterate({ force: true }).catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }

  private fail(reason: string): void {
    if (!this.closing) this.failure(reason);
  }
}
