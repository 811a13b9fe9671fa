// A fast 128-bit hash of a cache file's bytes, taken as little-endian 32-bit words: the caches' payload check.
//
// Threat model (README, "the trace cache"): the cache folder is input, not a trusted store. The hash catches accidental
// damage (flipped bits, a torn write, a file from another trace or version) and simple tampering, e.g. columns edited
// and the CRC-32 recomputed with a standard tool: CRC-32 is linear and 32 bits, this is neither. It is not a MAC:
// someone who reads hsim's source and re-encodes a forged file with hsim's own encoder is out of scope (anyone who can
// write the cache folder can as well rewrite the trace beside it); `--no-cache` reads the CSV only.

const M1 = 0x9e3779b1 | 0;
const M2 = 0x85ebca77 | 0;
const M3 = 0xc2b2ae3d | 0;
const M4 = 0x27d4eb2f | 0;
const MULTIPLIERS = [M1, M2, M3, M4];
const SEEDS = [0x6a09e667 | 0, 0xbb67ae85 | 0, 0x3c6ef372 | 0, 0xa54ff53a | 0];

/** Words hashed per call of the inner loop: large, since a cache is hashed once per process and the first calls of a
 * function run unoptimised (one call of 10M words, compiled while it runs, costs least: ~17 ms CPU for 40 MB). */
const CHUNK_WORDS = 1 << 24;

/**
 * Four multiply–xorshift lanes, word i going to lane i mod 4, finished by murmur3_x86_128's cross-lane mix. Incremental:
 * `update` takes any run of whole words, so a file hashed column by column gives the same digest as hashed whole.
 * Cost about twice zlib's CRC-32: ~17 ms of CPU per 40 MB against ~9. `chunkWords` exists so tests can run the
 * chunked path on small input.
 */
export class PayloadHash {
  private readonly lanes = Int32Array.from(SEEDS);
  private words = 0;

  constructor(private readonly chunkWords = CHUNK_WORDS) {}

  /** Hashes `bytes` (a multiple of 4 bytes, 4-aligned in its buffer) as little-endian words. */
  update(bytes: Uint8Array): void {
    if (bytes.byteLength % 4 !== 0 || bytes.byteOffset % 4 !== 0) throw new Error(`payload hash of ${bytes.byteLength} bytes at offset ${bytes.byteOffset}: whole aligned words expected`);
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    let at = 0;
    // Lead-in to lane 0, then whole rounds of four words in chunks, then the tail.
    while (at < words.length && this.words % 4 !== 0) this.one(words[at++]!);
    const rounds = at + Math.floor((words.length - at) / 4) * 4;
    this.words += rounds - at;
    for (let from = at; from < rounds; from += this.chunkWords) hashRounds(this.lanes, words, from, Math.min(rounds, from + this.chunkWords));
    at = rounds;
    while (at < words.length) this.one(words[at++]!);
  }

  /** The digest as 32 hex digits. */
  digest(): string {
    return finish(this.lanes, this.words);
  }

  private one(w: number): void {
    const lane = this.words % 4;
    this.lanes[lane] = mixWord(this.lanes[lane]!, w, MULTIPLIERS[lane]!);
    this.words++;
  }
}

/** The digest of lanes `l` after `words` words (the count enters modulo 2^32). */
function finish(l: Int32Array, words: number): string {
  const n = words | 0;
  let h1 = l[0]! ^ n, h2 = l[1]! ^ n, h3 = l[2]! ^ n, h4 = l[3]! ^ n;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix32(h1);
  h2 = fmix32(h2);
  h3 = fmix32(h3);
  h4 = fmix32(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * One step of lane state `h` with word `w`: multiply by an odd constant, then xor-shift. Both are bijections, so a
 * changed word always changes its lane, and the multiply makes the lane non-linear (no CRC-style patching).
 */
function mixWord(h: number, w: number, c: number): number {
  const x = Math.imul(h ^ w, c);
  return x ^ (x >>> 15);
}

/** Rounds of four words over words[from, to) (to − from a multiple of 4), continuing `lanes`. */
function hashRounds(lanes: Int32Array, words: Int32Array, from: number, to: number): void {
  let h1 = lanes[0]!, h2 = lanes[1]!, h3 = lanes[2]!, h4 = lanes[3]!;
  for (let i = from; i < to; i += 4) {
    h1 = mixWord(h1, words[i]!, M1);
    h2 = mixWord(h2, words[i + 1]!, M2);
    h3 = mixWord(h3, words[i + 2]!, M3);
    h4 = mixWord(h4, words[i + 3]!, M4);
  }
  lanes[0] = h1;
  lanes[1] = h2;
  lanes[2] = h3;
  lanes[3] = h4;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** The reference: the same digest, one word at a time (tests compare the two). */
export function payloadHashReference(bytes: Uint8Array): string {
  const lanes = Int32Array.from(SEEDS);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  for (let i = 0; i < words.length; i++) lanes[i % 4] = mixWord(lanes[i % 4]!, words[i]!, MULTIPLIERS[i % 4]!);
  return finish(lanes, words.length);
}
