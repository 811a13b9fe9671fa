// Tests of the caches' payload hash: the incremental hash against its one-word-at-a-time reference on random input
// split at random word boundaries, and that single-word edits (what a patched CRC hides) change the digest.
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/rng/seeded.ts';
import { PayloadHash, payloadHashReference } from './payload-hash.ts';

const rng = createRng('payload-hash-test');
const randomBytes = (words: number): Uint8Array => Uint8Array.from({ length: words * 4 }, () => Math.floor(rng.next() * 256));

describe('PayloadHash', () => {
  it('gives the reference digest however the words are split into updates and inner chunks', () => {
    for (const words of [0, 1, 3, 4, 5, 17, 300_001]) {
      const bytes = randomBytes(words);
      const whole = new PayloadHash();
      whole.update(bytes);
      const expected = payloadHashReference(bytes);
      expect(whole.digest()).toBe(expected);
      const parts = new PayloadHash(8);
      for (let at = 0; at < words; ) {
        const step = Math.min(words - at, 1 + Math.floor(rng.next() * (words > 100 ? 90_000 : 6)));
        parts.update(bytes.subarray(at * 4, (at + step) * 4));
        at += step;
      }
      expect(parts.digest()).toBe(expected);
    }
  });

  it('changes when any one word changes, when words swap lanes, and with the length (trailing zero words)', () => {
    const bytes = randomBytes(64);
    const base = payloadHashReference(bytes);
    const seen = new Set([base]);
    for (let w = 0; w < 64; w++) {
      const edited = bytes.slice();
      edited[w * 4]! ^= 0x80;
      seen.add(payloadHashReference(edited));
    }
    expect(seen.size).toBe(65);
    const swapped = bytes.slice();
    swapped.set(bytes.subarray(4, 8), 0);
    swapped.set(bytes.subarray(0, 4), 4);
    expect(payloadHashReference(swapped)).not.toBe(base);
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(payloadHashReference(longer)).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a run that is not whole aligned words', () => {
    expect(() => new PayloadHash().update(new Uint8Array(6))).toThrow(/whole aligned words/);
    expect(() => new PayloadHash().update(new Uint8Array(12).subarray(2, 10))).toThrow(/whole aligned words/);
  });
});
