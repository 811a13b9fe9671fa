// Tests of key validity (UTF-8 length) and the FNV-1a shard hash.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fnv1a32, isValidKey, utf8ByteLength } from './key-bytes.ts';

function fnvByEncoder(s: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) h = Math.imul(h ^ b, 0x01000193);
  return h >>> 0;
}

describe('key bytes', () => {
  it('measures UTF-8 length like TextEncoder (lone surrogates as U+FFFD)', () => {
    for (const s of ['', 'a', 'é', '€', '😀', 'a\uD800b', '\uDC00', 'app/fn-Ω😀']) {
      expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
    }
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => utf8ByteLength(s) === new TextEncoder().encode(s).length), { seed: 7, numRuns: 500 });
  });

  it('accepts 1–256 bytes and rejects empty and longer keys', () => {
    expect(isValidKey('')).toBe(false);
    expect(isValidKey('a')).toBe(true);
    expect(isValidKey('a'.repeat(256))).toBe(true);
    expect(isValidKey('a'.repeat(257))).toBe(false);
    expect(isValidKey('é'.repeat(128))).toBe(true); // 256 bytes
    expect(isValidKey('é'.repeat(129))).toBe(false); // 258 bytes in 129 UTF-16 units
    expect(isValidKey('😀'.repeat(64))).toBe(true); // 256 bytes
    expect(isValidKey('😀'.repeat(65))).toBe(false);
  });

  it('hashes with FNV-1a over UTF-8 bytes', () => {
    // Published FNV-1a 32-bit test vectors (Fowler–Noll–Vo reference page): "" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => fnv1a32(s) === fnvByEncoder(s)), { seed: 11, numRuns: 500 });
  });
});
