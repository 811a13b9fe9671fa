// Seeded property test of the broker queue: random and hostile request sequences never lose, freeze or corrupt it.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Predictor } from '../src/predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';
import { PREDICT_OUTCOME_NAMES } from '../src/predictor/outcomes.ts';
import { FieldRangeError, QueueFullError } from './broker-limits.ts';
import { HarbingerQueue, StaleTokenError, type HarbingerQueueConfig } from './harbinger-queue.ts';

// `HSIM_FUZZ_SCALE` multiplies the runs: bench/fuzz-bench.ts runs this same property longer.
const hostile = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 1e308, -1, 0, 3, 250];
const op = fc.oneof(
  fc.record({ kind: fc.constant('submit' as const), level: fc.integer({ min: -2, max: 4 }), cost: fc.constantFrom(...hostile), bytes: fc.constantFrom(0, 10, 400) }),
  fc.record({ kind: fc.constant('pull' as const) }),
  fc.record({ kind: fc.constant('ack' as const), which: fc.nat(), duration: fc.constantFrom(...hostile), forge: fc.boolean() }),
  fc.record({ kind: fc.constant('nack' as const), which: fc.nat(), forge: fc.boolean() }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 1, 499, 5000, 60_000) }),
);
const cfgArb = fc.record({
  weights: fc.constantFrom<number[] | null>(null, [8, 3, 1], [1e-6, 1e6, 1]),
  agingMs: fc.constantFrom<number | null>(null, 5000),
  pausing: fc.boolean(),
  ttlMs: fc.constantFrom(0, 20_000),
  predictive: fc.boolean(),
});

const open: HarbingerQueue[] = [];
afterEach(() => {
  for (const q of open.splice(0)) q.close();
});

describe('HarbingerQueue under random and hostile request sequences', () => {
  it('keeps submitted = completed + dead letters + waiting + in flight, and every accepted message can still be served', async () => {
    await fc.assert(
      fc.asyncProperty(cfgArb, fc.array(op, { maxLength: 120 }), async (c, ops) => {
        let now = 0;
        const cfg: HarbingerQueueConfig = {
          levels: 3, weights: c.weights, agingMs: c.agingMs, agingIntervalMs: 500, pausing: c.pausing && c.agingMs !== null,
          leaseMs: 1e9, maxRetries: 2, ttlMs: c.ttlMs, defaultLevel: 1, timeScale: 1, routeDefault: false,
          capacity: { maxMessages: 40, maxBytes: 4000 },
        };
        const predictor = c.predictive ? new Predictor(applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { minSamples: '2' })) : null;
        const q = new HarbingerQueue(cfg, predictor, () => now, PREDICT_OUTCOME_NAMES);
        open.push(q);
        const tokens: string[] = [];
        let ids = 0;
        const invariant = (): void => {
          const s = q.stats();
          expect(s.submitted).toBe(s.completed + s.deadLettered + s.waiting + s.inFlight);
          expect(s.waiting).toBeGreaterThanOrEqual(0);
          expect(s.bytesHeld).toBeGreaterThanOrEqual(0);
        };
        const expected = (e: unknown): void => {
          // Only the documented refusals may come back; anything else is a broken queue.
          if (!(e instanceof FieldRangeError || e instanceof StaleTokenError || e instanceof QueueFullError)) throw e;
        };
        for (const o of ops) {
          try {
            if (o.kind === 'submit') q.submit(`m${ids++}`, `k${ids % 3}`, new Uint8Array(o.bytes), o.level, o.cost);
            else if (o.kind === 'pull') {
              const d = await q.pull(0);
              if (d !== null) tokens.push(d.token);
            } else if (o.kind === 'ack') q.ack(o.forge || tokens.length === 0 ? `forged#${o.which}` : tokens[o.which % tokens.length]!, o.duration);
            else if (o.kind === 'nack') q.nack(o.forge || tokens.length === 0 ? `forged#${o.which}` : tokens[o.which % tokens.length]!);
            else now += o.ms;
          } catch (e) {
            expected(e);
          }
          invariant();
        }
        // Drain: every message still held is delivered and settles; nothing vanished on the way.
        for (const t of tokens) {
          try {
            q.ack(t, 1);
          } catch (e) {
            expected(e);
          }
        }
        for (let guard = 0; q.stats().waiting > 0 && guard < 1000; guard++) {
          now += 1;
          const d = await q.pull(0);
          if (d !== null) q.ack(d.token, 1);
        }
        const s = q.stats();
        expect(s.waiting).toBe(0);
        expect(s.inFlight).toBe(0);
        expect(s.submitted).toBe(s.completed + s.deadLettered);
        expect(s.bytesHeld).toBe(0);
      }),
      { seed: 20261203, numRuns: 150 * Number(process.env.HSIM_FUZZ_SCALE ?? '1') },
    );
  });

  it('issues attempt tokens of 128 random bits that reveal nothing of the message', async () => {
    const q = new HarbingerQueue({ levels: 1, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false, leaseMs: 1e9, maxRetries: 0, ttlMs: 0, defaultLevel: 0, timeScale: 1, routeDefault: false }, null, () => 0);
    open.push(q);
    q.submit('secret-id', 'k', new Uint8Array(0), 0, 0);
    const d = (await q.pull(0))!;
    expect(Buffer.from(d.token, 'base64url')).toHaveLength(16);
    expect(d.token).not.toContain('secret-id');
    expect(() => q.ack('secret-id#1#1', 5)).toThrow(StaleTokenError); // the old token format settles nothing
    q.ack(d.token, 5);
  });
});
