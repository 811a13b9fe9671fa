// The coordinator's side of the Redis cell queue: every finished cell is seen, however fast a worker answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCellsOnQueue } from './cell-queue.ts';
import type { CellOutcome, CellTask } from './cell-task.ts';
import { parseRedisUrl } from './redis-target.ts';

const redisUrl = process.env.HSIM_REDIS_URL;
if (!redisUrl) console.warn('skipping experiments/cell-queue.test.ts: set HSIM_REDIS_URL (CI: .ci/brokers.sh start)');

describe.skipIf(!redisUrl)('runCellsOnQueue (real Redis)', () => {
  const queueName = `hsim-cellq-${process.pid}`;
  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    // A worker in its own process that answers every job at once: the coordinator cannot slow it down, so a job can
    // finish before the coordinator's first read of the event stream, or between two of its reads.
    const u = new URL(redisUrl!);
    const code = `const { Worker } = require('bullmq');
      const w = new Worker(${JSON.stringify(queueName)}, async () => ({ answered: true }),
        { connection: { host: ${JSON.stringify(u.hostname)}, port: ${Number(u.port || 6379)}, maxRetriesPerRequest: null }, concurrency: 4 });
      w.waitUntilReady().then(() => process.stdout.write('ready\\n'));`;
    worker = spawn(process.execPath, ['-e', code], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      worker!.stdout!.on('data', (b: Buffer) => { if (b.toString().includes('ready')) resolve(); });
      worker!.once('exit', (c) => reject(new Error(`the test worker exited with ${c}`)));
    });
  }, 60_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    const { Queue } = await import('bullmq');
    const u = new URL(redisUrl!);
    const queue = new Queue(queueName, { connection: { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null } });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  });

  it('sees every cell a worker finishes at once, run after run (a lost completion left the run waiting forever)', async () => {
    // Measured before the fix: 13 of 100 such runs never ended. 40 runs would all end by chance with p ≈ 0.87^40 < 0.4 %.
    const target = parseRedisUrl(redisUrl!);
    const accept = (t: CellTask, returned: unknown): CellOutcome => ({ ok: true, id: t.id, text: JSON.stringify(returned) });
    const stuck: string[] = [];
    for (let i = 0; i < 40; i++) {
      const outcomes: CellOutcome[] = [];
      const tasks = [{ id: `cell-${i}` }] as unknown as CellTask[];
      const done = runCellsOnQueue(tasks, target, queueName, (o) => outcomes.push(o), () => undefined, accept).then(() => 'ended');
      // A run that ends takes milliseconds; one that lost its completion never ends. 20 s tells them apart on a busy machine.
      const ended = await Promise.race([done, new Promise((r) => setTimeout(() => r('stuck'), 20_000))]);
      if (ended !== 'ended') {
        stuck.push(`run ${i}`);
        break; // its queue connections stay open until the process ends; the test has failed already
      }
      expect(outcomes).toEqual([{ ok: true, id: `cell-${i}`, text: '{"answered":true}' }]);
    }
    expect(stuck).toEqual([]);
  }, 120_000);
});
