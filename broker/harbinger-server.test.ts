// The broker's gRPC boundary against a hostile client: ranges, capacity, forged tokens and authentication.
import { status, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarbingerClient } from '../replay/harbinger-client.ts';
import { startHarbingerBroker, type RunningBroker } from './harbinger-server.ts';
import { MESSAGE_OVERHEAD_BYTES, predictorReserve, QUEUE_OVERHEAD_BYTES } from './broker-memory.ts';
import { STATS_DEAD_LETTERS } from './broker-limits.ts';

const queueReq = (queue: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  queue, levels: 3, weights: [8, 3, 1], aging_ms: 5000, aging_interval_ms: 500, pausing: true, lease_ms: 60_000, max_retries: 1, ...extra,
});
const codeOf = async (p: Promise<unknown>): Promise<{ code: number; details: string }> => {
  try {
    await p;
  } catch (e) {
    return { code: (e as ServiceError).code, details: (e as ServiceError).details };
  }
  return { code: status.OK, details: '' };
};

describe('Harbinger broker (gRPC) against a hostile client', () => {
  let broker: RunningBroker;
  let c: HarbingerClient;
  beforeAll(async () => {
    broker = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null, capacity: { maxMessages: 5, maxBytes: 1000 } });
    c = new HarbingerClient(`127.0.0.1:${broker.port}`);
    await c.ready(10_000);
  });
  afterAll(async () => {
    c.close();
    await broker.close();
  });

  it('refuses out-of-range queue settings with INVALID_ARGUMENT naming the field, and creates nothing', async () => {
    for (const [extra, field] of [
      [{ weights: [0, 0, 0] }, 'weights[0]'], [{ levels: 4e9, weights: [] }, 'levels'], [{ aging_interval_ms: 1e-300 }, 'aging_interval_ms'],
      [{ lease_ms: 2 ** 31 }, 'lease_ms'], [{ ttl_ms: Number.POSITIVE_INFINITY }, 'ttl_ms'],
    ] as const) {
      const r = await codeOf(c.createQueue(queueReq('bad', extra)));
      expect(r.code, field).toBe(status.INVALID_ARGUMENT);
      expect(r.details.startsWith(`${field}:`), r.details).toBe(true);
    }
    expect((await codeOf(c.stats('bad'))).code).toBe(status.NOT_FOUND);
  });

  it('an infinite cost or duration is refused and later calls still work: nothing vanishes', async () => {
    await c.createQueue(queueReq('q1'));
    expect((await codeOf(c.submit('q1', 'x', 'k', 2, Number.POSITIVE_INFINITY))).code).toBe(status.INVALID_ARGUMENT);
    await c.submit('q1', 'a', 'k', 2, 5);
    await c.submit('q1', 'b', 'k', 0, 5);
    const d = await c.pull('q1', 0);
    expect(d.found).toBe(true);
    const bad = await codeOf(c.ack('q1', d.token, 1e308));
    expect(bad.code).toBe(status.INVALID_ARGUMENT);
    expect(bad.details).toMatch(/^duration_ms: 1e\+308;/);
    await c.ack('q1', d.token, 5); // the refused ack settled nothing: the delivery is still the consumer's
    const d2 = await c.pull('q1', 0, null);
    expect(d2.found).toBe(true);
    await c.ack('q1', d2.token, 5);
    const s = await c.stats('q1');
    expect(s).toMatchObject({ submitted: 2, completed: 2, waiting: 0, in_flight: 0 });
    expect((await codeOf(c.pull('q1', Number.NaN))).code).toBe(status.INVALID_ARGUMENT);
  });

  it('a forged token settles nothing; a full queue answers RESOURCE_EXHAUSTED until consumers catch up', async () => {
    await c.createQueue(queueReq('q2'));
    for (let i = 0; i < 5; i++) await c.submit('q2', `m${i}`, 'k', 1, 0);
    const full = await codeOf(c.submit('q2', 'm5', 'k', 1, 0));
    expect(full.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(full.details).toMatch(/max_messages 5/);
    const d = await c.pull('q2', 0);
    expect((await codeOf(c.ack('q2', `${d.id}#1#1`, 5))).code).toBe(status.FAILED_PRECONDITION);
    await c.ack('q2', d.token, 5);
    await c.submit('q2', 'm5', 'k', 1, 0); // room again
    expect(await c.stats('q2')).toMatchObject({ submitted: 6, completed: 1, waiting: 5 });
  });

  it('with a token, a call without it is UNAUTHENTICATED and a call with it succeeds', async () => {
    const secured = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null, token: 'k3y' });
    const anon = new HarbingerClient(`127.0.0.1:${secured.port}`);
    const wrong = new HarbingerClient(`127.0.0.1:${secured.port}`, 'nope');
    const good = new HarbingerClient(`127.0.0.1:${secured.port}`, 'k3y');
    try {
      expect((await codeOf(anon.createQueue(queueReq('s')))).code).toBe(status.UNAUTHENTICATED);
      expect((await codeOf(wrong.createQueue(queueReq('s')))).code).toBe(status.UNAUTHENTICATED);
      await good.createQueue(queueReq('s'));
      await good.submit('s', 'a', 'k', 0, 0);
      expect((await codeOf(anon.pull('s', 0))).code).toBe(status.UNAUTHENTICATED);
      expect((await good.pull('s', 0)).found).toBe(true);
    } finally {
      for (const x of [anon, wrong, good]) x.close();
      await secured.close();
    }
  });
});

describe('Harbinger broker limits: queues, memory budget, Stats size, one delivery per Consume session', () => {
  const BUDGET = 4 * 2 ** 20;
  let broker: RunningBroker;
  let c: HarbingerClient;
  beforeAll(async () => {
    broker = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null, limits: { maxQueues: 3, maxMemoryBytes: BUDGET } });
    c = new HarbingerClient(`127.0.0.1:${broker.port}`);
    await c.ready(10_000);
  });
  afterAll(async () => {
    c.close();
    await broker.close();
  });

  it('refuses a queue past --max-queues and a predictor past --max-memory-bytes, and frees every byte on DeleteQueue', async () => {
    const empty = (name: string): number => QUEUE_OVERHEAD_BYTES + name.length;
    await c.createQueue(queueReq('a'));
    expect(broker.memory()).toMatchObject({ usedBytes: empty('a'), queues: 1 });
    // A default predictor may hold 16384 keys: 16 MiB reserved, more than this broker's 4 MiB.
    const big = await codeOf(c.createQueue(queueReq('p', { predictive: true })));
    expect(big.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(big.details).toContain(`broker memory: a predictive queue (a predictor of up to 16384 keys) needs ${empty('p') + predictorReserve(16384)} bytes`);
    expect(big.details).toContain(`(--max-memory-bytes ${BUDGET})`);
    await c.createQueue(queueReq('p', { predictive: true, predictor_overrides: { maxKeys: '64', shards: '16' } }));
    await c.createQueue(queueReq('b'));
    const fourth = await codeOf(c.createQueue(queueReq('c')));
    expect(fourth.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(fourth.details).toMatch(/broker holds 3 queues, its limit \(--max-queues 3\)/);
    // Messages: payload + id + key + overhead each (ids "m0".."m9": 2 bytes, key "k": 1 byte).
    for (let i = 0; i < 10; i++) await c.submit('b', `m${i}`, 'k', 0, 0);
    const expected = empty('a') + empty('p') + predictorReserve(64) + empty('b') + 10 * (3 + MESSAGE_OVERHEAD_BYTES);
    expect(broker.memory().usedBytes).toBe(expected);
    expect((await c.stats('b')).memory_bytes).toBe(empty('b') + 10 * (3 + MESSAGE_OVERHEAD_BYTES));
    for (const q of ['a', 'p', 'b']) await c.deleteQueue(q);
    expect(broker.memory()).toMatchObject({ usedBytes: 0, queues: 0, refusals: 1 });
  });

  it('messages past the budget are refused (RESOURCE_EXHAUSTED naming the limit) until consumers catch up', async () => {
    await c.createQueue(queueReq('fill'));
    const payload = Buffer.alloc(2 ** 20 - 100); // with id, key and overhead just under 1 MiB
    const submit = (id: string): Promise<unknown> => c.call('Submit', { queue: 'fill', id, key: 'k', payload, level: 0, cost_ms: 0 });
    for (let i = 0; i < 3; i++) await submit(`m${i}`);
    const refused = await codeOf(submit('m3'));
    expect(refused.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(refused.details).toMatch(/^broker memory: a message of \d+ bytes .*--max-memory-bytes 4194304/);
    const d = await c.pull('fill', 0);
    await c.ack('fill', d.token, 1);
    await submit('m3');
    await c.deleteQueue('fill');
    expect(broker.memory().usedBytes).toBe(0);
  });

  it('refuses over-long queue names, ids and keys with INVALID_ARGUMENT naming the field', async () => {
    const name = await codeOf(c.createQueue(queueReq('q'.repeat(257))));
    expect(name).toMatchObject({ code: status.INVALID_ARGUMENT, details: 'queue: 257 bytes; expected at most 256 UTF-8 bytes' });
    expect((await codeOf(c.stats('q'.repeat(300_000)))).details).toBe('queue: 300000 bytes; expected at most 256 UTF-8 bytes');
    await c.createQueue(queueReq('ids'));
    expect((await codeOf(c.submit('ids', 'i'.repeat(1025), 'k', 0, 0))).details).toMatch(/^id: 1025 bytes;/);
    expect((await codeOf(c.submit('ids', 'i', 'k'.repeat(4000), 0, 0))).details).toMatch(/^key: 4000 bytes;/);
    await c.deleteQueue('ids');
  });

  it('Stats lists at most the newest 100 dead letters and says it truncated them', async () => {
    await c.createQueue(queueReq('dl', { max_retries: 0 }));
    const long = 'x'.repeat(1000);
    for (let i = 0; i < 150; i++) {
      await c.submit('dl', `${long}${i}`, long, 0, 0);
      const d = await c.pull('dl', 0);
      await c.nack('dl', d.token);
    }
    const s = await c.stats('dl');
    expect(s).toMatchObject({ dead_lettered: 150, dead_letters_dropped: 0, dead_letters_truncated: true, submitted: 150 });
    expect(s.dead_letters).toHaveLength(STATS_DEAD_LETTERS);
    expect(s.dead_letters[0]!.id).toBe(`${long}50`);
    // ≤ 100 × (1 KiB id + 1 KiB key + a short reason): the reply stays near 200 KB whatever was dead-lettered.
    expect(JSON.stringify(s).length).toBeLessThan(STATS_DEAD_LETTERS * 2200);
    await c.deleteQueue('dl');
  });

  it('a Consume session gets one delivery however many requests it sends; the extra request ends it and hands the delivery back', async () => {
    await c.createQueue(queueReq('one'));
    for (let i = 0; i < 60; i++) await c.submit('one', `m${i}`, 'k', 1, 0);
    const stream = c.consumeStream();
    const got: string[] = [];
    const ended = new Promise<{ code: number; details: string }>((resolve) => {
      stream.on('data', (r: { id: string }) => got.push(r.id));
      stream.on('error', (e: ServiceError) => resolve({ code: e.code, details: e.details }));
      stream.on('end', () => resolve({ code: status.OK, details: '' }));
      setTimeout(() => resolve({ code: -1, details: `still open after 5 s with ${got.length} deliveries` }), 5000);
    });
    for (let i = 0; i < 50; i++) stream.write({ queue: 'one', ack_token: '', ack_duration_ms: 0 });
    const end = await ended;
    expect(end.code).toBe(status.FAILED_PRECONDITION);
    expect(end.details).toMatch(/one delivery in flight per session/);
    expect(got.length).toBeLessThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 100)); // the broker handles the stream's end after the reply
    expect(await c.stats('one')).toMatchObject({ in_flight: 0, waiting: 60, completed: 0 });
    await c.deleteQueue('one');
  });

  it('an honest Consume session, acknowledging each delivery with its next request, is served throughout', async () => {
    await c.createQueue(queueReq('honest'));
    for (let i = 0; i < 5; i++) await c.submit('honest', `m${i}`, 'k', 1, 0);
    const stream = c.consumeStream();
    const got: string[] = [];
    await new Promise<void>((resolve) => {
      stream.on('data', (r: { id: string; token: string }) => {
        got.push(r.id);
        stream.write({ queue: 'honest', ack_token: r.token, ack_duration_ms: 1 });
        if (got.length === 5) resolve();
      });
      stream.write({ queue: 'honest', ack_token: '', ack_duration_ms: 0 });
    });
    await new Promise((r) => setTimeout(r, 200)); // the last acknowledgement reaches the broker before the cancel
    stream.on('error', () => undefined);
    stream.cancel();
    expect(got).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(await c.stats('honest')).toMatchObject({ completed: 5, in_flight: 0, waiting: 0 });
    await c.deleteQueue('honest');
  });
});

