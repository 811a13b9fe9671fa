// The broker gives memory back after DeleteQueue: many predictive queues in a child broker, deleted, RSS near its baseline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarbingerClient } from '../replay/harbinger-client.ts';
import { spawnMeasuredBroker, type MeasuredBroker } from '../replay/fixtures/broker-process-fixture.ts';
import { predictorReserve, QUEUE_OVERHEAD_BYTES } from './broker-memory.ts';

/**
 * 100 predictive queues whose predictors each learn 16 keys. Before predictor tables were sized by use, each queue
 * kept ~1.2 MB resident after its deletion (measured: RSS 74 → 197 MB for 100 queues, none of it returned); sized by
 * use, 200 such queues left 74 → 100 MB. The bound is the baseline × 1.5, measured in the same broker.
 */
const QUEUES = 100;
const KEYS = 16;

describe('broker memory after DeleteQueue (child broker, SIGUSR2 measurement hook)', () => {
  let b: MeasuredBroker;
  let c: HarbingerClient;
  beforeAll(async () => {
    b = await spawnMeasuredBroker(['--max-queues', '1000', '--max-memory-bytes', String(2 ** 40)]);
    c = new HarbingerClient(`127.0.0.1:${b.port}`);
    await c.ready(30_000);
  }, 60_000);
  afterAll(() => {
    c?.close();
    b?.child.kill('SIGTERM');
  });

  /** A predictive queue whose predictor learns KEYS keys (each submitted, pulled and acknowledged once). */
  const fill = async (q: string): Promise<void> => {
    await c.createQueue({ queue: q, levels: 3, predictive: true });
    for (let k = 0; k < KEYS; k++) await c.submit(q, `m${k}`, `key-${k}`, 0, 0);
    let ack: { token: string; durationMs: number } | null = null;
    for (let k = 0; k < KEYS; k++) {
      const d = await c.pull(q, 0, ack);
      ack = { token: d.token, durationMs: 5 };
    }
    await c.ack(q, ack!.token, 5);
  };

  it('accounts every queue exactly, returns the account to 0 and RSS to near its baseline', async () => {
    await fill('warm-up'); // the code paths and gRPC buffers exist before the baseline
    await c.deleteQueue('warm-up');
    const base = await b.memory();
    expect(base.accounted).toBe(0);
    for (let i = 0; i < QUEUES; i++) await fill(`q${i}`);
    const peak = await b.memory();
    let names = 0;
    for (let i = 0; i < QUEUES; i++) names += `q${i}`.length;
    expect(peak).toMatchObject({ queues: QUEUES, accounted: QUEUES * (QUEUE_OVERHEAD_BYTES + predictorReserve(16384)) + names, refusals: 0 });
    for (let i = 0; i < QUEUES; i++) await c.deleteQueue(`q${i}`);
    const after = await b.memory();
    expect(after).toMatchObject({ queues: 0, accounted: 0 });
    expect(after.rss, `RSS ${base.rss} before, ${peak.rss} with the queues, ${after.rss} after`).toBeLessThan(base.rss * 1.5);
  }, 180_000);
});
