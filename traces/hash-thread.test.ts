// Tests of the SHA-256 thread: the digest of chunks equals node:crypto's inline one, and a stopped thread refuses.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/rng/seeded.ts';
import { HashThread } from './hash-thread.ts';

describe('HashThread', () => {
  it('digests chunks (more than its pending bound, reused by the caller) as createHash does', async () => {
    const rng = createRng('hash-thread');
    const buf = new Uint8Array(100_000);
    const inline = createHash('sha256');
    const thread = new HashThread();
    for (let c = 0; c < 20; c++) {
      // The same buffer is refilled for each chunk: the thread must have taken a copy.
      for (let i = 0; i < buf.length; i++) buf[i] = Math.floor(rng.next() * 256);
      const chunk = buf.subarray(0, 1000 + c * 4000);
      inline.update(chunk);
      await thread.update(chunk);
    }
    expect(await thread.digest()).toBe(inline.digest('hex'));
  });
  it('digests nothing as the SHA-256 of the empty input', async () => {
    // Known value: SHA-256 of zero bytes (FIPS 180-4 test vectors).
    expect(await new HashThread().digest()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('refuses updates and a digest once terminated', async () => {
    const thread = new HashThread();
    thread.terminate();
    await expect(thread.update(new Uint8Array(3))).rejects.toThrow(/terminated/);
    await expect(thread.digest()).rejects.toThrow(/terminated/);
  });
});
