// CSV tables with a header (Azure 2021, Huawei 2025, generic CSV) to common-format rows (SPEC §4).
import * as msg from './messages.ts';
import { InputError } from '../src/errors.ts';
import { FIELD_HASH, FIELD_NUMBER, PlainLine, scanPlainCsvLine } from './csv-bytes.ts';
import { parseDecimal, splitCsvLine } from './csv-line.ts';
import { ByteInterner } from '../traces/byte-interner.ts';
import { isUtf8 } from 'node:buffer';
import { keyProblem, LINE_KEPT, MAX_KEY_BYTES, LINE_REJECTED, LINE_SKIP, RowFields, type RowParser } from './row-parser.ts';
import type { TraceColumns } from '../traces/trace-csv.ts';
import { MAX_LINE_BYTES } from './line-source.ts';

/** Time unit of a column: seconds, milliseconds or microseconds. */
export type TimeUnit = 's' | 'ms' | 'us';

/** How the arrival is obtained: a column, or a completion time minus another column. */
export type ArrivalRule = { column: string } | { end: string; minus: string; minusUnit: TimeUnit };

/** Resolved rules of a table conversion; every name is a header column. */
export interface TableSpec {
  /** The header the format requires exactly (Azure 2021), or null to only require the referenced columns. */
  exactHeader: string[] | null;
  arrival: ArrivalRule;
  arrivalUnit: TimeUnit;
  duration: string;
  durationUnit: TimeUnit;
  keyColumns: string[];
  keyJoin: string;
  classColumn: string | null;
  sizeColumn: string | null;
}

/** Converts `x` in `unit` to milliseconds (microseconds are divided, so 1500 us is exactly 1.5 ms). */
export function toMs(x: number, unit: TimeUnit): number {
  return unit === 's' ? x * 1000 : unit === 'ms' ? x : x / 1000;
}

/**
 * Creates the line parser of a header-led CSV table for `file` (named in error messages). Plain lines (ASCII, no
 * quote, plain decimals) take a byte path that gives the same rows as the text path; `textOnly` turns it off
 * (the reference the byte path is tested against).
 */
export function createTableParser(spec: TableSpec, file: string, opts: { textOnly?: boolean } = {}): RowParser {
  return new TableParser(spec, file, opts.textOnly === true);
}

/** The literal of unit `u` (see TableParser's constructor). */
function unitLiteral(u: TimeUnit): TimeUnit {
  return u === 's' ? 's' : u === 'ms' ? 'ms' : 'us';
}

class TableParser extends RowFields implements RowParser {
  readonly columns: TraceColumns;
  private readonly spec: TableSpec;
  private readonly file: string;
  private width = -1;
  private iArrival = -1;
  private iEnd = -1;
  private iMinus = -1;
  private iDuration = -1;
  private iKeys: number[] = [];
  private iClass = -1;
  private iSize = -1;
  /** The plain-line fast path's roles and results per column (sized to the header's width once it is read). */
  private plain = new PlainLine([]);
  /** Key parts and classes of plain lines, interned from bytes (no string per row for a seen value). */
  private readonly keyParts = new ByteInterner();
  private readonly classNames = new ByteInterner();
  /** Joined keys of two-column keys by their part ids (bounded: a miss just builds the string). */
  private readonly pairKeys = new Map<number, string>();

  private readonly textOnly: boolean;
  /** See RowParser.raw: set by the plain path when both times are read in ms from their own columns. */
  readonly raw = Int32Array.of(-1, -1, -1, -1);
  /** Whether arrival and duration pass through unchanged (ms columns), so their text may be copied. */
  private readonly copyTimes: boolean;

  constructor(spec: TableSpec, file: string, textOnly: boolean) {
    super();
    // Units as this module's literals: a spec cloned to a conversion thread holds other strings equal to them, and `===`
    // would compare their characters on every row (toMs) instead of their identity.
    const arrival = 'column' in spec.arrival ? spec.arrival : { ...spec.arrival, minusUnit: unitLiteral(spec.arrival.minusUnit) };
    this.spec = { ...spec, arrival, arrivalUnit: unitLiteral(spec.arrivalUnit), durationUnit: unitLiteral(spec.durationUnit) };
    this.file = file;
    this.textOnly = textOnly;
    this.columns = { size: spec.sizeColumn !== null, class: spec.classColumn !== null };
    this.copyTimes = 'column' in spec.arrival && spec.arrivalUnit === 'ms' && spec.durationUnit === 'ms';
  }

  get ready(): boolean {
    return this.width > 0;
  }

  parse(buf: Uint8Array, start: number, end: number, line: number): number {
    this.raw[0] = -1;
    this.keyId = -1;
    if (this.width > 0 && end > start && !this.textOnly) {
      const r = this.parsePlain(buf, start, end);
      if (r >= 0) return r;
    }
    const bytes = Buffer.from(buf.buffer, buf.byteOffset + start, end - start);
    const text = bytes.toString('utf8');
    // A U+FFFD after decoding may be real text or a replaced invalid byte: only then check strictly.
    if (text.includes('\uFFFD') && !isUtf8(bytes)) {
      if (this.width < 0) throw new InputError(msg.convertHeaderNotUtf8(this.file, line));
      return this.reject('not_utf8', true);
    }
    if (this.width < 0) {
      if (text.trim() === '') return LINE_SKIP;
      this.readHeader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, line);
      return LINE_SKIP;
    }
    if (text === '') return LINE_SKIP;
    const f = splitCsvLine(text);
    if (f === null) return this.reject('bad_quote', true);
    if (f.length !== this.width) return this.reject('field_count', true);
    const dRaw = this.num(f, this.iDuration);
    if (!Number.isFinite(dRaw)) return LINE_REJECTED;
    let arrival: number;
    const s = this.spec;
    if ('column' in s.arrival) {
      const a = this.num(f, this.iArrival);
      if (!Number.isFinite(a)) return LINE_REJECTED;
      arrival = toMs(a, s.arrivalUnit);
    } else {
      const e = this.num(f, this.iEnd);
      if (!Number.isFinite(e)) return LINE_REJECTED;
      const m = this.iMinus === this.iDuration ? dRaw : this.num(f, this.iMinus);
      if (!Number.isFinite(m)) return LINE_REJECTED;
      // SPEC §4: arrival = (end − duration)·1000 — subtract in the source unit, then convert.
      arrival = s.arrival.minusUnit === s.arrivalUnit ? toMs(e - m, s.arrivalUnit) : toMs(e, s.arrivalUnit) - toMs(m, s.arrival.minusUnit);
    }
    const duration = toMs(dRaw, s.durationUnit);
    if (duration < 0) return this.reject('negative_duration');
    // Finite in the source unit, but ±Infinity (or Infinity − Infinity) once in ms: never written.
    if (!Number.isFinite(arrival) || !Number.isFinite(duration)) return this.reject('time_overflow', true);
    let key = f[this.iKeys[0]!]!;
    if (key === '') return this.reject('empty_key');
    for (let i = 1; i < this.iKeys.length; i++) {
      const part = f[this.iKeys[i]!]!;
      // A key part that is missing would merge unrelated producers under one key.
      if (part === '') return this.reject('empty_key');
      key += s.keyJoin + part;
    }
    const kept = this.keep(arrival, duration, key);
    if (kept !== LINE_KEPT) return kept;
    if (this.iClass >= 0) {
      const c = f[this.iClass]!;
      if (c.length > MAX_KEY_BYTES / 3 && Buffer.byteLength(c, 'utf8') > MAX_KEY_BYTES) return this.reject('class_too_long');
      this.cls = c;
    }
    if (this.iSize >= 0) {
      // A size that is missing or not a whole number of bytes is written as "no size", not a reject (SPEC §4).
      const z = parseDecimal(f[this.iSize]!.trim());
      this.size = Number.isSafeInteger(z) && z >= 0 ? z : Number.NaN;
    }
    return LINE_KEPT;
  }

  /**
   * The same rules as the text path for a plain line (ASCII, no quote, every number `-?digits[.digits]`), without
   * strings: returns LINE_KEPT or LINE_REJECTED, or -1 when the line is not plain (the text path decides then).
   */
  private parsePlain(buf: Uint8Array, start: number, end: number): number {
    const pl = this.plain;
    if (scanPlainCsvLine(buf, start, end, pl) !== this.width) return -1;
    const v = pl.values;
    const dRaw = v[this.iDuration]!;
    const s = this.spec;
    let arrival: number;
    if ('column' in s.arrival) arrival = toMs(v[this.iArrival]!, s.arrivalUnit);
    else {
      const e = v[this.iEnd]!;
      const m = v[this.iMinus]!;
      arrival = s.arrival.minusUnit === s.arrivalUnit ? toMs(e - m, s.arrivalUnit) : toMs(e, s.arrivalUnit) - toMs(m, s.arrival.minusUnit);
    }
    const duration = toMs(dRaw, s.durationUnit);
    if (duration < 0) return this.reject('negative_duration');
    const keys = this.iKeys;
    let key: string;
    /** A one-column key's id is its interned id (one per text); two-part keys have none. */
    let id = -1;
    if (keys.length <= 2) {
      const k0 = this.part(buf, keys[0]!);
      if (k0 < 0) return k0 === -2 ? this.reject('empty_key') : -1;
      if (keys.length === 1) {
        key = this.keyParts.strings[k0]!;
        id = k0;
      } else {
        const k1 = this.part(buf, keys[1]!);
        if (k1 < 0) return k1 === -2 ? this.reject('empty_key') : -1;
        const code = k0 * 0x200000 + k1;
        const cached = k0 < 0x200000 && k1 < 0x200000 ? this.pairKeys.get(code) : undefined;
        if (cached !== undefined) key = cached;
        else {
          key = this.keyParts.strings[k0]! + s.keyJoin + this.keyParts.strings[k1]!;
          if (this.pairKeys.size < 1 << 20 && k0 < 0x200000 && k1 < 0x200000) this.pairKeys.set(code, key);
        }
      }
    } else {
      return -1;
    }
    const kept = this.keep(arrival, duration, key);
    if (kept !== LINE_KEPT) return kept;
    this.keyId = id;
    const b = pl.bounds;
    if (this.iClass >= 0) {
      const from = b[this.iClass]!;
      const to = b[this.iClass + 1]! - 1;
      if (to - from > MAX_KEY_BYTES) return this.reject('class_too_long');
      this.cls = this.classNames.strings[this.classNames.intern(buf, from, to, pl.hashes[this.iClass]!)]!;
    }
    if (this.iSize >= 0) {
      // A size that is not a whole number of bytes is written as "no size", not a reject (SPEC §4).
      const z = v[this.iSize]!;
      this.size = Number.isSafeInteger(z) && z >= 0 ? z : Number.NaN;
    }
    if (this.copyTimes && pl.shortest[this.iArrival] === 1 && pl.shortest[this.iDuration] === 1) {
      const r = this.raw;
      r[0] = b[this.iArrival]!;
      r[1] = b[this.iArrival + 1]! - 1;
      r[2] = b[this.iDuration]!;
      r[3] = b[this.iDuration + 1]! - 1;
    }
    return LINE_KEPT;
  }

  overlong(_head: Uint8Array, _start: number, _end: number, line: number): number {
    if (this.width < 0) throw new InputError(msg.convertHeaderTooLong(this.file, line, MAX_LINE_BYTES));
    return this.reject('line_too_long');
  }

  /** Checks the key (SPEC §3 length) and holds the row's arrival, duration and key: LINE_KEPT, or the reject. */
  private keep(arrival: number, duration: number, key: string): number {
    const kp = keyProblem(key);
    if (kp !== null) return this.reject(kp);
    this.arrival = arrival;
    this.duration = duration;
    this.key = key;
    return LINE_KEPT;
  }

  /** The interned id of key field `i` of the current plain line; -2 when it is empty. */
  private part(buf: Uint8Array, i: number): number {
    const from = this.plain.bounds[i]!;
    const to = this.plain.bounds[i + 1]! - 1;
    if (to === from) return -2;
    return this.keyParts.intern(buf, from, to, this.plain.hashes[i]!);
  }

  /** Parses a numeric column; on failure sets the (malformed) reason and returns NaN. */
  private num(f: string[], i: number): number {
    const t = f[i]!.trim();
    const x = t === '' ? Number.NaN : parseDecimal(t);
    if (!Number.isFinite(x)) {
      this.reason = t === '' ? 'missing_value' : 'not_numeric';
      this.malformed = true;
    }
    return x;
  }

  private readHeader(text: string, line: number): void {
    const names = splitCsvLine(text);
    const s = this.spec;
    const shown = JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
    if (names === null) throw new InputError(msg.convertHeaderQuoting(this.file, line, shown));
    if (s.exactHeader !== null && names.join(',') !== s.exactHeader.join(',')) {
      throw new InputError(msg.convertHeaderNotExact(this.file, line, shown, s.exactHeader));
    }
    const index = new Map<string, number>();
    names.forEach((n, i) => {
      if (!index.has(n.trim())) index.set(n.trim(), i);
    });
    const missing: string[] = [];
    const col = (name: string): number => {
      const i = index.get(name);
      if (i === undefined) {
        missing.push(name);
        return -1;
      }
      return i;
    };
    if ('column' in s.arrival) this.iArrival = col(s.arrival.column);
    else {
      this.iEnd = col(s.arrival.end);
      this.iMinus = col(s.arrival.minus);
    }
    this.iDuration = col(s.duration);
    this.iKeys = s.keyColumns.map(col);
    if (s.classColumn !== null) this.iClass = col(s.classColumn);
    if (s.sizeColumn !== null) this.iSize = col(s.sizeColumn);
    if (missing.length > 0) {
      throw new InputError(msg.convertHeaderLacks(this.file, line, shown, [...new Set(missing)]));
    }
    this.width = names.length;
    const roles = new Uint8Array(names.length);
    for (const i of [this.iArrival, this.iEnd, this.iMinus, this.iDuration, this.iSize]) if (i >= 0) roles[i]! |= FIELD_NUMBER;
    for (const i of [...this.iKeys, this.iClass]) if (i >= 0) roles[i]! |= FIELD_HASH;
    this.plain = new PlainLine(roles);
  }

  private reject(reason: string, malformed = false): number {
    this.reason = reason;
    this.malformed = malformed;
    return LINE_REJECTED;
  }

  finish(): void {
    if (this.width < 0) throw new InputError(msg.convertCsvEmpty(this.file));
  }

  header(): undefined {
    return undefined;
  }
}
