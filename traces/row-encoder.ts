// The common-format row text (SPEC §3) encoded into a byte buffer: numbers as String writes them, keys and classes quoted once.
import { quoteCsvField as csvField, type TraceColumns } from './trace-csv.ts';

/** Pending bytes at which a writer flushes (RowEncoder.wantsFlush). */
export const FLUSH_BYTES = 1 << 20;
/** Bytes a row may still write after a text without checking: `,` + a number (≤ 25 bytes) + `,` + `\n`, rounded up. */
const TAIL_BYTES = 32;
/** 2^43: below it one ulp is under 0.001 (see `num`). */
const MILLI_LIMIT = 2 ** 43;
/** For f = 1…999: the decimals of f/1000 without trailing zeros, as ASCII (3 bytes a slot), and their count. */
const MILLI_DIGITS = new Uint8Array(3000);
const MILLI_LEN = new Uint8Array(1000);
for (let f = 1; f < 1000; f++) {
  const text = String(f).padStart(3, '0').replace(/0+$/, '');
  MILLI_LEN[f] = text.length;
  for (let d = 0; d < text.length; d++) MILLI_DIGITS[f * 3 + d] = text.charCodeAt(d);
}

/**
 * Encodes rows, in the order given, as common-format CSV lines (no header) into `out[0, pos)`, counting rows, the
 * arrival span and the distinct keys and classes. TraceWriter adds the file; a conversion thread
 * (converters/convert-thread.ts) encodes a range of rows with it, so both write the same bytes for the same rows.
 */
/** A batch of encoded rows (RowEncoder.take): their bytes, count, arrival span and the texts first met in it. */
export interface EncodedRows {
  bytes: Uint8Array;
  rows: number;
  /** Arrivals of the first and last row (NaN without rows). */
  first: number;
  last: number;
  /** Whether a row arrived before the one before it. */
  disordered: boolean;
  /** Keys and classes met for the first time by this encoder. */
  keys: string[];
  classes: string[];
}

export class RowEncoder {
  protected readonly cols: TraceColumns;
  protected out: Buffer = Buffer.allocUnsafe(FLUSH_BYTES + 4096);
  protected pos = 0;
  protected n = 0;
  protected first = Number.NaN;
  protected last = Number.NaN;
  /** Interned key and class texts as their CSV bytes (quoted when needed); the map sizes are the counts. */
  protected readonly keyBytes = new Map<string, Buffer>();
  protected readonly classBytes = new Map<string, Buffer>();
  /** keyBytes' entries by the ids a caller gives its keys (writeCopied's `keyId`): an array read, not a text lookup. */
  private readonly keyById: (Buffer | undefined)[] = [];

  /** The key and class texts first met since the last `take()`, when asked for (a conversion thread reports them). */
  private readonly newKeys: string[] | null;
  private readonly newClasses: string[] | null;

  /** `trackNew`: list the keys and classes first met in each batch of rows (see `take`). */
  constructor(cols: TraceColumns, trackNew = false) {
    this.cols = cols;
    this.newKeys = trackNew ? [] : null;
    this.newClasses = trackNew ? [] : null;
  }

  /**
   * The rows encoded since the last call, as a batch, and a fresh start (row count, span, order flag; the
   * distinct texts are kept, so each is listed in one batch only). The next batch starts in an empty buffer (see
   * `reserve`).
   */
  take(): EncodedRows {
    const batch: EncodedRows = {
      bytes: this.out.subarray(0, this.pos),
      rows: this.n,
      first: this.first,
      last: this.last,
      disordered: this.disordered,
      keys: this.newKeys?.splice(0) ?? [],
      classes: this.newClasses?.splice(0) ?? [],
    };
    this.out = Buffer.allocUnsafe(0);
    this.pos = 0;
    this.n = 0;
    this.first = Number.NaN;
    this.last = Number.NaN;
    this.disordered = false;
    return batch;
  }

  /**
   * Makes room for `bytes` more bytes of rows at once (a batch of about known size, instead of doublings), in `spare`
   * (memory of an earlier batch handed back, used when the encoder is empty and it is big enough) before new memory.
   */
  reserve(bytes: number, spare: ArrayBuffer | null = null): void {
    if (this.pos + bytes + 4096 <= this.out.length) return;
    if (this.pos === 0 && spare !== null && spare.byteLength >= bytes + 4096) this.out = Buffer.from(spare);
    else this.grow(bytes);
  }

  /** Whether a row came with an arrival before the previous one (callers that trust their order check this). */
  disordered = false;

  /** Rows written so far. */
  get rows(): number {
    return this.n;
  }

  /** Whether a row arriving at `arrival` ms keeps the file sorted (equal arrivals keep file order). */
  accepts(arrival: number): boolean {
    return this.n === 0 || arrival >= this.last;
  }

  /** Appends one row; `cls` is ignored without a class column, `size` (NaN = none) without a size column. */
  write(arrival: number, duration: number, key: string, cls: string, size: number): void {
    this.begin(arrival);
    this.num(arrival);
    this.out[this.pos++] = 44;
    this.num(duration);
    this.finishRow(key, cls, size);
  }

  /**
   * `write` with the arrival and duration texts copied from `src` instead of formatted: `[r[0], r[1])` and
   * `[r[2], r[3])` must hold exactly `String(arrival)` and `String(duration)` (e.g. texts for which the converters'
   * parsePlainDecimalBytes set `plainDecimal.shortest`), each at most 25 bytes, so the bytes written are those of `write`.
   * `keyId` (optional, RowParser.keyId): the caller's dense id of `key`, the same for the same key on every call.
   */
  writeCopied(arrival: number, key: string, cls: string, size: number, src: Uint8Array, r: Int32Array, keyId = -1): void {
    this.begin(arrival);
    const out = this.out;
    let p = this.pos;
    for (let i = r[0]!, to = r[1]!; i < to; i++) out[p++] = src[i]!;
    out[p++] = 44;
    for (let i = r[2]!, to = r[3]!; i < to; i++) out[p++] = src[i]!;
    this.pos = p;
    this.finishRow(key, cls, size, keyId);
  }

  /** Counts a row arriving at `arrival` and makes room for its numbers (≤ 25 bytes each) and separators. */
  private begin(arrival: number): void {
    if (arrival < this.last) this.disordered = true;
    if (this.n === 0) this.first = arrival;
    this.last = arrival;
    this.n++;
    // Texts check their own length.
    if (this.pos + 128 > this.out.length) this.grow(128);
  }

  /** Writes `,key[,size][,class]\n` after a row's two times (`keyId`: the caller's id of the key, or -1). */
  private finishRow(key: string, cls: string, size: number, keyId = -1): void {
    this.out[this.pos++] = 44;
    if (keyId < 0) this.text(key, this.keyBytes, this.newKeys);
    else {
      const b = this.keyById[keyId];
      if (b !== undefined) this.bytes(b);
      else {
        this.text(key, this.keyBytes, this.newKeys);
        this.keyById[keyId] = this.keyBytes.get(key);
      }
    }
    if (this.cols.size) {
      this.out[this.pos++] = 44;
      if (!Number.isNaN(size)) this.num(size);
    }
    if (this.cols.class) {
      this.out[this.pos++] = 44;
      this.text(cls, this.classBytes, this.newClasses);
    }
    this.out[this.pos++] = 10;
  }

  /** Whether enough bytes are pending that a flush is due. */
  get wantsFlush(): boolean {
    return this.pos >= FLUSH_BYTES;
  }

  /**
   * Writes `String(x)`: integers below 2^53 and numbers with at most three decimals below 2^43 digit by digit (no
   * string), others through String. For |x| < 2^43 one ulp is under 0.001, so when x is the double nearest to k/1000
   * no decimal with fewer digits reads back as x: the digits of k/1000 without trailing zeros are String(x)'s.
   */
  protected num(x: number): void {
    if (!Number.isSafeInteger(x)) {
      const k = Math.round(x * 1000);
      if (k / 1000 === x && Math.abs(x) < MILLI_LIMIT) {
        this.milli(k);
        return;
      }
      this.ascii(String(x));
      return;
    }
    let v = x;
    if (v < 0) {
      this.out[this.pos++] = 45;
      v = -v;
    }
    if (v < 1e8) {
      this.small(v);
      return;
    }
    // Split off the low eight digits so each part fits 32-bit integer arithmetic (v < 2^53 gives hi < 1e8).
    const hi = Math.floor(v / 1e8);
    this.small(hi);
    this.eight(v - hi * 1e8);
  }

  /** Writes k/1000 for an integer k that is not a multiple of 1000: sign, integer part, up to three decimals. */
  protected milli(k: number): void {
    let v = k;
    if (v < 0) {
      this.out[this.pos++] = 45;
      v = -v;
    }
    const int = Math.floor(v / 1000);
    const frac = v - int * 1000;
    if (int < 1e8) this.small(int);
    else {
      const hi = Math.floor(int / 1e8);
      this.small(hi);
      this.eight(int - hi * 1e8);
    }
    const out = this.out;
    const p = this.pos;
    out[p] = 46;
    // The decimals of frac/1000 without trailing zeros, from a table (e.g. 120 → "12", 7 → "007"): all three slot
    // bytes are stored (the buffer has room for them) and the position advances by the count only.
    const at = frac * 3;
    out[p + 1] = MILLI_DIGITS[at]!;
    out[p + 2] = MILLI_DIGITS[at + 1]!;
    out[p + 3] = MILLI_DIGITS[at + 2]!;
    this.pos = p + 1 + MILLI_LEN[frac]!;
  }

  /** Writes 0 ≤ v < 1e8 without leading zeros. */
  protected small(v: number): void {
    const digits = v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5 : v < 1000000 ? 6 : v < 10000000 ? 7 : 8;
    const out = this.out;
    let p = this.pos + digits;
    this.pos = p;
    while (v >= 10) {
      const q = (v / 10) | 0;
      out[--p] = 48 + v - q * 10;
      v = q;
    }
    out[--p] = 48 + v;
  }

  /** Writes 0 ≤ v < 1e8 as exactly eight digits (zero-padded). */
  protected eight(v: number): void {
    const out = this.out;
    let p = this.pos + 8;
    this.pos = p;
    for (let k = 0; k < 8; k++) {
      const q = (v / 10) | 0;
      out[--p] = 48 + v - q * 10;
      v = q;
    }
  }

  protected text(s: string, cache: Map<string, Buffer>, fresh: string[] | null): void {
    let b = cache.get(s);
    if (b === undefined) {
      b = Buffer.from(csvField(s), 'utf8');
      cache.set(s, b);
      fresh?.push(s);
    }
    this.bytes(b);
  }

  /** Writes a key's or class's CSV bytes. */
  private bytes(b: Buffer): void {
    const len = b.length;
    // Room for the text and what may follow it unchecked: a separator, a number (≤ 25 bytes) and the newline.
    if (this.pos + len + TAIL_BYTES > this.out.length) this.grow(len + TAIL_BYTES);
    // Keys are mostly short: a plain loop beats Buffer.copy's call overhead there.
    if (len <= 32) {
      const out = this.out;
      const p = this.pos;
      for (let k = 0; k < len; k++) out[p + k] = b[k]!;
    } else {
      b.copy(this.out, this.pos);
    }
    this.pos += len;
  }

  protected ascii(s: string): void {
    if (this.pos + s.length > this.out.length) this.grow(s.length);
    this.pos += this.out.write(s, this.pos, 'latin1');
  }

  protected grow(extra: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.pos + extra + 4096));
    this.out.copy(bigger, 0, 0, this.pos);
    this.out = bigger;
  }
}
