// The broker's memory account: reservations against the budget, refusals naming the limit, charges and releases.
import { describe, expect, it } from 'vitest';
import { deadLetterCharge, messageCharge, MemoryBudget, MESSAGE_OVERHEAD_BYTES, predictorReserve, PREDICTOR_BYTES_PER_KEY, PREDICTOR_FIXED_BYTES, utf8Bytes } from './broker-memory.ts';
import { QueueFullError } from './broker-limits.ts';

describe('MemoryBudget', () => {
  it('reserves up to the limit exactly and returns what is released', () => {
    const b = new MemoryBudget(1000);
    b.reserve(600, 'a');
    b.reserve(400, 'b');
    expect(b.used).toBe(1000);
    b.release(400);
    b.reserve(400, 'c');
    expect(b).toMatchObject({ used: 1000, refusals: 0 });
  });
  it('refuses a reservation past the limit with a message naming --max-memory-bytes, and charges nothing', () => {
    const b = new MemoryBudget(1000);
    b.reserve(999, 'a');
    expect(() => b.reserve(2, 'a message of 2 bytes')).toThrow(QueueFullError);
    expect(() => b.reserve(2, 'x')).toThrow(/^broker memory: x needs 2 bytes, and 999 of the broker's 1000 are held \(--max-memory-bytes 1000\)/);
    expect(b).toMatchObject({ used: 999, refusals: 2 });
    b.charge(5); // a dead letter replacing a released message is never refused
    expect(b.used).toBe(1004);
  });
});

describe('charges', () => {
  it('count UTF-8 bytes of ids and keys plus the overhead; a dead letter costs no more than its message', () => {
    expect(utf8Bytes('k€')).toBe(4);
    expect(messageCharge(2, 4, 10)).toBe(16 + MESSAGE_OVERHEAD_BYTES);
    expect(deadLetterCharge(2, 4)).toBeLessThanOrEqual(messageCharge(2, 4, 0));
    expect(predictorReserve(16384)).toBe(PREDICTOR_FIXED_BYTES + 16384 * PREDICTOR_BYTES_PER_KEY);
  });
});
