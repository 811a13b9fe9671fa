// Sleeping until absolute deadlines: at or after the deadline, and at once when aborted.
import { describe, expect, it } from 'vitest';
import { sleepUntil } from './wall-clock.ts';

describe('sleepUntil', () => {
  it('resolves at or after the deadline', async () => {
    const deadline = performance.now() + 30;
    await sleepUntil(deadline);
    expect(performance.now()).toBeGreaterThanOrEqual(deadline);
  });
  it('an abort resolves a far deadline at once (the stopped replay does not wait for its next arrival)', async () => {
    const c = new AbortController();
    const far = performance.now() + 3_600_000;
    const slept = sleepUntil(far, c.signal).then(() => performance.now());
    setTimeout(() => c.abort(), 20);
    expect(await slept).toBeLessThan(far - 3_500_000);
    const already = await sleepUntil(far, c.signal).then(() => performance.now());
    expect(already).toBeLessThan(far - 3_500_000);
  });
});
