// The broker's field ranges: every hostile value of the hardening campaign is refused with the field's name.
import { describe, expect, it } from 'vitest';
import { checkCreateQueue, checkRange, FieldRangeError, MAX_TIMER_MS } from './broker-limits.ts';

const create = { levels: 3, weights: [] as number[], aging_ms: 5000, aging_interval_ms: 500, lease_ms: 0, max_retries: 3, ttl_ms: 0, time_scale: 0 };

describe('checkRange', () => {
  it('returns a value inside the range', () => {
    expect(checkRange('duration_ms', 0)).toBe(0);
    expect(checkRange('duration_ms', 12.5)).toBe(12.5);
    expect(checkRange('levels', 64)).toBe(64);
  });
  it('refuses non-finite, out-of-range and fractional values, naming the field', () => {
    for (const v of [Number.POSITIVE_INFINITY, Number.NaN, 1e308, -1]) expect(() => checkRange('duration_ms', v)).toThrow(FieldRangeError);
    expect(() => checkRange('cost_ms', Number.POSITIVE_INFINITY)).toThrow(/^cost_ms: Infinity; expected a finite number from 0 to 1000000000$/);
    expect(() => checkRange('levels', 2.5)).toThrow(/levels: 2\.5; expected an integer/);
  });
});

describe('checkCreateQueue', () => {
  it('applies the documented defaults for unset (0) fields', () => {
    const c = checkCreateQueue({ ...create, levels: 0, aging_ms: 0, aging_interval_ms: 0 });
    expect(c).toMatchObject({ levels: 3, weights: null, agingMs: null, agingIntervalMs: 500, leaseMs: 30_000, timeScale: 1, ttlMs: 0 });
    expect(c.capacity).toEqual({ maxMessages: 1_000_000, maxBytes: 256 * 2 ** 20 });
  });
  it('refuses each reproduction of the hardening campaign with its field', () => {
    // Reproductions of the hardening campaign: zero weights, 4e9 levels, a 1e-300 ms aging interval, a lease past Node's timer limit.
    expect(() => checkCreateQueue({ ...create, weights: [0, 0, 0] })).toThrow(/^weights\[0\]: 0;/);
    expect(() => checkCreateQueue({ ...create, levels: 4e9 })).toThrow(/^levels: 4000000000;/);
    expect(() => checkCreateQueue({ ...create, aging_interval_ms: 1e-300 })).toThrow(/^aging_interval_ms: 1e-300;/);
    expect(() => checkCreateQueue({ ...create, lease_ms: 2 ** 31 })).toThrow(/^lease_ms: 2147483648;/);
    expect(checkCreateQueue({ ...create, lease_ms: MAX_TIMER_MS }).leaseMs).toBe(MAX_TIMER_MS);
    expect(() => checkCreateQueue({ ...create, weights: [8, 3] })).toThrow(/^weights: 2 weights; expected none or one per level \(3\)/);
    expect(() => checkCreateQueue({ ...create, ttl_ms: Number.NaN })).toThrow(/^ttl_ms: NaN;/);
    expect(() => checkCreateQueue({ ...create, time_scale: -2 })).toThrow(/^time_scale: -2;/);
  });
  it('lets a queue ask for less capacity than the broker allows, never more', () => {
    const cap = { maxMessages: 100, maxBytes: 1000 };
    expect(checkCreateQueue({ ...create, max_messages: 10, max_bytes: 0 }, cap).capacity).toEqual({ maxMessages: 10, maxBytes: 1000 });
    expect(() => checkCreateQueue({ ...create, max_messages: 101 }, cap)).toThrow(/^max_messages: 101; expected at most the broker's 100/);
  });
});
