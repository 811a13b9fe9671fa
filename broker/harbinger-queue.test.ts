// The Harbinger queue's delivery rules: attempt tokens, lease expiry with censoring, retries and dead letters, TTL.
import { afterEach, describe, expect, it } from 'vitest';
import { Predictor } from '../src/predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';
import { PredictOutcome, PREDICT_OUTCOME_NAMES } from '../src/predictor/outcomes.ts';
import { HarbingerQueue, StaleTokenError, type HarbingerQueueConfig } from './harbinger-queue.ts';
import { MemoryBudget, MESSAGE_OVERHEAD_BYTES } from './broker-memory.ts';
import { DEAD_LETTERS_KEPT, FieldRangeError, QueueFullError } from './broker-limits.ts';

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

  it('charges payload, id and key bytes to the queue and the broker account, and returns them on ack and close', async () => {
    const budget = new MemoryBudget(10_000);
    budget.reserve(100, 'the queue'); // what the server charges for the queue itself
    const q = make({ budget, baseBytes: 100, capacity: { maxMessages: 100, maxBytes: 1000 } });
    // Hand-computed: id "m1" (2 bytes) + key "k€" (1 + 3 UTF-8 bytes) + payload 10 = 16 bytes held.
    q.submit('m1', 'k€', new Uint8Array(10), 0, 0);
    expect(q.stats()).toMatchObject({ bytesHeld: 16, memoryBytes: 100 + 16 + MESSAGE_OVERHEAD_BYTES });
    expect(budget.used).toBe(100 + 16 + MESSAGE_OVERHEAD_BYTES);
    const d = (await q.pull(0))!;
    q.ack(d.token, 1);
    expect(q.stats()).toMatchObject({ bytesHeld: 0, memoryBytes: 100 });
    q.submit('m2', 'k', none, 0, 0);
    q.close();
    expect(budget.used).toBe(0);
    q.close(); // a second close returns nothing twice
    expect(budget.used).toBe(0);
  });

  it('key and id bytes count against max_bytes: empty payloads with long keys fill the queue', () => {
    const q = make({ capacity: { maxMessages: 1000, maxBytes: 1000 } });
    const key = 'k'.repeat(600);
    q.submit('a', key, none, 0, 0); // 601 bytes
    expect(() => q.submit('b', key, none, 0, 0)).toThrow(QueueFullError);
    expect(() => q.submit('b', key, none, 0, 0)).toThrow(/queue holds 601 bytes of payloads, ids and keys; 601 more would pass its capacity \(max_bytes 1000\)/);
    expect(() => q.submit('x'.repeat(1025), 'k', none, 0, 0)).toThrow(FieldRangeError);
    expect(() => q.submit('c', 'é'.repeat(513), none, 0, 0)).toThrow(/^key: 1026 bytes; expected at most 1024 UTF-8 bytes/);
    expect(q.stats()).toMatchObject({ submitted: 1, bytesHeld: 601 });
  });

  it('refuses a message the broker account has no room for, and charges nothing for it', () => {
    const budget = new MemoryBudget(2 * (MESSAGE_OVERHEAD_BYTES + 2));
    const q = make({ budget });
    q.submit('a', 'k', none, 0, 0);
    q.submit('b', 'k', none, 0, 0);
    expect(() => q.submit('c', 'k', none, 0, 0)).toThrow(/broker memory: a message of 2 bytes .* needs 258 bytes, and 516 of the broker's 516 are held \(--max-memory-bytes 516\)/);
    expect(budget).toMatchObject({ used: 516, refusals: 1 });
    expect(q.stats()).toMatchObject({ submitted: 2, waiting: 2 });
  });

  it('keeps the newest dead letters only, counting the dropped ones and returning their bytes', async () => {
    const budget = new MemoryBudget(Number.POSITIVE_INFINITY);
    const q = make({ maxRetries: 0, budget });
    const n = DEAD_LETTERS_KEPT + 200;
    const id = (i: number): string => `m${String(i).padStart(5, '0')}`; // 6 bytes
    for (let i = 0; i < n; i++) {
      q.submit(id(i), 'key', none, 0, 0);
      q.nack((await q.pull(0))!.token);
    }
    const s = q.stats();
    expect(s).toMatchObject({ submitted: n, deadLettered: n, deadLettersDropped: 200, waiting: 0, inFlight: 0 });
    expect(s.deadLetters).toHaveLength(DEAD_LETTERS_KEPT);
    expect(s.deadLetters[0]!.id).toBe(id(200));
    expect(s.deadLetters.at(-1)!.id).toBe(id(n - 1));
    // Each kept dead letter is charged its id (6) and key (3) bytes plus the overhead; the dropped ones nothing.
    expect(budget.used).toBe(DEAD_LETTERS_KEPT * (6 + 3 + MESSAGE_OVERHEAD_BYTES));
    expect(q.stats(100).deadLetters.map((d) => d.id)).toEqual(Array.from({ length: 100 }, (_, i) => id(n - 100 + i)));
  });
});
