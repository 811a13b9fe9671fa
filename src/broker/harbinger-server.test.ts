// The broker's gRPC boundary against a hostile client: ranges, capacity, forged tokens and authentication.
import { status, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarbingerClient } from '../replay/harbinger-client.ts';
import { startHarbingerBroker, type RunningBroker } from './harbinger-server.ts';

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
