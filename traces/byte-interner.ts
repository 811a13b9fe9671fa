// Interns byte strings (keys, class labels) to dense integer ids without allocating for already-seen strings.

const EMPTY_SLOT = 0;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** FNV-1a offset basis; callers hash bytes with `h = Math.imul(h ^ byte, FNV_PRIME)` starting here. */
export const FNV_OFFSET = 0x811c9dc5 | 0;
/** FNV-1a prime. */
export const FNV_PRIME = 16777619;

/** Hashes `buf[start, end)` with 32-bit FNV-1a (the same hash the parser computes while scanning). */
export function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, FNV_PRIME);
  return h;
}

/**
 * An open-addressing hash table from UTF-8 byte strings to ids 0, 1, 2, … in order of first sight.
 * The decoded strings are in `strings` (index = id). Only a new string allocates.
 */
export class ByteInterner {
  readonly strings: string[] = [];
  private table = new Int32Array(1024);
  private mask = 1023;
  private hashes = new Int32Array(256);
  private starts = new Int32Array(257);
  private pool = new Uint8Array(4096);
  private poolLength = 0;

  /** Number of distinct strings seen. */
  get size(): number {
    return this.strings.length;
  }

  /**
   * Returns the id of the bytes `buf[start, end)` whose FNV-1a hash is `hash`, adding them when new.
   * Returns -1 when new bytes are not valid UTF-8 (nothing is added).
   */
  intern(buf: Uint8Array, start: number, end: number, hash: number): number {
    const table = this.table;
    const mask = this.mask;
    const len = end - start;
    let slot = hash & mask;
    for (;;) {
      const v = table[slot]!;
      if (v === EMPTY_SLOT) break;
      const id = v - 1;
      if (this.hashes[id] === hash) {
        const s = this.starts[id]!;
        if (this.starts[id + 1]! - s === len) {
          const pool = this.pool;
          let i = 0;
          while (i < len && pool[s + i] === buf[start + i]) i++;
          if (i === len) return id;
        }
      }
      slot = (slot + 1) & mask;
    }
    let text: string;
    try {
      text = utf8.decode(buf.subarray(start, end));
    } catch {
      return -1;
    }
    return this.add(buf, start, end, hash, slot, text);
  }

  private add(buf: Uint8Array, start: number, end: number, hash: number, slot: number, text: string): number {
    const id = this.strings.length;
    const len = end - start;
    if (id + 1 >= this.hashes.length) {
      this.hashes = growInt32(this.hashes, this.hashes.length * 2);
      this.starts = growInt32(this.starts, this.starts.length * 2);
    }
    if (this.poolLength + len > this.pool.length) {
      const pool = new Uint8Array(Math.max(this.pool.length * 2, this.poolLength + len));
      pool.set(this.pool);
      this.pool = pool;
    }
    this.pool.set(buf.subarray(start, end), this.poolLength);
    this.hashes[id] = hash;
    this.starts[id] = this.poolLength;
    this.poolLength += len;
    this.starts[id + 1] = this.poolLength;
    this.strings.push(text);
    this.table[slot] = id + 1;
    // Keep the load factor under 1/2 so probe sequences stay short.
    if (this.strings.length * 2 > this.table.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.strings.length; id++) {
      let slot = this.hashes[id]! & mask;
      while (table[slot] !== EMPTY_SLOT) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
    this.mask = mask;
  }
}

function growInt32(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
