// The pages of one Parquet column chunk, encoded straight from a ColumnBatch column's typed arrays (hsim's four
// column types only): data pages v1, uncompressed; DOUBLE and INT32 PLAIN as bulk copies of the typed arrays' bytes;
// strings, and integers of few distinct values, as a dictionary page and RLE/bit-packed indices; definition levels
// RLE/bit-packed. Page headers and the footer are hyparquet-writer's Thrift writers.
import type { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import type { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import type { ColumnData, ColumnSpec } from '../format/column-batch.ts';

type FileMetaData = Parameters<typeof writeMetadata>[1];
type RowGroup = FileMetaData['row_groups'][number];
export type ColumnChunk = RowGroup['columns'][number];
type Encoding = NonNullable<ColumnChunk['meta_data']>['encodings'][number];

/** Rows per data page: a DOUBLE page is then at most 1 MiB (hsim's message batches are one page per column). */
export const PAGE_ROWS = 1 << 17;

/** An integer column is dictionary-encoded when its values span at most this many (and the dictionary is smaller). */
const INT_DICTIONARY_SPAN = 1 << 16;

/** Whether typed arrays are little-endian, as Parquet's PLAIN values are: their bytes are then copied as they are. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A growable byte buffer, reused from page to page. */
export class PageBytes {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  u8(v: number): void {
    this.reserve(1);
    this.bytes[this.length++] = v;
  }

  u32(v: number): void {
    this.reserve(4);
    const b = this.bytes;
    const p = this.length;
    b[p] = v & 255;
    b[p + 1] = (v >>> 8) & 255;
    b[p + 2] = (v >>> 16) & 255;
    b[p + 3] = (v >>> 24) & 255;
    this.length = p + 4;
  }

  /** An unsigned LEB128 varint of `v` (0 ≤ v < 2^53). */
  varint(v: number): void {
    while (v >= 128) {
      this.u8((v & 127) | 128);
      v = Math.floor(v / 128);
    }
    this.u8(v);
  }

  /** The bytes written so far (a view, valid until the next write). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Bits needed for values 0…max (0 for max 0). */
export function bitWidth(max: number): number {
  return max <= 0 ? 0 : 32 - Math.clz32(max);
}

/**
 * Appends values[start, end) (each 0 ≤ v < 2^width) in Parquet's RLE/bit-packed hybrid encoding, without a length
 * prefix: runs of 8 or more equal values as RLE runs, the rest as bit-packed groups of 8 (the last padded with 0s).
 */
export function writeRleBitPackedHybrid(out: PageBytes, values: Int32Array, start: number, end: number, width: number): void {
  const valueBytes = (width + 7) >> 3;
  let groups = 0;
  let groupStart = start;
  let i = start;
  while (i < end) {
    const v = values[i]!;
    let j = i + 1;
    while (j < end && values[j] === v) j++;
    if (j - i >= 8) {
      if (groups > 0) bitPack(out, values, groupStart, end, groups, width);
      groups = 0;
      out.varint((j - i) * 2);
      out.reserve(valueBytes);
      for (let k = 0; k < valueBytes; k++) out.bytes[out.length++] = (v >>> (8 * k)) & 255;
      i = j;
    } else {
      if (groups === 0) groupStart = i;
      groups++;
      i += 8;
    }
  }
  if (groups > 0) bitPack(out, values, groupStart, end, groups, width);
}

/** One bit-packed run: `groups` groups of 8 values from values[from], values at or past `end` written as 0. */
function bitPack(out: PageBytes, values: Int32Array, from: number, end: number, groups: number, width: number): void {
  out.varint(groups * 2 + 1);
  const n = groups * 8;
  out.reserve(groups * width);
  const b = out.bytes;
  let p = out.length;
  const have = Math.min(n, end - from);
  if (width === 1) {
    for (let k = 0; k < n; k += 8) {
      let byte = 0;
      for (let m = 0; m < 8 && k + m < have; m++) byte |= (values[from + k + m]! & 1) << m;
      b[p++] = byte;
    }
  } else if (width <= 24) {
    // At most 7 bits wait in `acc` when a value of ≤ 24 bits is added: it never passes 31 bits.
    let acc = 0;
    let bits = 0;
    for (let k = 0; k < n; k++) {
      acc |= (k < have ? values[from + k]! : 0) << bits;
      bits += width;
      while (bits >= 8) {
        b[p++] = acc & 255;
        acc >>>= 8;
        bits -= 8;
      }
    }
  } else if (width > 0) {
    // Wider values in a double accumulator (at most 7 + 32 bits).
    let acc = 0;
    let bits = 0;
    for (let k = 0; k < n; k++) {
      acc += (k < have ? values[from + k]! >>> 0 : 0) * 2 ** bits;
      bits += width;
      while (bits >= 8) {
        const low = acc % 256;
        b[p++] = low;
        acc = (acc - low) / 256;
        bits -= 8;
      }
    }
  }
  out.length = p;
}

/** The Parquet physical type of a column. */
function physicalType(spec: ColumnSpec): 'BYTE_ARRAY' | 'DOUBLE' | 'INT32' {
  return spec.type === 'string' ? 'BYTE_ARRAY' : spec.type === 'float64' ? 'DOUBLE' : 'INT32';
}

/** The bytes of a typed array (little-endian: a view). */
function bytesOf(a: Float64Array | Int32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const out = new Uint8Array(a.byteLength);
  const view = new DataView(out.buffer);
  if (a instanceof Float64Array) a.forEach((v, i) => view.setFloat64(8 * i, v, true));
  else a.forEach((v, i) => view.setInt32(4 * i, v, true));
  return out;
}

/**
 * Writes one column of each batch as a column chunk (one per row group). Holds scratch arrays sized to the largest
 * batch so far, and for a string column an array over its shared dictionary (global id → chunk-local id), all
 * reused from batch to batch.
 */
export class ColumnChunkWriter {
  private readonly type: 'BYTE_ARRAY' | 'DOUBLE' | 'INT32';
  /** Definition levels of the batch's rows (1 = a value), for a nullable column. */
  private levels = new Int32Array(0);
  /** Dictionary indices of the non-null values, in row order. */
  private ids = new Int32Array(0);
  /** The non-null values, compacted (a nullable or int8 column). */
  private f64 = new Float64Array(0);
  private i32 = new Int32Array(0);
  /** A numeric column's non-null values of the current batch (its own array or f64/i32). */
  private plain: Float64Array | Int32Array | null = null;
  /** Global dictionary id (or integer value − min) → chunk-local id, −1 = not used in this chunk. */
  private local = new Int32Array(0);
  /** The global ids (or values) in chunk-local id order. */
  private used = new Int32Array(0);
  private readonly prefix = new PageBytes();
  private readonly dict = new PageBytes();
  private readonly encoder = new TextEncoder();

  constructor(private readonly spec: ColumnSpec) {
    this.type = physicalType(spec);
  }

  /** Writes `col` (`rows` ≥ 1 rows) to `out` as one column chunk: its pages, then its metadata for the footer. */
  write(out: ByteWriter, col: ColumnData, rows: number): ColumnChunk {
    const start = out.offset;
    const nonNull = this.gather(col, rows);
    // Dictionary entries (local ids 0…count−1; a string chunk of nulls only has an empty dictionary, so that every
    // string chunk is dictionary-encoded), or −1 for PLAIN values.
    const entries = col.kind === 'string' ? this.stringIds(col.indices, col.dictionary, rows) : nonNull === 0 ? -1 : this.integerIds(nonNull);
    let dictionaryOffset: bigint | undefined;
    if (entries >= 0) {
      dictionaryOffset = BigInt(out.offset);
      const body = this.dict.view();
      writePageHeader(out, {
        type: 'DICTIONARY_PAGE',
        uncompressed_page_size: body.length,
        compressed_page_size: body.length,
        dictionary_page_header: { num_values: entries, encoding: 'PLAIN' },
      });
      out.appendBytes(body);
    }
    const dataOffset = BigInt(out.offset);
    const width = bitWidth(entries - 1);
    let valuesBefore = 0;
    for (let from = 0; from < rows; from += PAGE_ROWS) {
      const to = Math.min(rows, from + PAGE_ROWS);
      const prefix = this.prefix;
      prefix.length = 0;
      let values = to - from;
      if (this.spec.nullable) {
        // Levels: a 4-byte length, then the hybrid encoding (bit width 1).
        prefix.u32(0);
        writeRleBitPackedHybrid(prefix, this.levels, from, to, 1);
        const length = prefix.length - 4;
        prefix.length = 0;
        prefix.u32(length);
        prefix.length += length;
        values = 0;
        for (let i = from; i < to; i++) values += this.levels[i]!;
      }
      let payload: Uint8Array;
      if (entries >= 0) {
        prefix.u8(width);
        writeRleBitPackedHybrid(prefix, this.ids, valuesBefore, valuesBefore + values, width);
        payload = new Uint8Array(0);
      } else {
        payload = bytesOf(this.plain!.subarray(valuesBefore, valuesBefore + values));
      }
      const size = prefix.length + payload.length;
      writePageHeader(out, {
        type: 'DATA_PAGE',
        uncompressed_page_size: size,
        compressed_page_size: size,
        data_page_header: { num_values: to - from, encoding: entries >= 0 ? 'RLE_DICTIONARY' : 'PLAIN', definition_level_encoding: 'RLE', repetition_level_encoding: 'RLE' },
      });
      out.appendBytes(prefix.view());
      if (payload.length > 0) out.appendBytes(payload);
      valuesBefore += values;
    }
    const encodings: Encoding[] = ['PLAIN'];
    if (this.spec.nullable) encodings.push('RLE');
    if (entries >= 0) encodings.push('RLE_DICTIONARY');
    const size = BigInt(out.offset - start);
    return {
      file_offset: BigInt(start),
      meta_data: {
        type: this.type,
        encodings,
        path_in_schema: [this.spec.name],
        codec: 'UNCOMPRESSED',
        num_values: BigInt(rows),
        total_uncompressed_size: size,
        total_compressed_size: size,
        data_page_offset: dataOffset,
        ...(dictionaryOffset === undefined ? {} : { dictionary_page_offset: dictionaryOffset }),
      },
    };
  }

  /**
   * Fills the definition levels (a nullable column) and, for a numeric column, `plain`: its non-null values (the
   * column's own array when it has no nulls and is not int8, else compacted into scratch); returns the number of
   * non-null rows.
   */
  private gather(col: ColumnData, rows: number): number {
    if (this.levels.length < rows && (this.spec.nullable || (col.kind === 'number' && col.valid !== null))) this.levels = new Int32Array(rows);
    const levels = this.levels;
    if (col.kind === 'string') {
      this.plain = null;
      if (!this.spec.nullable) return rows;
      const indices = col.indices;
      let n = 0;
      for (let i = 0; i < rows; i++) n += levels[i] = indices[i]! >= 0 ? 1 : 0;
      return n;
    }
    const { values, valid } = col;
    if (valid === null) {
      if (this.spec.nullable) levels.fill(1, 0, rows);
      if (values instanceof Int8Array) {
        if (this.i32.length < rows) this.i32 = new Int32Array(rows);
        this.i32.set(values);
        this.plain = this.i32;
      } else {
        this.plain = values;
      }
      return rows;
    }
    let n = 0;
    if (values instanceof Float64Array) {
      if (this.f64.length < rows) this.f64 = new Float64Array(rows);
      const f = this.f64;
      for (let i = 0; i < rows; i++) {
        const ok = valid[i] !== 0 ? 1 : 0;
        levels[i] = ok;
        if (ok === 1) f[n++] = values[i]!;
      }
      this.plain = f;
    } else {
      if (this.i32.length < rows) this.i32 = new Int32Array(rows);
      const a = this.i32;
      for (let i = 0; i < rows; i++) {
        const ok = valid[i] !== 0 ? 1 : 0;
        levels[i] = ok;
        if (ok === 1) a[n++] = values[i]!;
      }
      this.plain = a;
    }
    return n;
  }

  /**
   * A string column's chunk dictionary: the shared dictionary's entries this batch uses, in first-seen order, as a
   * PLAIN dictionary page body (in `dict`); their local ids in `ids`. Returns the entry count.
   */
  private stringIds(indices: Int32Array, dictionary: readonly string[], rows: number): number {
    const size = dictionary.length;
    if (this.local.length < size) {
      const grown = new Int32Array(Math.max(size, 2 * this.local.length)).fill(-1);
      this.local = grown;
    }
    if (this.ids.length < rows) this.ids = new Int32Array(rows);
    if (this.used.length < Math.min(rows, size)) this.used = new Int32Array(Math.max(Math.min(rows, size), 2 * this.used.length));
    const { local, ids, used } = this;
    let count = 0;
    let n = 0;
    for (let i = 0; i < rows; i++) {
      const g = indices[i]!;
      if (g < 0) continue;
      let l = local[g];
      if (l === undefined || g >= size) {
        for (let k = 0; k < count; k++) local[used[k]!] = -1;
        throw new Error(`column ${this.spec.name}: dictionary index ${g} of a dictionary of ${size}`);
      }
      if (l < 0) {
        l = count;
        local[g] = count;
        used[count++] = g;
      }
      ids[n++] = l;
    }
    const dict = this.dict;
    dict.length = 0;
    for (let k = 0; k < count; k++) {
      const g = used[k]!;
      local[g] = -1;
      const s = dictionary[g]!;
      dict.reserve(4 + 3 * s.length);
      const at = dict.length;
      const { written } = this.encoder.encodeInto(s, dict.bytes.subarray(at + 4));
      dict.length = at;
      dict.u32(written);
      dict.length += written;
    }
    return count;
  }

  /**
   * An integer column's chunk dictionary, when its `n` non-null values span at most INT_DICTIONARY_SPAN and the
   * dictionary page and indices take fewer bytes than PLAIN: the distinct values in first-seen order (in `dict`),
   * their local ids in `ids`. Returns the entry count, or −1 for PLAIN.
   */
  private integerIds(n: number): number {
    const col = this.plain;
    if (!(col instanceof Int32Array)) return -1;
    let min = col[0]!;
    let max = min;
    for (let i = 1; i < n; i++) {
      const v = col[i]!;
      if (v < min) min = v;
      else if (v > max) max = v;
    }
    const span = max - min + 1;
    if (span > INT_DICTIONARY_SPAN) return -1;
    if (this.local.length < span) this.local = new Int32Array(INT_DICTIONARY_SPAN);
    if (this.ids.length < n) this.ids = new Int32Array(n);
    if (this.used.length < Math.min(n, span)) this.used = new Int32Array(Math.max(Math.min(n, span), 2 * this.used.length));
    const { local, ids, used } = this;
    local.fill(-1, 0, span);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      let l = local[v - min]!;
      if (l < 0) {
        l = count;
        local[v - min] = count;
        used[count++] = v;
      }
      ids[i] = l;
    }
    const dictBytes = 4 * count + Math.ceil((n * bitWidth(count - 1)) / 8) + 8;
    if (dictBytes >= 4 * n) return -1;
    const dict = this.dict;
    dict.length = 0;
    const body = bytesOf(used.subarray(0, count));
    dict.reserve(body.length);
    dict.bytes.set(body);
    dict.length = body.length;
    return count;
  }
}
