// Key validity (1–256 UTF-8 bytes) and the stable shard hash (FNV-1a over UTF-8), without allocating.

/** Longest key, in UTF-8 bytes (SPEC §3, §6). */
export const MAX_KEY_BYTES = 256;

/**
 * UTF-8 length of a string, bytes, as TextEncoder would encode it (a lone surrogate becomes U+FFFD,
 * 3 bytes). No allocation.
 */
export function utf8ByteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Whether a key is acceptable: 1 to 256 UTF-8 bytes. O(1) for keys up to 85 UTF-16 units. */
export function isValidKey(key: string): boolean {
  const len = key.length;
  if (len === 0 || len > MAX_KEY_BYTES) return false;
  if (len <= 85) return true; // ≤ 3 bytes per UTF-16 unit
  return utf8ByteLength(key) <= MAX_KEY_BYTES;
}

function mix(h: number, byte: number): number {
  return Math.imul(h ^ byte, 0x01000193);
}

/** 32-bit FNV-1a of the key's UTF-8 bytes (unsigned). No allocation. */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) h = mix(h, cp);
    else if (cp < 0x800) {
      h = mix(h, 0xc0 | (cp >> 6));
      h = mix(h, 0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      h = mix(h, 0xe0 | (cp >> 12));
      h = mix(h, 0x80 | ((cp >> 6) & 0x3f));
      h = mix(h, 0x80 | (cp & 0x3f));
    } else {
      h = mix(h, 0xf0 | (cp >> 18));
      h = mix(h, 0x80 | ((cp >> 12) & 0x3f));
      h = mix(h, 0x80 | ((cp >> 6) & 0x3f));
      h = mix(h, 0x80 | (cp & 0x3f));
    }
  }
  return h >>> 0;
}
