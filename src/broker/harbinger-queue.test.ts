// The Harbinger queue's delivery rules: attempt tokens, lease expiry with censoring, retries and dead letters, TTL.
import { afterEach, describe, expect, it } from 'vitest';
import { Predictor } from '../predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../predictor/params.ts';
import { PredictOutcome, PREDICT_OUTCOME_NAMES } from '../predictor/outcomes.ts';
import { HarbingerQueue, StaleTokenError, type HarbingerQueueConfig } from './harbinger-queue.ts';

const base: HarbingerQueueConfig = {
  levels: 3, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false,
  leaseMs: 150, maxRetries: 2, ttlMs: 0, defaultLevel: 1, timeScale: 1, routeDefault: false,
};
const open: HarbingerQueue[] = [];
const make = (cfg: Partial<HarbingerQueueConfig> = {}, predictor: Predictor | null = null): HarbingerQueue => {
  const q = new HarbingerQueue({ ...base, ...cfg }, predictor, () => performance.now(), PREDICT_OUTCOME_NAMES);
  open.push(q);
  return q;
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const none = new Uint8Array(0);

afterEach(() => {
  for (const q of open.splice(0)) q.close();
});

describe('HarbingerQueue', () => {
  it('a stale attempt token cannot settle a newer delivery', async () => {
    const q = make();
    q.submit('m1', 'k', none, 0, 0);
    const d1 = (await q.pull(0))!;
    expect(d1.attempt).toBe(1);
    await sleep(250); // the 150 ms lease expires: the message is re-queued
    const d2 = (await q.pull(0))!;
    expect(d2.id).toBe('m1');
    expect(d2.attempt).toBe(2);
    expect(d2.token).not.toBe(d1.token);
    expect(() => q.ack(d1.token, 5)).toThrow(StaleTokenError);
    expect(() => q.nack(d1.token)).toThrow(StaleTokenError);
    q.ack(d2.token, 5);
    expect(() => q.ack(d2.token, 5)).toThrow(StaleTokenError); // settled once only
    expect(q.stats()).toMatchObject({ completed: 1, waiting: 0, inFlight: 0, expiredLeases: 1 });
  });

  it('an expired lease re-queues the message and leaves a censored observation in the predictor', async () => {
    const params = applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { firstRefreshAt: '100' });
    const p = new Predictor(params);
    // 120 observations of 10 ms on key k (plus spread on other keys) give boundaries and a proven key.
    for (let i = 0; i < 120; i++) {
      p.setClock(i);
      p.observe('k', 10);
      p.observe('fast', 1 + (i % 3));
      p.observe('slow', 100 + i);
    }
    p.setClock(200);
    p.predict('k');
    expect(p.lastOutcome).toBe(PredictOutcome.predicted);
    const q = make({ leaseMs: 30, maxRetries: 10 }, p);
    q.submit('m1', 'k', none, 0, 0);
    // Let ten deliveries of k overrun their lease: 10 censored events among 120 observations is a share > 5 %.
    for (let i = 0; i < 10; i++) {
      const d = await q.pull(200);
      expect(d?.attempt).toBe(i + 1);
      await sleep(50);
    }
    const s = q.stats();
    expect(s.expiredLeases).toBe(10);
    expect(s.censored).toBe(10);
    expect(s.waiting).toBe(1); // re-queued after the last expiry
    q.submit('m2', 'k', none, -1, 0);
    expect(q.stats().outcomes).toMatchObject({ censored: 1 });
  });

  it('a Nack past the retries dead-letters the message', async () => {
    const q = make({ maxRetries: 1 });
    q.submit('m1', 'k', none, 2, 0);
    const d1 = (await q.pull(0))!;
    q.nack(d1.token);
    const d2 = (await q.pull(0))!;
    expect(d2.attempt).toBe(2);
    q.nack(d2.token);
    expect(await q.pull(0)).toBeNull();
    const s = q.stats();
    expect(s.deadLetters).toHaveLength(1);
    expect(s.deadLetters[0]).toMatchObject({ id: 'm1', attempts: 2 });
    expect(s.deadLetters[0]!.reason).toMatch(/nacked on attempt 2 \(max retries 1\)/);
  });

  it('a message waiting past its TTL is dead-lettered when reached, not delivered', async () => {
    const q = make({ ttlMs: 20 });
    q.submit('old', 'k', none, 0, 0);
    await sleep(40);
    q.submit('new', 'k', none, 0, 0);
    const d = (await q.pull(0))!;
    expect(d.id).toBe('new');
    expect(q.stats().deadLetters.map((x) => x.id)).toEqual(['old']);
  });

  it('a waiting puller gets the next submitted message; strict priority by level', async () => {
    const q = make();
    const waiting = q.pull(1000);
    q.submit('a', 'k', none, 2, 0);
    expect((await waiting)!.id).toBe('a');
    q.submit('low', 'k', none, 2, 0);
    q.submit('high', 'k', none, 0, 0);
    expect((await q.pull(0))!.id).toBe('high');
    expect(() => q.submit('high', 'k', none, 0, 0)).toThrow(/already submitted/);
  });

  it('ages a waiting message up a level on the wall-clock timer', async () => {
    const q = make({ agingMs: 30, agingIntervalMs: 10, leaseMs: 10_000 });
    q.submit('busy', 'k', none, 0, 0);
    const d = (await q.pull(0))!;
    q.submit('bottom', 'k', none, 2, 0);
    await sleep(120); // ≥ two thresholds: level 2 → 1 → 0
    q.submit('top', 'k', none, 0, 0);
    q.ack(d.token, 1);
    expect((await q.pull(0))!.id).toBe('bottom');
    expect(q.stats().promotions).toBeGreaterThanOrEqual(2);
  });
});
