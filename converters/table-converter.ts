// CSV tables with a header (Azure 2021, Huawei 2025, generic CSV) to common-format rows (SPEC §4).
import { atLocation, InputError } from '../src/errors.ts';
import { parseDecimal, splitCsvLine } from './csv-line.ts';
import { isUtf8 } from 'node:buffer';
import { keyProblem, LINE_KEPT, MAX_KEY_BYTES, LINE_REJECTED, LINE_SKIP, type RowParser } from './row-parser.ts';
import type { TraceColumns } from '../traces/trace-csv.ts';

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

/** Creates the line parser of a header-led CSV table for `file` (named in error messages). */
export function createTableParser(spec: TableSpec, file: string): RowParser {
  return new TableParser(spec, file);
}

class TableParser implements RowParser {
  readonly columns: TraceColumns;
  arrival = 0;
  duration = 0;
  key = '';
  cls = '';
  size = Number.NaN;
  reason = '';
  malformed = false;
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

  constructor(spec: TableSpec, file: string) {
    this.spec = spec;
    this.file = file;
    this.columns = { size: spec.sizeColumn !== null, class: spec.classColumn !== null };
  }

  parse(buf: Uint8Array, start: number, end: number, line: number): number {
    const bytes = Buffer.from(buf.buffer, buf.byteOffset + start, end - start);
    const text = bytes.toString('utf8');
    // A U+FFFD after decoding may be real text or a replaced invalid byte: only then check strictly.
    if (text.includes('\uFFFD') && !isUtf8(bytes)) {
      if (this.width < 0) throw new InputError(atLocation(this.file, line, 'the header is not UTF-8 text (binary data?)', 'a CSV header line'));
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
    if (!Number.isFinite(arrival) || !Number.isFinite(duration)) return this.reject('not_numeric', true);
    let key = f[this.iKeys[0]!]!;
    if (key === '') return this.reject('empty_key');
    for (let i = 1; i < this.iKeys.length; i++) {
      const part = f[this.iKeys[i]!]!;
      // A key part that is missing would merge unrelated producers under one key.
      if (part === '') return this.reject('empty_key');
      key += s.keyJoin + part;
    }
    const kp = keyProblem(key);
    if (kp !== null) return this.reject(kp);
    this.arrival = arrival;
    this.duration = duration;
    this.key = key;
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
    if (names === null) throw new InputError(atLocation(this.file, line, `header line ${shown} has malformed quoting`, 'a CSV header'));
    if (s.exactHeader !== null && names.join(',') !== s.exactHeader.join(',')) {
      throw new InputError(atLocation(this.file, line, `header is ${shown}`, `exactly "${s.exactHeader.join(',')}"`, 'is this the right format? a file without a header is not accepted'));
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
      throw new InputError(atLocation(this.file, line, `header ${shown} lacks column(s) ${[...new Set(missing)].join(', ')}`, 'a header naming every column the conversion uses', 'choose columns with --arrival/--end/--duration/--key/--class/--size'));
    }
    this.width = names.length;
  }

  private reject(reason: string, malformed = false): number {
    this.reason = reason;
    this.malformed = malformed;
    return LINE_REJECTED;
  }

  finish(): void {
    if (this.width < 0) throw new InputError(atLocation(this.file, undefined, 'is empty (no header line)', 'a CSV file with a header line and data rows'));
  }

  header(): undefined {
    return undefined;
  }
}
